import { type TFunction, translateKey } from '@/shared/i18n/i18n';

/** The translated name and description of an event type; the server's for a type the app does not know. */
export function eventTypeText(t: TFunction, type: { name: string; note?: string }): { name: string; note: string } {
  const key = `notifications.types.${type.name}`;
  return {
    name: translateKey(t, `${key}.name`, { defaultValue: type.name }),
    note: translateKey(t, `${key}.note`, { defaultValue: type.note ?? '' }),
  };
}

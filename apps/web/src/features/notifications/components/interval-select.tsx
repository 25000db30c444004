import { NOTIFICATION_INTERVAL_VALUES, type NotificationInterval } from '@atrium/contracts';
import { NativeSelect } from '@mantine/core';
import { translateKey } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * The interval of one event type: -1 Disabled, 1 Immediately, 2 Once A Day, 3 Once A Week, 4 Once A
 * Moth (the spec's values and English words). A native select: keyboard and screen readers know it.
 */
export function IntervalSelect({
  value,
  label,
  disabled,
  onChange,
}: {
  value: NotificationInterval;
  /** The accessible name: which event type it sets. */
  label: string;
  disabled?: boolean;
  onChange: (value: NotificationInterval) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={label}
      value={String(value)}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.currentTarget.value) as NotificationInterval)}
      data={NOTIFICATION_INTERVAL_VALUES.map((v) => ({
        value: String(v),
        label: translateKey(t, `notifications.intervals.${v}`, { defaultValue: String(v) }),
      }))}
      miw={170}
    />
  );
}

import { type TFunction, translateKey } from '@/shared/i18n/i18n';

/**
 * How a tenant's feature is named to people: the title the tenant gave it, else the feature's name
 * in the user's language; the catalogue name ('TimeLogs') only when no translation exists.
 */
export const featureTitle = (t: TFunction, feature: { name: string; customTitle?: string | null }) =>
  feature.customTitle?.trim() || translateKey(t, `feature.${feature.name}`, { defaultValue: feature.name });

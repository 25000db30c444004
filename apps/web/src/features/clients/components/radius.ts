import { radiusOptionOf, radiusOptionsFor } from '@atrium/contracts';
import type { TFunction } from '@/shared/i18n/i18n';

/** A stored radius as people read it: '5 km', '3 mi', or metres when it is not an option. */
export function radiusLabel(t: TFunction, metres: number): string {
  const option = radiusOptionOf(metres);
  if (!option) return t('clients.radius.metres', { value: metres });
  return option.unit === 'km'
    ? t('clients.radius.km', { value: option.amount })
    : t('clients.radius.miles', { value: option.amount });
}

/**
 * The radius select's options in the tenant's unit (values are metres as strings). A location saved in
 * the other unit keeps its radius as an extra option, so showing it changes nothing.
 */
export function radiusSelectData(t: TFunction, useKmAsValues: boolean, current: number | null) {
  const data = radiusOptionsFor(useKmAsValues).map((o) => ({
    value: String(o.metres),
    label: radiusLabel(t, o.metres),
  }));
  if (current !== null && !data.some((d) => Number(d.value) === current)) {
    data.unshift({ value: String(current), label: radiusLabel(t, current) });
  }
  return data;
}

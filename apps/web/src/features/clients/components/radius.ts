import { radiusOptionOf, radiusOptionsFor } from '@atrium/contracts';
import { i18n, LOCALES, type TFunction } from '@/shared/i18n/i18n';

const METRES_PER_MILE = 1609.344;

/** A stored radius as people read it: '5 km', '3 mi', or metres when it is not an option. */
export function radiusLabel(t: TFunction, metres: number): string {
  const option = radiusOptionOf(metres);
  if (!option) return t('clients.radius.metres', { value: metres });
  return option.unit === 'km'
    ? t('clients.radius.km', { value: option.amount })
    : t('clients.radius.miles', { value: option.amount });
}

/** A radius in the tenant's unit, to one decimal in the user's number format ('3.1 mi', '3,1 mi'). */
function inUnit(t: TFunction, useKmAsValues: boolean, metres: number): string {
  const value = new Intl.NumberFormat(LOCALES[i18n.language], { maximumFractionDigits: 1 }).format(
    useKmAsValues ? metres / 1000 : metres / METRES_PER_MILE,
  );
  return useKmAsValues ? t('clients.radius.km', { value }) : t('clients.radius.miles', { value });
}

/**
 * The radius select's options in the tenant's unit (values are metres as strings). A location saved in
 * the other unit keeps its radius as an extra option, so showing it changes nothing; it reads in the
 * tenant's unit first ('3.1 mi (5 km)'), so it does not pass for one of that unit's options.
 */
export function radiusSelectData(t: TFunction, useKmAsValues: boolean, current: number | null) {
  const data = radiusOptionsFor(useKmAsValues).map((o) => ({
    value: String(o.metres),
    label: radiusLabel(t, o.metres),
  }));
  if (current !== null && !data.some((d) => Number(d.value) === current)) {
    data.unshift({
      value: String(current),
      label: `${inUnit(t, useKmAsValues, current)} (${radiusLabel(t, current)})`,
    });
  }
  return data;
}

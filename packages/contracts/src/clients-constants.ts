// The clients module's limits, fill colours, radius options and sorts, without zod: the client lists need
// these, not the schemas (issue 48).

/** Lengths of the clients module's text fields. */
export const CLIENT_LIMITS = {
  titleMax: 200,
  textMax: 500,
  longTextMax: 4000,
  /** Answers of GET /companies/search/{text}. */
  searchTake: 20,
  /** Locations the map of one client draws (one customLoadPage call). */
  mapLocationsMax: 200,
} as const;

/** A client's fill colours, spelled as the spec spells them ('Purple' included). */
export const FILL_COLORS = [
  'red',
  'blue',
  'green',
  'gray',
  'orange',
  'pink',
  'yellow',
  'magenta',
  'Purple',
  'lime',
] as const;
export type FillColor = (typeof FILL_COLORS)[number];

/** Metres in a mile. */
export const MILE_METRES = 1609.344;
const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/**
 * Location radius options (spec part 2 §9), stored in metres with two decimals: miles 3..15
 * (4828.03..24140.16 m) or, when the tenant's map info says kilometres, 0.5..15 km (500..15000 m).
 */
export const RADIUS_OPTIONS = {
  miles: [3, 4, 5, 6, 7, 8, 9, 10, 12, 15].map((amount) => ({ amount, metres: twoDecimals(amount * MILE_METRES) })),
  km: [0.5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15].map((amount) => ({ amount, metres: amount * 1000 })),
} as const;
export type RadiusUnit = keyof typeof RADIUS_OPTIONS;
export type RadiusOption = { amount: number; metres: number };

/** The options a tenant's location form offers. */
export const radiusOptionsFor = (useKmAsValues: boolean): readonly RadiusOption[] =>
  useKmAsValues ? RADIUS_OPTIONS.km : RADIUS_OPTIONS.miles;

/**
 * Whether a radius in metres is one of the table's. Both units are accepted whatever the tenant uses
 * now: switching the unit must not make the tenant's saved locations invalid.
 */
export const isRadiusOption = (metres: number) =>
  RADIUS_OPTIONS.km.some((o) => o.metres === metres) || RADIUS_OPTIONS.miles.some((o) => o.metres === metres);

/** The option (and its unit) of a stored radius, if it is one. */
export function radiusOptionOf(metres: number): (RadiusOption & { unit: RadiusUnit }) | undefined {
  const km = RADIUS_OPTIONS.km.find((o) => o.metres === metres);
  if (km) return { ...km, unit: 'km' };
  const miles = RADIUS_OPTIONS.miles.find((o) => o.metres === metres);
  return miles && { ...miles, unit: 'miles' };
}

/** The list's sorts: Name and Updated Date (spec part 2 §2). */
export const COMPANY_SORTS = ['title', 'updatedAt'] as const;

/** Sorts of a client's locations: Title, Address. */
export const LOCATION_SORTS = ['title', 'address'] as const;

/** Sorts of a client's contacts: Name, Email. */
export const CONTACT_SORTS = ['name', 'email'] as const;

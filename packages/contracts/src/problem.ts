import { z } from 'zod';

/** RFC 9457 problem details, as every error answer carries them. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** The path the problem occurred at. */
  instance: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** Answer shape of every paged list. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  take: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.string().max(50).optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().max(200).optional(),
});
/**
 * Zones this runtime has accepted, lower-cased as Intl matches them. Asking Intl costs about 77 µs (it
 * builds a formatter), and the web app sends its zone with every tenants list request; only accepted
 * names are kept, and the runtime knows a few hundred, so the set stays small whatever callers send.
 */
const knownZones = new Set<string>();

function isKnownZone(zone: string) {
  const key = zone.toLowerCase();
  if (knownZones.has(key)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return false;
  }
  knownZones.add(key);
  return true;
}

/**
 * The caller's IANA time zone (as the browser reports it), for a search on a date as the caller sees
 * it. Checked against the zones this runtime knows, so the database never sees an unknown name.
 */
export const timeZoneSchema = z
  .string()
  .max(64)
  // A name, not an offset: PostgreSQL reads '+01:00' as POSIX, with the sign the other way round.
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'invalid')
  .refine(isKnownZone, 'invalid');

/** A paged list's query as the web app keeps it: every field set, the sort one of the list's columns. */
export type ListParams<S extends string = string> = Omit<Required<z.infer<typeof pageQuerySchema>>, 'sort'> & {
  sort: S;
};

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), take: z.number().int() });

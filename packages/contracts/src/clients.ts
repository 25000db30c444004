import { z } from 'zod';
import {
  CLIENT_LIMITS,
  COMPANY_SORTS,
  CONTACT_SORTS,
  FILL_COLORS,
  isRadiusOption,
  LOCATION_SORTS,
  RADIUS_OPTIONS,
} from './clients-constants.js';
import { EARLIEST_DATE, LATEST_DATE } from './constants.js';
import { plainText } from './plain-text.js';
import { pageOf, pageQuerySchema } from './problem.js';

export * from './clients-constants.js';

const required = (max: number) => plainText({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');
/** An optional text: empty or absent is stored as null. */
const optionalText = (max: number) =>
  plainText()
    .trim()
    .max(max, 'tooLong')
    .nullish()
    .transform((v) => v || null);
const coordinate = (limit: number) =>
  z
    .number({ error: 'notANumber' })
    .min(-limit, 'outOfRange')
    .max(limit, 'outOfRange')
    .nullish()
    .transform((v) => v ?? null);

/** Client fields of postCompany and updateCompany (spec part 2 §3). */
const companyFields = {
  title: required(CLIENT_LIMITS.titleMax),
  description: optionalText(CLIENT_LIMITS.longTextMax),
  address: optionalText(CLIENT_LIMITS.textMax),
  longitude: coordinate(180),
  latitude: coordinate(90),
  /** A calendar date; the web app sends it absent when the field is empty (spec part 2 §5). */
  clientSince: z.iso
    .date('invalidDate')
    .refine((date) => date >= EARLIEST_DATE && date <= LATEST_DATE, 'invalidDate')
    .nullish()
    .transform((v) => v ?? null),
  acquiredBy: optionalText(CLIENT_LIMITS.textMax),
  aeAdvisor: z.boolean().default(false),
  clientCode: optionalText(CLIENT_LIMITS.textMax),
  pricing: optionalText(CLIENT_LIMITS.textMax),
  notes: optionalText(CLIENT_LIMITS.longTextMax),
  fillColor: z
    .enum(FILL_COLORS, { error: 'unknownColor' })
    .nullish()
    .transform((v) => v ?? null),
  invoice: z
    .object({ billTo: optionalText(CLIENT_LIMITS.textMax), email: optionalText(CLIENT_LIMITS.textMax) })
    .nullish()
    .transform((v) => (v && (v.billTo || v.email) ? v : null)),
};

/** POST /companies/postCompany. */
export const companyBodySchema = z.object(companyFields);
export type CompanyBodyInput = z.input<typeof companyBodySchema>;
export type CompanyBody = z.output<typeof companyBodySchema>;

/** PATCH /companies/updateCompany: the client's id and every field. */
export const companyUpdateBodySchema = z.object({ id: z.uuid(), ...companyFields });
export type CompanyUpdateBody = z.output<typeof companyUpdateBodySchema>;

/** One client, as loadOneCompany answers it; the counts say what a delete takes with it. */
export const companySchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  clientSince: z.string().nullable(),
  acquiredBy: z.string().nullable(),
  aeAdvisor: z.boolean(),
  clientCode: z.string().nullable(),
  pricing: z.string().nullable(),
  notes: z.string().nullable(),
  fillColor: z.enum(FILL_COLORS).nullable(),
  invoice: z.object({ id: z.uuid(), billTo: z.string().nullable(), email: z.string().nullable() }).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  contactsCount: z.number().int(),
  locationsCount: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

/** One row of GET /companies. */
export const companyListItemSchema = companySchema.pick({
  id: true,
  title: true,
  address: true,
  clientCode: true,
  fillColor: true,
  updatedAt: true,
  contactsCount: true,
  locationsCount: true,
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

export type CompanySort = (typeof COMPANY_SORTS)[number];
export const companyListQuerySchema = pageQuerySchema.extend({ sort: z.enum(COMPANY_SORTS).default('title') });
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
export const companyPageSchema = pageOf(companyListItemSchema);

/** A client as search/{text} and loadAll name it. */
export const companyOptionSchema = z.object({ id: z.uuid(), title: z.string() });
export const companySearchParamsSchema = z.object({ text: z.string().trim().min(1, 'required').max(200, 'tooLong') });

/** What DELETE /companies/{id} removed. */
export const companyDeletedSchema = z.object({ id: z.uuid(), contacts: z.number().int(), locations: z.number().int() });

/** GET /companies/loadMapInfo: the tenant's unit and where map tiles come from (none configured: null). */
export const mapInfoSchema = z.object({
  useKmAsValues: z.boolean(),
  tileUrl: z.string().nullable(),
  tileAttribution: z.string().nullable(),
});
export type MapInfo = z.infer<typeof mapInfoSchema>;
export const mapInfoBodySchema = z.object({ useKmAsValues: z.boolean({ error: 'required' }) });

/** One of the options' metres, an enum in the document (both units: see isRadiusOption). */
const RADIUS_METRES = [...RADIUS_OPTIONS.km, ...RADIUS_OPTIONS.miles].map((o) => o.metres);
const radius = z
  .literal(RADIUS_METRES, { error: (issue) => (typeof issue.input === 'number' ? 'unknownRadius' : 'notANumber') })
  .nullish()
  .transform((v) => v ?? null);

const locationFields = {
  title: required(CLIENT_LIMITS.titleMax),
  address: optionalText(CLIENT_LIMITS.textMax),
  latitude: coordinate(90),
  longitude: coordinate(180),
  /** Metres, one of RADIUS_OPTIONS. */
  radius,
};
/** POST /companyLocations/postLocation. */
export const locationBodySchema = z.object({ companyId: z.uuid(), ...locationFields });
export type LocationBody = z.output<typeof locationBodySchema>;
/** PUT /companyLocations/updateLocation. */
export const locationUpdateBodySchema = z.object({ id: z.uuid(), ...locationFields });
export type LocationUpdateBody = z.output<typeof locationUpdateBodySchema>;
/** PATCH /companies/UpdateLocationRadius. */
export const locationRadiusBodySchema = z.object({
  id: z.uuid(),
  radius: z.number({ error: 'notANumber' }).refine(isRadiusOption, 'unknownRadius'),
});

export const locationSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  title: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Location = z.infer<typeof locationSchema>;
export const locationPageSchema = pageOf(locationSchema);

export type LocationSort = (typeof LOCATION_SORTS)[number];
export const locationListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(LOCATION_SORTS).default('title'),
  clientId: z.uuid(),
});
export type LocationListQuery = z.infer<typeof locationListQuerySchema>;

const contactFields = {
  companyId: z.uuid(),
  name: required(CLIENT_LIMITS.titleMax),
  // Required, with no format check (spec part 2 §5).
  email: required(CLIENT_LIMITS.textMax),
  phoneNumber: optionalText(100),
};
/** POST /contacts/postContact. */
export const contactBodySchema = z.object(contactFields);
export type ContactBody = z.output<typeof contactBodySchema>;
/** PUT /contacts/updateContact. */
export const contactUpdateBodySchema = z.object({ id: z.uuid(), ...contactFields });
export type ContactUpdateBody = z.output<typeof contactUpdateBodySchema>;

export const contactSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactPageSchema = pageOf(contactSchema);

export type ContactSort = (typeof CONTACT_SORTS)[number];
export const contactListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(CONTACT_SORTS).default('name'),
  clientId: z.uuid(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

import { z } from 'zod';
import { plainText } from './plain-text.js';
import { pageOf, pageQuerySchema, timeZoneSchema } from './problem.js';
import { customTenantPropertiesSchema, FONT_OPTIONS, HEX_COLOUR } from './tenant.js';

/** Limits of the tenant form and its uploads. */
export const TENANT_LIMITS = {
  nameMax: 200,
  textMax: 2000,
  /** Largest logo or mobile logo, in bytes. */
  logoMaxBytes: 1024 * 1024,
  /** File types a logo may have (checked by content on the server). */
  logoTypes: ['png', 'jpg', 'svg', 'ico'] as const,
  cloneTitleMax: 200,
} as const;

/**
 * preferedUrl must be empty, start with http:// or https://, or start with the host Atrium is served
 * from (e.g. `atrium.example.com/portal`); otherwise the spec's 'putHttps'. Spaces are never allowed.
 */
export function isPreferedUrl(value: string, host?: string): boolean {
  const v = value.trim().toLowerCase();
  if (v === '') return true;
  if (/\s/.test(v)) return false;
  if (/^https?:\/\/./.test(v)) return true;
  const h = host?.trim().toLowerCase();
  // The host must end where a path, query or fragment begins: `example.com.evil.test` is not `example.com`.
  return !!h && v.startsWith(h) && (v.length === h.length || '/?#'.includes(v[h.length]!));
}

/** Each id once, in the order first given: naming an id twice means the same as naming it once. */
const unique = <T>(items: T[]) => [...new Set(items)];

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional free text: trimmed, and an empty string becomes null. */
const optionalText = (max: number = TENANT_LIMITS.textMax) =>
  z.preprocess(emptyToNull, plainText().trim().max(max, 'tooLong').nullable().optional());

/** maxUsersCanCreate / maxTenantsCanCreate: digits only, minimum 0, empty means none. */
export const limitSchema = z.preprocess((v) => {
  const e = emptyToNull(v);
  return typeof e === 'string' && /^\d+$/.test(e.trim()) ? Number(e.trim()) : e;
}, z
  .number({ error: 'digitsOnly' })
  .int('digitsOnly')
  .min(0, 'minimum0')
  .max(1_000_000_000, 'tooLarge')
  .nullable()
  .optional());

const colourField = z.preprocess(emptyToNull, z.string().regex(HEX_COLOUR, 'invalidHexColour').nullable().optional());

/** The theme as the tenant form sends it: empty colours and font become null, the 'default' font is stored as none. */
export const customTenantPropertiesBodySchema = z.object({
  primaryColor: colourField,
  secondaryColor: colourField,
  backgroundColor: colourField,
  menuBackgroundColor: colourField,
  appThemeColor: colourField,
  fontFamily: z.preprocess(
    (v) => (v === 'default' ? null : emptyToNull(v)),
    z.enum(FONT_OPTIONS, { error: 'unknownFont' }).nullable().optional(),
  ),
  chatGPTForTenant: z.boolean().optional(),
  chatGPTForCoach: z.boolean().optional(),
  speechToText: z.boolean().optional(),
  liveAvatar: z.boolean().optional(),
});

/** Where an uploaded logo is served from; a tenant may only point at files uploaded here. */
export const MEDIA_PATH = /^\/core\/api\/media\/[0-9a-f-]{36}\.(png|jpg|svg|ico)$/;

/**
 * POST /tenants and PUT /tenants/{id}: the Tenant entity's fields (spec part 1 §3, §5). `host` is the
 * host Atrium is served from, which a preferedUrl may start with instead of http(s)://.
 */
export const tenantBodySchemaFor = (host?: string) =>
  z
    .object({
      name: plainText({ error: 'required' }).trim().min(1, 'required').max(TENANT_LIMITS.nameMax, 'tooLong'),
      cvr: optionalText(50),
      address: optionalText(),
      mainMail: z.preprocess(emptyToNull, z.string().trim().email('invalidEmail').nullable().optional()),
      remarks: optionalText(),
      phoneNumber: optionalText(50),
      mapZoom: z.number().int('invalidNumber').min(0).max(22).nullable().optional(),
      startingAddress: optionalText(),
      startingLat: z.number().min(-90).max(90).nullable().optional(),
      startingLng: z.number().min(-180).max(180).nullable().optional(),
      showCalendarAsList: z.boolean().default(false),
      useKmAsValues: z.boolean().default(true),
      allowUnauthorizedAccess: z.boolean().default(false),
      /** Its users must turn on two-factor sign-in (issue 31): those without are led through it at sign-in. */
      requireTwoFactor: z.boolean().default(false),
      tenantDocumentId: z.uuid().nullable().optional(),
      preferedUrl: z.preprocess(
        emptyToNull,
        z
          .string()
          .trim()
          .max(2000, 'tooLong')
          .refine((v) => isPreferedUrl(v, host), 'putHttps')
          .nullable()
          .optional(),
      ),
      isPartnerTenant: z.boolean().default(false),
      maxUsersCanCreate: limitSchema,
      maxTenantsCanCreate: limitSchema,
      logoMediaFile: z.preprocess(emptyToNull, z.string().regex(MEDIA_PATH, 'unknownMediaFile').nullable().optional()),
      mobileLogoMediaFile: z.preprocess(
        emptyToNull,
        z.string().regex(MEDIA_PATH, 'unknownMediaFile').nullable().optional(),
      ),
      userIds: z
        .array(z.uuid(), { error: 'selectAtLeastOneUser' })
        .min(1, 'selectAtLeastOneUser')
        .max(10_000)
        .transform(unique),
      featureIds: z.array(z.uuid()).max(100).transform(unique).default([]),
      mobileFeatureIds: z.array(z.uuid()).max(100).transform(unique).default([]),
      customTenantProperties: customTenantPropertiesBodySchema.nullable().optional(),
    })
    .superRefine((t, ctx) => {
      // The mobile menu can only offer features the tenant has.
      t.mobileFeatureIds.forEach((id, i) => {
        if (!t.featureIds.includes(id)) {
          ctx.addIssue({ code: 'custom', path: ['mobileFeatureIds', i], message: 'mobileFeatureNotChosen' });
        }
      });
    })
    .transform((t) =>
      // The limits only mean something for a partner tenant: unticking clears them.
      t.isPartnerTenant ? t : { ...t, maxUsersCanCreate: null, maxTenantsCanCreate: null },
    );
/** The tenant body for any host: a preferedUrl then has to start with http(s)://. */
export const tenantBodySchema = tenantBodySchemaFor();
export type TenantBodyInput = z.input<typeof tenantBodySchema>;
export type TenantBody = z.output<typeof tenantBodySchema>;

/** A feature of a tenant: its catalogue name, and the title the tenant gave it (null: none). */
export const featureRefSchema = z.object({ id: z.uuid(), name: z.string(), customTitle: z.string().nullable() });

/** GET /tenants/{id}. */
export const tenantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  cvr: z.string().nullable(),
  address: z.string().nullable(),
  mainMail: z.string().nullable(),
  remarks: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  mapZoom: z.number().nullable(),
  startingAddress: z.string().nullable(),
  startingLat: z.number().nullable(),
  startingLng: z.number().nullable(),
  features: z.array(featureRefSchema),
  featureIds: z.array(z.uuid()),
  mobileFeatureIds: z.array(z.uuid()),
  showCalendarAsList: z.boolean(),
  useKmAsValues: z.boolean(),
  allowUnauthorizedAccess: z.boolean(),
  requireTwoFactor: z.boolean(),
  tenantDocumentId: z.uuid().nullable(),
  pageHtml: z.string().nullable(),
  preferedUrl: z.string().nullable(),
  isPartnerTenant: z.boolean(),
  maxUsersCanCreate: z.number().nullable(),
  maxTenantsCanCreate: z.number().nullable(),
  partnerTenantId: z.uuid().nullable(),
  logoMediaFile: z.string().nullable(),
  mobileLogoMediaFile: z.string().nullable(),
  userIds: z.array(z.uuid()),
  countOfUsers: z.number().int(),
  createdAt: z.date(),
  /** The caller's active tenant. */
  tenantId: z.uuid().nullable(),
  customTenantProperties: customTenantPropertiesSchema.nullable(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** One row of GET /tenants. */
export const tenantListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  countOfUsers: z.number().int(),
  createdAt: z.iso.datetime(),
  isPartnerTenant: z.boolean(),
});
export type TenantListItem = z.infer<typeof tenantListItemSchema>;

export const TENANT_SORTS = ['name', 'createdAt'] as const;
export type TenantSort = (typeof TENANT_SORTS)[number];
export const tenantListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TENANT_SORTS).default('name'),
  /** The zone the created dates are shown in, which a date-like search matches (default UTC). */
  tz: timeZoneSchema.default('UTC'),
});
export const tenantPageSchema = pageOf(tenantListItemSchema);

export const cloneTenantBodySchema = z.object({
  title: plainText({ error: 'required' }).trim().min(1, 'required').max(TENANT_LIMITS.cloneTitleMax, 'tooLong'),
});

/** A tenant option of a select (spec: label, value). */
export const tenantDatalistItemSchema = z.object({ value: z.uuid(), label: z.string() });
export type TenantDatalistItem = z.infer<typeof tenantDatalistItemSchema>;

/** One feature of the catalogue as a tenant has it (GET /tenants/{id}/features). */
export const tenantFeatureSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  selected: z.boolean(),
  mobile: z.boolean(),
  customTitle: z.string().nullable(),
  customDescription: z.string().nullable(),
});
export type TenantFeature = z.infer<typeof tenantFeatureSchema>;

/** POST /tenants/media: where the uploaded logo is now served. */
export const mediaUploadResultSchema = z.object({ path: z.string() });

/** The tenant form's logo fields; an upload names the one it is for. */
export const LOGO_FIELDS = ['logoMediaFile', 'mobileLogoMediaFile'] as const;
export type LogoFieldName = (typeof LOGO_FIELDS)[number];

/**
 * POST /tenants/media?field=...: the field the logo is for. A newer upload for the same field replaces
 * the caller's older one that no tenant shows yet.
 */
export const logoUploadQuerySchema = z.object({
  field: z.enum(LOGO_FIELDS, { error: 'unknownField' }).default('logoMediaFile'),
});

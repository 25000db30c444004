import type { CustomTenantProperties } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';

export const tenants = pgTable(
  'tenants',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** lower(name), stored: the list searches and sorts on it without calling lower() per row (migration 0020). */
    nameKey: text().generatedAlwaysAs(sql`lower(name)`),
    cvr: text(),
    address: text(),
    mainMail: text(),
    remarks: text(),
    phoneNumber: text(),
    mapZoom: integer(),
    startingAddress: text(),
    startingLat: doublePrecision(),
    startingLng: doublePrecision(),
    showCalendarAsList: boolean().notNull().default(false),
    useKmAsValues: boolean().notNull().default(true),
    allowUnauthorizedAccess: boolean().notNull().default(false),
    /** Users signing in to this tenant must use two-factor sign-in (issue 31). */
    requireTwoFactor: boolean().notNull().default(false),
    tenantDocumentId: uuid(),
    pageHtml: text(),
    preferedUrl: text(),
    isPartnerTenant: boolean().notNull().default(false),
    maxUsersCanCreate: integer(),
    maxTenantsCanCreate: integer(),
    /** The partner tenant that created and runs this tenant, if any. */
    partnerTenantId: uuid().references((): AnyPgColumn => tenants.id, { onDelete: 'set null' }),
    logoMediaFile: text(),
    mobileLogoMediaFile: text(),
    customTenantProperties: jsonb().$type<CustomTenantProperties>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('tenants_name_idx').on(sql`lower(${t.name})`),
    index('tenants_created_at_idx').on(t.createdAt),
    index('tenants_partner_idx').on(t.partnerTenantId),
    // No two live tenants share a name, whatever its case or surrounding spaces (every selector lists them by name).
    uniqueIndex('tenants_live_name_key').on(sql`lower(trim(${t.name}))`).where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Live tenants per partner tenant (null: tenants run by no partner), kept by a trigger on tenants
 * (migration 0006). The tenants list reads its total here: one row, not a count of every tenant.
 */
export const tenantCounts = pgTable(
  'tenant_counts',
  {
    partnerTenantId: uuid(),
    live: integer().notNull(),
  },
  (t) => [unique('tenant_counts_partner_key').on(t.partnerTenantId).nullsNotDistinct()],
);

/**
 * Live members per tenant: memberships of users who are not deleted. Kept exact by triggers on
 * tenant_memberships and users (migration 0020), so that the tenants list reads each row's
 * countOfUsers from one row instead of counting the tenant's memberships.
 */
export const tenantMemberCounts = pgTable('tenant_member_counts', {
  tenantId: uuid()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  live: integer().notNull(),
});

/** The catalogue of features a tenant can be given. */
export const features = pgTable('features', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull().unique(),
});

/** A feature switched on for a tenant, with the tenant's own menu title and description. */
export const tenantFeatures = pgTable(
  'tenant_features',
  {
    tenantId: cascadeTo(() => tenants.id),
    featureId: cascadeTo(() => features.id),
    /** Also offered in the mobile bottom menu. */
    mobile: boolean().notNull().default(false),
    customTitle: text(),
    customDescription: text(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.featureId] })],
);

import type { FillColor } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';

/** A client's invoice details: kept with the client (1:1), with an id of its own as the spec shows it. */
export type Invoice = { id: string; billTo: string | null; email: string | null };

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A tenant's clients (the spec's companies). */
export const companies = pgTable(
  'companies',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    title: text().notNull(),
    description: text(),
    address: text(),
    longitude: doublePrecision(),
    latitude: doublePrecision(),
    clientSince: date({ mode: 'string' }),
    acquiredBy: text(),
    aeAdvisor: boolean().notNull().default(false),
    clientCode: text(),
    pricing: text(),
    notes: text(),
    fillColor: text().$type<FillColor>(),
    invoice: jsonb().$type<Invoice>(),
    /**
     * The client's contacts and locations, kept exact by triggers on those tables (migration 0021),
     * so that a page of the list reads them with its rows instead of counting for each row.
     */
    contactsCount: integer().notNull().default(0),
    locationsCount: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // The list's two orders within a tenant; the title search has a trigram index (custom migration).
    // title itself closes the key so that a page's ids come from an index-only scan (decision 021).
    index('companies_tenant_title_idx').on(t.tenantId, sql`lower(${t.title})`, t.id, t.title),
    index('companies_tenant_updated_idx').on(t.tenantId, t.updatedAt, t.id),
    tenantOwned(),
  ],
);

/**
 * Clients per tenant, kept exact by a trigger in the same transaction as each insert and delete
 * (migration 0018), so that the unsearched list reads its total from one row instead of counting
 * every client of the tenant on every page.
 */
export const companyCounts = pgTable(
  'company_counts',
  {
    tenantId: uuid()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    live: integer().notNull(),
  },
  () => [tenantOwned()],
);

/** A client's locations, each with an optional radius in metres (one of RADIUS_OPTIONS). */
export const companyLocations = pgTable(
  'company_locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    companyId: cascadeTo(() => companies.id),
    title: text().notNull(),
    address: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    radius: numeric({ precision: 8, scale: 2, mode: 'number' }),
    ...timestamps,
  },
  (t) => [index('company_locations_company_idx').on(t.companyId, sql`lower(${t.title})`, t.id), tenantOwned()],
);

/** A client's contact people. */
export const companyContacts = pgTable(
  'company_contacts',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    companyId: cascadeTo(() => companies.id),
    name: text().notNull(),
    email: text().notNull(),
    phoneNumber: text(),
    ...timestamps,
  },
  (t) => [index('company_contacts_company_idx').on(t.companyId, sql`lower(${t.name})`, t.id), tenantOwned()],
);

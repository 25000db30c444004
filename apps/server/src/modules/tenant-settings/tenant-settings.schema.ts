import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';

/**
 * A tenant's home content (spec part 2 §3 "Tenant home content"): one row per tenant, written by those
 * who run the tenant (/tenants/html/{id}) and shown on the tenant's /home. Rich text is stored sanitized.
 * Tenant-owned: forced row-level security (migration tenant_settings_rls).
 */
export const tenantHomeContent = pgTable(
  'tenant_home_content',
  {
    tenantId: uuid()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    headline: text(),
    /** The logo's media path, and its compressed copies 320 and 800 px wide (null where none was made). */
    logoMediaFile: text(),
    logoMediaFile320: text(),
    logoMediaFile800: text(),
    pageHtml: text(),
    pageHtml2: text(),
    descriptionMobile: text(),
    videoUrl: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [tenantOwned()],
);

import { type SQL, sql } from 'drizzle-orm';
import { pgPolicy } from 'drizzle-orm/pg-core';

/**
 * The rows a session may see and write in a tenant-owned table (decision 016): its signed tenant's, or
 * every tenant's in signed cross-tenant work (migration 0022's functions, read once per statement).
 */
export const TENANT_ROWS = sql`tenant_id = (SELECT atrium_tenant()) OR (SELECT atrium_cross_tenant())`;

/**
 * The row-level security policy of a tenant-owned table, for its extra config:
 * `pgTable('things', {...}, (t) => [index(...).on(t.tenantId), tenantOwned()])`.
 * drizzle-kit writes it into the migration and enables RLS with it; the migration step forces RLS on
 * every table that has it (db/migrate.ts), and test/row-level-security.test.ts reads the tenant-owned
 * tables from the schemas. A table without a tenant column names its own rows (user_group_members).
 */
export const tenantOwned = (rows: SQL = TENANT_ROWS) =>
  pgPolicy('tenant_isolation', { as: 'permissive', for: 'all', to: 'public', using: rows, withCheck: rows });

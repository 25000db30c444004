import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';
import { auditLog } from './audit.schema.js';

export const insertAuditEntry = (db: Db | Tx, values: typeof auditLog.$inferInsert) =>
  db.insert(auditLog).values(values);

/** Whose rows a caller sees: every tenant's (and platform rows), a partner's tenants', or one tenant's. */
export type AuditScope = { all: true } | { partnerTenantId: string } | { tenantId: string };

export type AuditFilter = {
  scope: AuditScope;
  actorId?: string;
  action?: string;
  recordType?: string;
  recordId?: string;
  tenantId?: string;
  /** Inclusive lower and exclusive upper bound of created_at. */
  from?: Date;
  until?: Date;
};

const realActors = alias(users, 'real_actors');

function scopeCondition(scope: AuditScope): SQL | undefined {
  if ('all' in scope) return undefined;
  if ('tenantId' in scope) return eq(auditLog.tenantId, scope.tenantId);
  return inArray(
    auditLog.tenantId,
    sql`(select ${tenants.id} from ${tenants} where ${tenants.partnerTenantId} = ${scope.partnerTenantId})`,
  );
}

/** Where the export's last batch ended: created_at as PostgreSQL wrote it (microseconds), and the id. */
export type AuditCursor = { at: string; id: string };

function conditions(f: AuditFilter, after?: AuditCursor) {
  return and(
    scopeCondition(f.scope),
    f.actorId ? or(eq(auditLog.actorId, f.actorId), eq(auditLog.realActorId, f.actorId)) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.recordType ? eq(auditLog.recordType, f.recordType) : undefined,
    f.recordId ? or(eq(auditLog.recordId, f.recordId), eq(sql`${auditLog.targetUserId}::text`, f.recordId)) : undefined,
    f.tenantId ? eq(auditLog.tenantId, f.tenantId) : undefined,
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.until ? lt(auditLog.createdAt, f.until) : undefined,
    after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
  );
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  cursorAt: sql<string>`${auditLog.createdAt}::text`,
  action: auditLog.action,
  actorId: auditLog.actorId,
  actorName: sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.surname}), '')`,
  actorEmail: users.email,
  realActorId: auditLog.realActorId,
  realActorName: sql<string | null>`nullif(trim(${realActors.name} || ' ' || ${realActors.surname}), '')`,
  realActorEmail: realActors.email,
  tenantId: auditLog.tenantId,
  tenantName: tenants.name,
  recordType: auditLog.recordType,
  recordId: auditLog.recordId,
  before: auditLog.before,
  after: auditLog.after,
  data: auditLog.data,
  ip: auditLog.ip,
};
export type AuditRow = {
  id: string;
  createdAt: Date;
  cursorAt: string;
  action: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  realActorId: string | null;
  realActorName: string | null;
  realActorEmail: string | null;
  tenantId: string | null;
  tenantName: string | null;
  recordType: string | null;
  recordId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  data: Record<string, unknown> | null;
  ip: string | null;
};

const joined = (db: Db) =>
  db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(realActors, eq(realActors.id, auditLog.realActorId))
    .leftJoin(tenants, eq(tenants.id, auditLog.tenantId));

/** One page of entries, newest first. */
export const listEntries = (db: Db, f: AuditFilter, offset: number, limit: number): Promise<AuditRow[]> =>
  joined(db).where(conditions(f)).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).offset(offset).limit(limit);

/** Entries after a keyset position (newest first): the export's batches. */
export const entriesAfter = (
  db: Db,
  f: AuditFilter,
  after: AuditCursor | undefined,
  limit: number,
): Promise<AuditRow[]> =>
  joined(db).where(conditions(f, after)).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);

export async function countEntries(db: Db, f: AuditFilter) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(conditions(f));
  return row?.n ?? 0;
}

/** The people who acted (or really acted) in the scope, for the actor filter. */
export async function actorsInScope(db: Db, scope: AuditScope) {
  const inScope = scopeCondition(scope);
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(
      or(
        inArray(users.id, db.select({ id: auditLog.actorId }).from(auditLog).where(inScope)),
        inArray(users.id, db.select({ id: auditLog.realActorId }).from(auditLog).where(inScope)),
      ),
    )
    .orderBy(sql`lower(${users.name})`, sql`lower(${users.surname})`);
  return rows.map((r) => ({ id: r.id, name: `${r.name} ${r.surname}`.trim(), email: r.email }));
}

/** The active tenant, when it is a partner tenant (a partner manager's scope). */
export async function isPartnerTenant(db: Db, tenantId: string) {
  const [row] = await db.select({ isPartner: tenants.isPartnerTenant }).from(tenants).where(eq(tenants.id, tenantId));
  return !!row?.isPartner;
}

import { type AuditAction, type AuditEntry, type AuditQuery, can, POLICIES } from '@atrium/contracts';
import type { Db, Tx } from '../../db/client.js';
import { paged } from '../../db/paging.js';
import { AppError } from '../../http/errors.js';
import { requestContext } from '../../http/request-context.js';
import { needTenant } from '../../http/tenant-context.js';
import type { Principal } from '../../http/tokens.js';
import { auditCsvHeader, auditCsvLine } from './audit.csv.js';
import * as repo from './audit.repository.js';

/** Rows per batch of the CSV export, which streams the whole filtered log. */
const EXPORT_BATCH = 500;

type Fields = Record<string, unknown>;

/**
 * One administrative write for the audit log. Actor, real actor (impersonation) and address default
 * to the running request's (http/request-context.ts); pass them to record work done outside a request.
 */
export type AuditRecord = {
  action: AuditAction;
  /** The tenant the write belongs to; null for platform-wide work. */
  tenantId?: string | null;
  /** The kind of record written ('tenant', 'user', 'group', 'tenantSettings', ...) and its id. */
  recordType?: string | null;
  recordId?: string | null;
  /** A user the write is about (impersonation, password reset), for the user filter. */
  targetUserId?: string | null;
  /**
   * The record before and after the write. Give whole objects: only the fields that differ are kept
   * (both null/absent for a create's before or a delete's after). Secrets are stripped by name.
   */
  before?: Fields | null;
  after?: Fields | null;
  /** Anything else worth keeping (counts, session ids); secrets stripped too. */
  data?: Fields | null;
  actorId?: string | null;
  realActorId?: string | null;
  ip?: string | null;
};

/**
 * Field names whose values never reach the audit log: passwords and their hashes, client secrets,
 * tokens, TOTP secrets and recovery codes, keys. Matched anywhere in the name, case-insensitively.
 */
const SECRET_FIELD = /pass(word|phrase)?|secret|token|hash|salt|totp|otp|recovery|api_?key|private_?key|credential/i;

/** value without any field (at any depth) whose name looks like a secret. */
export function stripSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripSecrets) as T;
  if (value instanceof Date) return value.toISOString() as T;
  if (value && typeof value === 'object') {
    const out: Fields = {};
    for (const [key, inner] of Object.entries(value)) {
      if (inner === undefined || SECRET_FIELD.test(key)) continue;
      out[key] = stripSecrets(inner);
    }
    return out as T;
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of before and after that differ (each side keeps its own value of them). */
export function changedFields(before: Fields | null | undefined, after: Fields | null | undefined) {
  const b = before ? stripSecrets(before) : null;
  const a = after ? stripSecrets(after) : null;
  if (!b || !a) return { before: b, after: a };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !same(b[k], a[k]));
  return {
    before: Object.fromEntries(keys.filter((k) => k in b).map((k) => [k, b[k]])),
    after: Object.fromEntries(keys.filter((k) => k in a).map((k) => [k, a[k]])),
  };
}

export function createAuditService({ db }: { db: Db }) {
  /**
   * Writes an entry on conn: pass the transaction of the change, so that the entry stands or falls
   * with it. An update whose before and after do not differ (and carries no data) writes nothing.
   */
  async function record(conn: Db | Tx, entry: AuditRecord) {
    const context = requestContext();
    const { before, after } = changedFields(entry.before, entry.after);
    const data = entry.data ? stripSecrets(entry.data) : null;
    if (before && after && !Object.keys(after).length && !Object.keys(before).length && !data) return;
    await repo.insertAuditEntry(conn, {
      action: entry.action,
      actorId: entry.actorId !== undefined ? entry.actorId : (context?.actorId ?? null),
      realActorId: entry.realActorId !== undefined ? entry.realActorId : (context?.realActorId ?? null),
      ip: entry.ip !== undefined ? entry.ip : (context?.ip ?? null),
      tenantId: entry.tenantId ?? null,
      recordType: entry.recordType ?? null,
      recordId: entry.recordId ?? null,
      targetUserId: entry.targetUserId ?? null,
      before,
      after,
      data,
    });
  }
  /**
   * Whose entries the caller sees: a super administrator every tenant's; a partner manager, working in
   * their partner tenant, those of the tenants it runs; a tenant administrator their active tenant's.
   */
  async function scopeOf(activeTenantId: string | null, principal: Principal): Promise<repo.AuditScope> {
    if (can(principal, POLICIES.superadmins)) return { all: true };
    if (
      can(principal, POLICIES.onlyPartnerManagers) &&
      activeTenantId &&
      (await repo.isPartnerTenant(db, activeTenantId))
    ) {
      return { partnerTenantId: activeTenantId };
    }
    if (can(principal, POLICIES.onlyTenantAdmins)) {
      return { tenantId: needTenant(activeTenantId, 'Choose the tenant whose audit log to see') };
    }
    throw new AppError('forbidden');
  }

  async function filterOf(
    activeTenantId: string | null,
    principal: Principal,
    q: AuditQuery,
  ): Promise<repo.AuditFilter> {
    // The period's days are the caller's (tz: minutes to add to local time for UTC, as getTimezoneOffset).
    const offset = (q.tz ?? 0) * 60_000;
    const day = (date: string, plusDays = 0) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + plusDays * 86_400_000 + offset);
    return {
      scope: await scopeOf(activeTenantId, principal),
      actorId: q.actorId,
      action: q.action,
      recordType: q.recordType,
      recordId: q.recordId,
      tenantId: q.tenantId,
      from: q.from ? day(q.from) : undefined,
      until: q.to ? day(q.to, 1) : undefined,
    };
  }

  return {
    record,
    scopeOf,

    /** A page of the caller's entries, newest first. */
    async list(activeTenantId: string | null, principal: Principal, q: AuditQuery) {
      const filter = await filterOf(activeTenantId, principal, q);
      return paged(q, async ({ limit, offset }) => {
        const [rows, total] = await Promise.all([
          repo.listEntries(db, filter, offset, limit),
          repo.countEntries(db, filter),
        ]);
        return { rows: rows.map(toEntry), total };
      });
    },

    /** Everyone who appears as an actor in the caller's entries. */
    async actors(activeTenantId: string | null, principal: Principal) {
      return repo.actorsInScope(db, await scopeOf(activeTenantId, principal));
    },

    /**
     * The filtered entries as CSV lines, newest first, fetched in batches: the route streams them.
     * The scope is checked before the first line, so a refusal is an ordinary error answer.
     */
    async exportCsv(activeTenantId: string | null, principal: Principal, q: AuditQuery) {
      const filter = await filterOf(activeTenantId, principal, q);
      return (async function* lines() {
        yield auditCsvHeader();
        let after: repo.AuditCursor | undefined;
        for (;;) {
          const rows = await repo.entriesAfter(db, filter, after, EXPORT_BATCH);
          for (const row of rows) yield auditCsvLine(toEntry(row));
          if (rows.length < EXPORT_BATCH) return;
          const last = rows[rows.length - 1]!;
          after = { at: last.cursorAt, id: last.id };
        }
      })();
    },
    /** Writes an entry outside any transaction (work with nothing else to roll back). */
    recordAlone: (entry: AuditRecord) => record(db, entry),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

const personOf = (id: string | null, name: string | null, email: string | null) =>
  id ? { id, name: name ?? email ?? '', email: email ?? '' } : null;

function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    actor: personOf(row.actorId, row.actorName, row.actorEmail),
    realActor: personOf(row.realActorId, row.realActorName, row.realActorEmail),
    tenant: row.tenantId ? { id: row.tenantId, name: row.tenantName ?? '' } : null,
    recordType: row.recordType,
    recordId: row.recordId,
    before: row.before,
    after: row.after,
    data: row.data,
    ip: row.ip,
  };
}

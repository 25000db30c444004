import {
  type ChecklistBody,
  type ChecklistListQuery,
  TENANT_LIST_DUPLICATE,
  TENANT_LIST_FIELD,
  type TenantItemsQuery,
  type TenantListKind,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/tokens.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SprintsService } from '../sprints/sprints.service.js';
import type { TenantsService } from '../tenants/tenants.service.js';
import { checklistsWorkbook } from './checklists-export.js';
import * as repo from './tenant-lists.repository.js';

type DbError = { code?: string; constraint?: string; cause?: DbError };

const duplicate = (kind: TenantListKind, text: string) =>
  new AppError('conflict', `“${text}” is in the list already`, [
    { field: TENANT_LIST_FIELD[kind], message: TENANT_LIST_DUPLICATE },
  ]);

/** The same refusal when a concurrent add took the text between the check and the write. */
function duplicateRace(err: unknown, kind: TenantListKind, text: string): unknown {
  const e = typeof err === 'object' && err !== null ? (err as DbError) : undefined;
  const dbError = e?.code ? e : e?.cause;
  return dbError?.code === '23505' && dbError.constraint === repo.LISTS[kind].uniqueIndex ? duplicate(kind, text) : err;
}

/** A list row as its list's API shows it: the text under the list's own field name. */
const entryOf = (kind: TenantListKind, row: repo.ListRow) => ({
  id: row.id,
  [TENANT_LIST_FIELD[kind]]: row.text,
  createdAt: row.createdAt,
  // Teams and departments: how many people have it (a new one has none).
  ...((kind === 'teams' || kind === 'departments') && { membersCount: row.membersCount ?? 0 }),
});

const notFound = (what: string) => new AppError('notFound', `No such ${what} in this tenant`);

/**
 * A tenant's lists kept by those who run it (spec part 2 §2): tags, tenant folders, teams, departments,
 * standard checklists (with their export) and the collaboration info. Every call first checks that the
 * caller runs the tenant (a super administrator, or a partner manager for a tenant of their partner
 * tenant: the tenants service's scope), then works inside that tenant's row-level security scope.
 */
export function createTenantListsService(deps: {
  db: Db;
  tenants: TenantsService;
  sprints: SprintsService;
  audit: AuditService;
  log?: { error: (obj: object, msg: string) => void };
}) {
  const { db, tenants, sprints, audit, log } = deps;
  /** The audit entry of a change to one of the tenant's lists, in the change's transaction. */
  const audited = (
    tx: Db,
    tenantId: string,
    recordType: string,
    recordId: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) => audit.record(tx, { action: 'tenant.settingsChanged', tenantId, recordType, recordId, before, after });
  const managed = (activeTenantId: string | null, principal: Principal, tenantId: string) =>
    tenants.requireManaged(activeTenantId, principal, tenantId);
  const inTenant = <T>(tenantId: string, fn: () => PromiseLike<T>) => withTenant(tenantId, fn);

  return {
    async info(activeTenantId: string | null, principal: Principal, tenantId: string) {
      const tenant = await managed(activeTenantId, principal, tenantId);
      const collaborations = await sprints.collaborationStats(tenantId);
      return { tenantId, tenantName: tenant.name, totalCollaborations: collaborations.length, collaborations };
    },

    async list(
      activeTenantId: string | null,
      principal: Principal,
      tenantId: string,
      kind: TenantListKind,
      q: TenantItemsQuery,
    ) {
      await managed(activeTenantId, principal, tenantId);
      const page = await inTenant(tenantId, () => repo.listEntries(db, tenantId, kind, q));
      return { ...page, data: page.data.map((r) => entryOf(kind, r)) };
    },

    /** Adds an entry; the same text (ignoring case) in the list already is 409 on the list's field. */
    async add(
      activeTenantId: string | null,
      principal: Principal,
      tenantId: string,
      kind: TenantListKind,
      text: string,
    ) {
      await managed(activeTenantId, principal, tenantId);
      const row = await inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          if (await repo.textTaken(tx, tenantId, kind, text)) throw duplicate(kind, text);
          const added = await repo.insertEntry(tx, tenantId, kind, text).catch((err: unknown) => {
            throw duplicateRace(err, kind, text);
          });
          await audited(tx, tenantId, kind, added.id, null, { [TENANT_LIST_FIELD[kind]]: added.text });
          return added;
        }),
      );
      return entryOf(kind, row);
    },

    async updateTag(activeTenantId: string | null, principal: Principal, tenantId: string, id: string, title: string) {
      await managed(activeTenantId, principal, tenantId);
      const row = await inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const before = await repo.tagTitle(tx, tenantId, id);
          if (before === undefined) return undefined;
          if (await repo.textTaken(tx, tenantId, 'tags', title, id)) throw duplicate('tags', title);
          const updated = await repo.updateTagTitle(tx, tenantId, id, title).catch((err: unknown) => {
            throw duplicateRace(err, 'tags', title);
          });
          if (updated) await audited(tx, tenantId, 'tags', id, { title: before }, { title: updated.text });
          return updated;
        }),
      );
      if (!row) throw notFound('tag');
      return entryOf('tags', row);
    },

    async remove(
      activeTenantId: string | null,
      principal: Principal,
      tenantId: string,
      kind: TenantListKind,
      id: string,
    ) {
      await managed(activeTenantId, principal, tenantId);
      const gone = await inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const row = await repo.deleteEntry(tx, tenantId, kind, id);
          if (row) await audited(tx, tenantId, kind, id, { [TENANT_LIST_FIELD[kind]]: row.text }, null);
          return row;
        }),
      );
      if (!gone) throw notFound(kind.slice(0, -1));
    },

    async checklists(activeTenantId: string | null, principal: Principal, tenantId: string, q: ChecklistListQuery) {
      await managed(activeTenantId, principal, tenantId);
      return inTenant(tenantId, () => repo.listChecklists(db, tenantId, q));
    },

    async createChecklist(activeTenantId: string | null, principal: Principal, tenantId: string, body: ChecklistBody) {
      await managed(activeTenantId, principal, tenantId);
      if (body.tenantId && body.tenantId !== tenantId) {
        throw fieldError('tenantId', 'mismatch', 'tenantId: must be the tenant of the path');
      }
      // The items keep the order they are sent in (their `order` becomes their position).
      const items = (body.items ?? []).map((i) => i.title.trim());
      return inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const created = await repo.insertChecklist(tx, tenantId, body.title.trim(), items);
          await audited(tx, tenantId, 'checklists', created.id, null, { title: body.title.trim(), items });
          return created;
        }),
      );
    },

    async deleteChecklist(activeTenantId: string | null, principal: Principal, tenantId: string, id: string) {
      await managed(activeTenantId, principal, tenantId);
      const gone = await inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const row = await repo.deleteChecklist(tx, tenantId, id);
          if (row) await audited(tx, tenantId, 'checklists', id, { title: row.title }, null);
          return row;
        }),
      );
      if (!gone) throw notFound('checklist');
    },

    /** Every checklist with its items as a streamed xlsx workbook. */
    async exportChecklists(activeTenantId: string | null, principal: Principal, tenantId: string) {
      await managed(activeTenantId, principal, tenantId);
      const rows = await inTenant(tenantId, () => repo.checklistsForExport(db, tenantId));
      return checklistsWorkbook(rows, (err) => log?.error({ err }, 'checklist export failed'));
    },
  };
}
export type TenantListsService = ReturnType<typeof createTenantListsService>;

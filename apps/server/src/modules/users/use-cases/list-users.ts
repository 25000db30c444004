import {
  can,
  POLICIES,
  ROLE,
  ROLE_FILTERS,
  USER_SELECT,
  type UserListQuery,
  type UserSelectQuery,
} from '@atrium/contracts';
import type { Db } from '../../../db/client.js';
import { paged } from '../../../db/paging.js';
import { crossTenant } from '../../../db/tenant-scope.js';
import { AppError } from '../../../http/errors.js';
import { needTenant } from '../../../http/tenant-context.js';
import type { Principal } from '../../../http/tokens.js';
import type { TenantsService } from '../../tenants/tenants.service.js';
import { isSuper, userScopeOf } from '../user-access.js';
import { groupsInTenant } from '../user-checks.js';
import * as repo from '../users-list.repository.js';

/** One page of the users list in the caller's scope (GET /users). */
export async function listUsers(
  { db }: { db: Db },
  activeTenantId: string | null,
  principal: Principal,
  q: UserListQuery,
) {
  const scope = userScopeOf(activeTenantId, principal);
  if (q.groupIds.length) {
    // The group filter is the active tenant's.
    await groupsInTenant(
      db,
      needTenant(activeTenantId, 'Choose an active tenant to filter by group'),
      q.groupIds,
      'validation',
    );
  }
  return paged(q, async (window) => {
    const filter: repo.UserListFilter = {
      tenantId: scope.all ? undefined : scope.tenantId,
      groupsTenantId: scope.tenantId ?? undefined,
      search: q.search,
      roles: q.roles.map((r) => ROLE_FILTERS[r]),
      groupIds: q.groupIds,
      sort: q.sort,
      direction: q.direction,
      ...window,
    };
    // Without an active tenant, a super administrator sees each user's groups in every tenant.
    const read = <T>(fn: () => Promise<T>) =>
      filter.groupsTenantId ? fn() : crossTenant('users list: groups of every tenant', fn);
    const page = await read(() => repo.listUsers(db, filter));
    const total = page.total ?? (filter.offset > 0 ? await read(() => repo.countUsers(db, filter)) : 0);
    return { rows: page.users, total };
  });
}

/**
 * Live users for a select: of one tenant, or of every tenant the caller may see; a page of those
 * matching `search`, or exactly `ids` (to label users already chosen). Every query carries the
 * caller's scope, so ids of users outside it simply are not answered.
 */
export async function selectUsers(
  { db, tenants }: { db: Db; tenants: TenantsService },
  activeTenantId: string | null,
  principal: Principal,
  query: Partial<UserSelectQuery> = {},
) {
  const { tenantId, search, ids } = query;
  const narrow = ids?.length ? { ids, limit: ids.length } : { search, limit: query.take ?? USER_SELECT.takeDefault };
  if (isSuper(principal)) return repo.userOptions(db, { tenantId, ...narrow });
  if (can(principal, POLICIES.onlyPartnerManagers)) {
    const scope = await tenants.scopeOf(activeTenantId, principal).catch(() => null);
    if (scope && !scope.all) {
      const family = [scope.partnerTenantId, ...(await tenants.inScope(activeTenantId, principal)).map((t) => t.id)];
      if (tenantId && !family.includes(tenantId)) throw new AppError('notFound', 'No such tenant');
      return repo.userOptions(db, { ...(tenantId ? { tenantId } : { tenantIds: family }), ...narrow });
    }
  }
  const active = needTenant(activeTenantId);
  if (tenantId && tenantId !== active) throw new AppError('notFound', 'No such tenant');
  return repo.userOptions(db, { tenantId: active, ...narrow });
}

/** Coaches of the active tenant: its tenant administrators. */
export async function listCoaches({ db }: { db: Db }, tenantId: string) {
  return repo.userOptions(db, { tenantId, role: ROLE.TenantAdmin });
}

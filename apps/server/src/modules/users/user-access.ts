import { can, HIGH_ROLES, POLICIES, roles as rolePolicy } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { needTenant } from '../../http/tenant-context.js';
import type { Principal } from '../../http/tokens.js';
import * as repo from './users.repository.js';

// Who may manage which users: the rules the users use cases check with.

export const isSuper = (p: Principal) => can(p, POLICIES.superadmins);

/**
 * A super administrator reaches every user; a tenant administrator the members of their active tenant,
 * which the route passes (activeTenantOf): a super administrator needs none.
 */
export type UserScope = { all: true; tenantId: string | null } | { all: false; tenantId: string };

export function userScopeOf(activeTenantId: string | null, principal: Principal): UserScope {
  if (isSuper(principal)) return { all: true, tenantId: activeTenantId };
  if (!can(principal, POLICIES.onlyTenantAdmins)) throw new AppError('forbidden');
  return { all: false, tenantId: needTenant(activeTenantId) };
}

/** The user, if the caller may manage them; otherwise 404, exactly as for a missing user. */
export async function loadInScope(conn: Db, scope: UserScope, id: string) {
  const user = await repo.findUser(conn, id);
  if (!user || (!scope.all && !(await repo.isMember(conn, id, scope.tenantId)))) {
    throw new AppError('notFound', 'No such user');
  }
  return user;
}

/** A tenant administrator may not act on accounts above them. */
export async function assertCanManage(conn: Db, principal: Principal, target: repo.UserRow) {
  if (isSuper(principal)) return;
  if (can({ roles: await repo.rolesOf(conn, target.id) }, rolePolicy(HIGH_ROLES))) {
    throw new AppError('forbidden', 'Only a super administrator can manage this account');
  }
}

/**
 * Whether the account is also in a tenant the caller does not administer (a shared account): never
 * for a super administrator. `manageable` is manageableTenants' answer for the caller.
 */
export function isSharedBeyond(userTenantIds: string[], manageable: string[] | 'all') {
  return manageable !== 'all' && userTenantIds.some((id) => !manageable.includes(id));
}

/**
 * Name, password, email and roles belong to the account in every tenant it is in (roles are
 * global). Anyone but a super administrator may change them only when the user is in no tenant
 * besides the caller's own: otherwise an administrator of one tenant could take over an account of
 * another, rename it there, or make someone an administrator there.
 */
export async function assertOwnsAccount(conn: Db, principal: Principal, targetId: string, fields: string[]) {
  if (isSuper(principal) || !fields.length) return;
  const mine = await repo.tenantIdsOf(conn, principal.userId);
  if (isSharedBeyond(await repo.tenantIdsOf(conn, targetId), mine)) {
    throw new AppError(
      'forbidden',
      `This user also belongs to tenants you do not administer; only a super administrator can change their ${fields.join(', ')}`,
      fields.map((field) => ({ field, message: 'userInOtherTenants' })),
    );
  }
}

/** Tenants whose memberships the caller may change: every one for a super administrator, else their own. */
export async function manageableTenants(conn: Db, principal: Principal): Promise<string[] | 'all'> {
  if (isSuper(principal)) return 'all';
  return repo.tenantIdsOf(conn, principal.userId);
}

import { DEFAULT_LANGUAGE, type UserBody } from '@atrium/contracts';
import type { Db } from '../../../db/client.js';
import { AppError, fieldError } from '../../../http/errors.js';
import { refuseWhileImpersonating } from '../../../http/tenant-context.js';
import type { Principal } from '../../../http/tokens.js';
import type { HubService } from '../../../hub/index.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { AuthService } from '../../auth/auth.service.js';
import { hashPassword } from '../../auth/password-hashing.js';
import { assertPasswordAllowed } from '../../auth/password-policy.js';
import type { TenantsService } from '../../tenants/tenants.service.js';
import { assertCanManage, assertOwnsAccount, loadInScope, manageableTenants, userScopeOf } from '../user-access.js';
import { auditTenantOf, userAuditView } from '../user-audit.js';
import { assertEmailFree, checkBody } from '../user-checks.js';
import { userDetails } from '../user-details.js';
import { savePerson } from '../user-person.js';
import * as repo from '../users.repository.js';
import { writeConflict } from '../write-conflict.js';

const personOf = ({ title, phone, teamId, departmentId }: UserBody) => ({ title, phone, teamId, departmentId });

/** One user the caller may manage (GET /users/{id}). */
export async function getUser({ db }: { db: Db }, activeTenantId: string | null, principal: Principal, id: string) {
  const scope = userScopeOf(activeTenantId, principal);
  return userDetails(db, scope, await loadInScope(db, scope, id), await manageableTenants(db, principal));
}

/** Creates a user; a tenant administrator's new user joins their active tenant unless tenants are given. */
export async function createUser(
  { db, tenants, audit }: { db: Db; tenants: TenantsService; audit: AuditService },
  activeTenantId: string | null,
  principal: Principal,
  body: UserBody,
) {
  const scope = userScopeOf(activeTenantId, principal);
  const input = { ...body, tenantIds: body.tenantIds.length || scope.all ? body.tenantIds : [scope.tenantId] };
  try {
    const created = await db.transaction(async (conn) => {
      const manageable = await manageableTenants(conn, principal);
      await checkBody(conn, principal, input, manageable);
      if (input.password) await assertPasswordAllowed(input.password, input.email);
      await assertEmailFree(conn, input.email);
      const checkQuota = await tenants.userQuotaGuard(conn, principal, input.tenantIds);
      const [user] = await repo.insertUsers(conn, [
        {
          name: input.name,
          surname: input.surname,
          email: input.email,
          language: input.language ?? DEFAULT_LANGUAGE,
          passwordHash: input.password ? await hashPassword(input.password) : null,
          activeTenantId: input.tenantIds.length === 1 ? input.tenantIds[0] : null,
        },
      ]);
      await repo.setRoles(conn, user!.id, input.roles);
      await repo.setMemberships(conn, user!.id, input.tenantIds, 'all');
      await repo.setGroups(conn, user!.id, input.groupIds, 'all');
      await savePerson(conn, scope.tenantId ?? null, user!.id, personOf(input));
      await checkQuota();
      const after = await userAuditView(conn, user!.id);
      await audit.record(conn, {
        action: 'user.created',
        tenantId: auditTenantOf(activeTenantId, after),
        recordType: 'user',
        recordId: user!.id,
        targetUserId: user!.id,
        after,
      });
      return user!;
    });
    return userDetails(db, scope, created, await manageableTenants(db, principal));
  } catch (err) {
    throw writeConflict(err);
  }
}

/**
 * Updates a user. A change to their password, email or roles ends all their sessions (the next
 * sign-in sees it); being taken out of tenants ends only their sessions working there. The name,
 * email, password and roles of an account shared with tenants the caller does not administer are
 * a super administrator's to change (assertOwnsAccount).
 */
export async function updateUser(
  {
    db,
    auth,
    tenants,
    hub,
    audit,
  }: { db: Db; auth: AuthService; tenants: TenantsService; hub: HubService; audit: AuditService },
  activeTenantId: string | null,
  principal: Principal,
  id: string,
  body: UserBody,
) {
  const scope = userScopeOf(activeTenantId, principal);
  try {
    const { user, changed, removed } = await db.transaction(async (conn) => {
      const target = await loadInScope(conn, scope, id);
      await assertCanManage(conn, principal, target);
      if (target.deletedAt) throw new AppError('conflict', 'Restore the user before editing them');
      const before = await userAuditView(conn, id);
      const emailChanged = body.email.toLowerCase() !== target.email.toLowerCase();
      if (emailChanged) refuseWhileImpersonating(principal, 'Email addresses');
      if (body.password) refuseWhileImpersonating(principal, 'Passwords');
      // One's own password changes only through /auth/changepassword, which asks for the current one
      // (and counts wrong ones against the sign-in limit): a stolen session must not be enough.
      if (body.password && id === principal.userId) {
        throw fieldError('password', 'useChangePassword', 'Change your own password from your profile');
      }
      const manageable = await manageableTenants(conn, principal);
      await checkBody(conn, principal, body, manageable);
      const rolesBefore = await repo.rolesOf(conn, id);
      const rolesChanged = [...rolesBefore].sort().join() !== [...body.roles].sort().join();
      await assertOwnsAccount(conn, principal, id, [
        ...(body.name !== target.name ? ['name'] : []),
        ...(body.surname !== target.surname ? ['surname'] : []),
        ...(body.password ? ['password'] : []),
        ...(emailChanged ? ['email'] : []),
        ...(rolesChanged ? ['roles'] : []),
      ]);
      if (body.password) await assertPasswordAllowed(body.password, body.email);
      if (emailChanged) await assertEmailFree(conn, body.email, id);
      const checkQuota = await tenants.userQuotaGuard(conn, principal, body.tenantIds);
      await repo.updateUser(conn, id, {
        name: body.name,
        surname: body.surname,
        email: body.email,
        ...(body.language && { language: body.language }),
        ...(body.password && { passwordHash: await hashPassword(body.password) }),
      });
      await repo.setRoles(conn, id, body.roles);
      const { removed } = await repo.setMemberships(conn, id, body.tenantIds, manageable);
      await repo.setGroups(conn, id, body.groupIds, manageable);
      await savePerson(conn, scope.tenantId ?? null, id, personOf(body));
      await checkQuota();
      const after = await userAuditView(conn, id);
      const common = {
        tenantId: auditTenantOf(activeTenantId, after, before),
        recordType: 'user',
        recordId: id,
        targetUserId: id,
      };
      // Roles and password each have an action of their own, to be found by it.
      const { roles: rolesBeforeView, ...restBefore } = before ?? { roles: [] };
      const { roles: rolesAfterView, ...restAfter } = after ?? { roles: [] };
      await audit.record(conn, { ...common, action: 'user.updated', before: restBefore, after: restAfter });
      if (rolesChanged) {
        await audit.record(conn, {
          ...common,
          action: 'user.rolesChanged',
          before: { roles: rolesBeforeView },
          after: { roles: rolesAfterView },
        });
      }
      if (body.password) await audit.record(conn, { ...common, action: 'password.resetByAdmin' });
      return {
        user: (await repo.findUser(conn, id))!,
        changed: rolesChanged || !!body.password || emailChanged,
        removed,
      };
    });
    if (changed) await auth.revokeAllOf(id, 'accountChanged');
    else {
      for (const tenantId of removed) await auth.revokeUserSessionsInTenant(id, tenantId, 'removedFromTenant');
    }
    await hub.userGroupsChanged(id);
    return userDetails(db, scope, user, await manageableTenants(db, principal));
  } catch (err) {
    throw writeConflict(err);
  }
}

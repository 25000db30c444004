import type { Db } from '../../../db/client.js';
import { AppError, fieldError } from '../../../http/errors.js';
import { refuseWhileImpersonating } from '../../../http/tenant-context.js';
import type { Principal } from '../../../http/tokens.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { AuthService } from '../../auth/auth.service.js';
import type { TenantsService } from '../../tenants/tenants.service.js';
import { assertCanManage, isSuper, loadInScope, manageableTenants, userScopeOf } from '../user-access.js';
import { auditTenantOf, userAuditView } from '../user-audit.js';
import { userDetails } from '../user-details.js';
import * as repo from '../users.repository.js';

/** Soft delete by a super administrator; the users' sessions end (they get LogOut). */
export async function deleteUsers(
  { db, auth, audit }: { db: Db; auth: AuthService; audit: AuditService },
  activeTenantId: string | null,
  principal: Principal,
  ids: string[],
) {
  if (ids.includes(principal.userId)) {
    throw fieldError('ids', 'cannotDeleteYourself', 'You cannot delete your own account here');
  }
  refuseWhileImpersonating(principal, 'Accounts');
  const deleted = await db.transaction(async (conn) => {
    const found = await Promise.all(ids.map((id) => repo.findUser(conn, id)));
    const missing = ids.filter((_, i) => !found[i]);
    if (missing.length) throw new AppError('notFound', `No such user: ${missing.join(', ')}`);
    const views = new Map(await Promise.all(ids.map(async (id) => [id, await userAuditView(conn, id)] as const)));
    const marked = await repo.markDeleted(conn, ids);
    for (const { id } of marked) {
      const view = views.get(id);
      await audit.record(conn, {
        action: 'user.deleted',
        tenantId: auditTenantOf(activeTenantId, view),
        recordType: 'user',
        recordId: id,
        targetUserId: id,
        data: { name: view ? `${view.name} ${view.surname}`.trim() : null, email: view?.email ?? null },
      });
    }
    return marked;
  });
  for (const { id } of deleted) await auth.revokeAllOf(id, 'userDeleted');
  return deleted.length;
}

/** Undoes a deletion; like deleting, for super administrators only. */
export async function restoreUser(
  { db, tenants, audit }: { db: Db; tenants: TenantsService; audit: AuditService },
  activeTenantId: string | null,
  principal: Principal,
  id: string,
) {
  if (!isSuper(principal)) throw new AppError('forbidden', 'Only a super administrator can restore a user');
  const scope = userScopeOf(activeTenantId, principal);
  const user = await db.transaction(async (conn) => {
    const target = await loadInScope(conn, scope, id);
    await assertCanManage(conn, principal, target);
    if (!target.deletedAt) return target;
    const checkQuota = await tenants.userQuotaGuard(conn, principal, await repo.tenantIdsOf(conn, id));
    await repo.restore(conn, id);
    await checkQuota();
    const view = await userAuditView(conn, id);
    await audit.record(conn, {
      action: 'user.restored',
      tenantId: auditTenantOf(activeTenantId, view),
      recordType: 'user',
      recordId: id,
      targetUserId: id,
      data: { name: view ? `${view.name} ${view.surname}`.trim() : null, email: view?.email ?? null },
    });
    return (await repo.findUser(conn, id))!;
  });
  return userDetails(db, scope, user, await manageableTenants(db, principal));
}

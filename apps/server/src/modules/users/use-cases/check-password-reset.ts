import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { Principal } from '../../../http/tokens.js';
import { assertCanManage, assertOwnsAccount, loadInScope, userScopeOf } from '../user-access.js';

/**
 * The user, when the caller may set their password (the passwords module sets it): a super
 * administrator anyone's; a tenant administrator that of a live user of their tenant who is below
 * them and in no tenant they do not administer.
 */
export async function checkPasswordReset(
  { db }: { db: Db },
  activeTenantId: string | null,
  principal: Principal,
  id: string,
) {
  const scope = userScopeOf(activeTenantId, principal);
  const target = await loadInScope(db, scope, id);
  await assertCanManage(db, principal, target);
  await assertOwnsAccount(db, principal, id, ['password']);
  if (target.deletedAt) throw new AppError('conflict', 'Restore the user before resetting their password');
  return target;
}

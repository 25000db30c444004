import type { ImportRow, UserBody, UserListQuery, UserSelectQuery } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { acrossTenants } from '../../db/tenant-scope.js';
import type { Principal } from '../../http/tokens.js';
import type { HubService } from '../../hub/index.js';
import type { AuthService } from '../auth/auth.service.js';
import type { TenantsService } from '../tenants/tenants.service.js';
import { checkPasswordReset } from './use-cases/check-password-reset.js';
import { deleteUsers, restoreUser } from './use-cases/delete-users.js';
import { setUserGroups } from './use-cases/group-membership.js';
import { confirmImport, exportUsers, previewImport } from './use-cases/import-users.js';
import { listCoaches, listUsers, selectUsers } from './use-cases/list-users.js';
import { createUser, getUser, updateUser } from './use-cases/save-user.js';
import * as repo from './users.repository.js';

export type UsersDeps = { db: Db; auth: AuthService; tenants: TenantsService; hub: HubService };

/**
 * The users module's use cases (use-cases/*.ts), each a plain function of the dependencies it
 * names; this binds them to the app's. Who may manage whom is in user-access.ts.
 */
const ACCOUNT = 'users: account administration';

export function createUsersService(deps: UsersDeps) {
  const { db } = deps;
  return {
    list: (principal: Principal, q: UserListQuery) => listUsers(deps, principal, q),
    dataselect: (principal: Principal, q?: Partial<UserSelectQuery>) => selectUsers(deps, principal, q),
    coaches: (principal: Principal) => listCoaches(deps, principal),
    // An account's details and edits reach its groups and memberships in every tenant the caller
    // manages (every tenant for a super administrator), not only the active one; the use cases' scope
    // checks keep them to those tenants.
    get: acrossTenants(ACCOUNT, (principal: Principal, id: string) => getUser(deps, principal, id)),
    create: acrossTenants(ACCOUNT, (principal: Principal, body: UserBody) => createUser(deps, principal, body)),
    update: acrossTenants(ACCOUNT, (principal: Principal, id: string, body: UserBody) =>
      updateUser(deps, principal, id, body),
    ),
    remove: (principal: Principal, ids: string[]) => deleteUsers(deps, principal, ids),
    restore: acrossTenants(ACCOUNT, (principal: Principal, id: string) => restoreUser(deps, principal, id)),
    setGroups: (principal: Principal, userIds: string[], groupIds: string[], assign: boolean) =>
      setUserGroups(deps, principal, { userIds, groupIds, assign }),
    importPreview: (principal: Principal, data: Buffer) => previewImport(deps, principal, data),
    importConfirm: (principal: Principal, rows: ImportRow[]) => confirmImport(deps, principal, rows),
    exportXlsx: (principal: Principal) => exportUsers(deps, principal),
    checkPasswordReset: (principal: Principal, id: string) => checkPasswordReset(deps, principal, id),

    /** The account, deleted or not (other modules' checks, e.g. impersonation). */
    find: (id: string) => repo.findUser(db, id),
    rolesOf: (id: string) => repo.rolesOf(db, id),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

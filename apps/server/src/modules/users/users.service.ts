import type { ImportConfirmBody, UserBody, UserListQuery, UserSelectQuery } from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { acrossTenants } from '../../db/tenant-scope.js';
import type { Principal } from '../../http/tokens.js';
import type { HubService } from '../../hub/index.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { TenantsService } from '../tenants/tenants.service.js';
import { importPasswordSeal } from './import-passwords.js';
import { importProgressStore } from './import-progress.js';
import { checkPasswordReset } from './use-cases/check-password-reset.js';
import { deleteUsers, restoreUser } from './use-cases/delete-users.js';
import { setUserGroups } from './use-cases/group-membership.js';
import { confirmImport, exportUsers, importProgressOf, previewImport } from './use-cases/import-users.js';
import { listCoaches, listUsers, selectUsers } from './use-cases/list-users.js';
import { createUser, getUser, updateUser } from './use-cases/save-user.js';
import * as repo from './users.repository.js';

export type UsersDeps = {
  db: Db;
  auth: AuthService;
  tenants: TenantsService;
  hub: HubService;
  audit: AuditService;
  /** The server's secret (JWT_SECRET): seals an import's passwords between preview and confirm. */
  secret: string;
  log: FastifyBaseLogger;
};

/**
 * The users module's use cases (use-cases/*.ts), each a plain function of the dependencies it
 * names; this binds them to the app's. Who may manage whom is in user-access.ts.
 */
const ACCOUNT = 'users: account administration';

export function createUsersService(usersDeps: UsersDeps) {
  const deps = {
    ...usersDeps,
    importSeal: importPasswordSeal(usersDeps.secret),
    importProgress: importProgressStore(usersDeps.db, usersDeps.log),
  };
  const { db } = deps;
  return {
    list: (activeTenantId: string | null, principal: Principal, q: UserListQuery) =>
      listUsers(deps, activeTenantId, principal, q),
    dataselect: (activeTenantId: string | null, principal: Principal, q?: Partial<UserSelectQuery>) =>
      selectUsers(deps, activeTenantId, principal, q),
    coaches: (tenantId: string) => listCoaches(deps, tenantId),
    /** The tenant's teams and departments (the user form's choices). */
    teams: (tenantId: string) => repo.teamsOfTenant(db, tenantId),
    // An account's details and edits reach its groups and memberships in every tenant the caller
    // manages (every tenant for a super administrator), not only the active one; the use cases' scope
    // checks keep them to those tenants.
    get: acrossTenants(ACCOUNT, (activeTenantId: string | null, principal: Principal, id: string) =>
      getUser(deps, activeTenantId, principal, id),
    ),
    create: acrossTenants(ACCOUNT, (activeTenantId: string | null, principal: Principal, body: UserBody) =>
      createUser(deps, activeTenantId, principal, body),
    ),
    update: acrossTenants(ACCOUNT, (activeTenantId: string | null, principal: Principal, id: string, body: UserBody) =>
      updateUser(deps, activeTenantId, principal, id, body),
    ),
    remove: (activeTenantId: string | null, principal: Principal, ids: string[]) =>
      deleteUsers(deps, activeTenantId, principal, ids),
    restore: acrossTenants(ACCOUNT, (activeTenantId: string | null, principal: Principal, id: string) =>
      restoreUser(deps, activeTenantId, principal, id),
    ),
    setGroups: (
      activeTenantId: string | null,
      principal: Principal,
      userIds: string[],
      groupIds: string[],
      assign: boolean,
    ) => setUserGroups(deps, activeTenantId, principal, { userIds, groupIds, assign }),
    importPreview: (activeTenantId: string | null, principal: Principal, data: Buffer) =>
      previewImport(deps, activeTenantId, principal, data),
    importConfirm: (activeTenantId: string | null, principal: Principal, body: ImportConfirmBody) =>
      confirmImport(deps, activeTenantId, principal, body),
    importProgress: (activeTenantId: string | null, principal: Principal, importId: string) =>
      importProgressOf(deps, activeTenantId, principal, importId),
    exportXlsx: (activeTenantId: string | null, principal: Principal) => exportUsers(deps, activeTenantId, principal),
    checkPasswordReset: (activeTenantId: string | null, principal: Principal, id: string) =>
      checkPasswordReset(deps, activeTenantId, principal, id),

    /** The account, deleted or not (other modules' checks, e.g. impersonation). */
    find: (id: string) => repo.findUser(db, id),
    rolesOf: (id: string) => repo.rolesOf(db, id),
    /** The account's live tenants (the audit row of a password reset belongs to the first). */
    tenantIdsOf: (id: string) => repo.tenantIdsOf(db, id),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

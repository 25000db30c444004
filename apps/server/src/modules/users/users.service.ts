import {
  emailSchema,
  IMPORT_ROLES,
  type ImportPreview,
  type ImportRow,
  LANGUAGES,
  ROLE_FILTERS,
  type Role,
  USER_LIMITS,
  USER_SELECT,
  type User,
  type UserBody,
  type UserListQuery,
  type UserSelectQuery,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { acrossTenants, crossTenant } from '../../db/tenant-scope.js';
import { AppError, type FieldError } from '../../http/errors.js';
import { refuseWhileImpersonating } from '../../http/tenant-context.js';
import type { Principal } from '../../http/tokens.js';
import type { HubService } from '../../hub/index.js';
import type { AuthService } from '../auth/auth.service.js';
import { hashPassword } from '../auth/passwords.js';
import type { TenantsService } from '../tenants/tenants.service.js';
import { readImportFile, writeUsersWorkbook } from './import-file.js';
import * as repo from './users.repository.js';

const isSuper = (p: Principal) => p.roles.includes('Superadmin');
/** Roles only a super administrator may give or hold over others. */
const HIGH_ROLES: Role[] = ['Superadmin', 'PartnerManager'];

/** A super administrator reaches every user; a tenant administrator the members of their active tenant. */
type UserScope = { all: true; tenantId: string | null } | { all: false; tenantId: string };

function scopeOf(principal: Principal): UserScope {
  if (isSuper(principal)) return { all: true, tenantId: principal.tenantId };
  if (!principal.roles.includes('TenantAdmin')) throw new AppError('forbidden');
  if (!principal.tenantId) throw new AppError('noActiveTenant');
  return { all: false, tenantId: principal.tenantId };
}

const invalid = (errors: FieldError[]) =>
  new AppError('validation', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);

type DbError = { code?: string; constraint?: string; cause?: DbError };
/** The database error behind err (drivers and drizzle wrap it in `cause`), if any. */
const dbErrorOf = (err: unknown): DbError | undefined => {
  const e = typeof err === 'object' && err !== null ? (err as DbError) : undefined;
  return e?.code ? e : e?.cause?.code ? e.cause : undefined;
};
const uniqueViolation = (err: unknown) => dbErrorOf(err)?.code === '23505';

/** The unique index on lower(email): only its violation means the email is taken. */
const EMAIL_INDEX = 'users_email_idx';

/**
 * A unique violation from writing a user, as the caller should see it: 'emailTaken' for the email
 * index only; any other (a membership or group written twice by a concurrent change) is a plain conflict.
 */
export function writeConflict(err: unknown): unknown {
  const db = dbErrorOf(err);
  if (db?.code !== '23505') return err;
  if (db.constraint === EMAIL_INDEX) {
    return new AppError('conflict', 'An account with this email already exists', [
      { field: 'email', message: 'emailTaken' },
    ]);
  }
  return new AppError('conflict', 'Someone changed this user at the same time; reload and try again');
}

export function createUsersService(db: Db, deps: { auth: AuthService; tenants: TenantsService; hub: HubService }) {
  const tx = <T>(run: (conn: Db) => Promise<T>) => db.transaction((t) => run(t as unknown as Db));

  /** The user, if the caller may manage them; otherwise 404, exactly as for a missing user. */
  async function loadInScope(conn: Db, scope: UserScope, id: string) {
    const user = await repo.findUser(conn, id);
    if (!user || (!scope.all && !(await repo.isMember(conn, id, scope.tenantId)))) {
      throw new AppError('notFound', 'No such user');
    }
    return user;
  }

  /** A tenant administrator may not act on accounts above them. */
  async function assertCanManage(conn: Db, principal: Principal, target: repo.UserRow) {
    if (isSuper(principal)) return;
    const roles = await repo.rolesOf(conn, target.id);
    if (roles.some((r) => HIGH_ROLES.includes(r))) {
      throw new AppError('forbidden', 'Only a super administrator can manage this account');
    }
  }

  /**
   * Password, email and roles belong to the account in every tenant it is in (roles are global).
   * Anyone but a super administrator may change them only when the user is in no tenant besides the
   * caller's own: otherwise an administrator of one tenant could take over an account of another,
   * or make someone an administrator there.
   */
  async function assertOwnsAccount(conn: Db, principal: Principal, targetId: string, fields: string[]) {
    if (isSuper(principal) || !fields.length) return;
    const mine = new Set(await repo.tenantIdsOf(conn, principal.userId));
    const elsewhere = (await repo.tenantIdsOf(conn, targetId)).some((id) => !mine.has(id));
    if (elsewhere) {
      throw new AppError(
        'forbidden',
        `This user also belongs to tenants you do not administer; only a super administrator can change their ${fields.join(', ')}`,
        fields.map((field) => ({ field, message: 'userInOtherTenants' })),
      );
    }
  }

  async function details(conn: Db, scope: UserScope, user: repo.UserRow, manageable: string[] | 'all'): Promise<User> {
    const tenantIds = await repo.tenantIdsOf(conn, user.id);
    // A tenant administrator sees the user within their own tenants only.
    const visibleTenants = manageable === 'all' ? tenantIds : tenantIds.filter((id) => manageable.includes(id));
    const groups = (await repo.groupsOf(conn, user.id)).filter((g) => visibleTenants.includes(g.tenantId));
    const shownGroups = scope.tenantId ? groups.filter((g) => g.tenantId === scope.tenantId) : groups;
    return {
      id: user.id,
      name: user.name,
      surname: user.surname,
      fullName: [user.name, user.surname].filter(Boolean).join(' '),
      email: user.email,
      imagePath: user.imagePath,
      rolesNames: await repo.rolesOf(conn, user.id),
      groupsNames: shownGroups.map((g) => g.name),
      deletedAt: user.deletedAt,
      language: user.language,
      tenantIds: visibleTenants,
      groupIds: groups.map((g) => g.id),
      createdAt: user.createdAt,
    };
  }
  /** Tenants whose memberships the caller may change: every one for a super administrator, else their own. */
  async function manageableTenants(conn: Db, principal: Principal): Promise<string[] | 'all'> {
    if (isSuper(principal)) return 'all';
    return repo.tenantIdsOf(conn, principal.userId);
  }

  /** Checks tenants, groups and roles of a user body against what the caller may give. */
  async function checkBody(conn: Db, principal: Principal, body: UserBody, manageable: string[] | 'all') {
    const errors: FieldError[] = [];
    if (!isSuper(principal)) {
      body.roles.forEach((r, i) => {
        if (HIGH_ROLES.includes(r)) errors.push({ field: `roles.${i}`, message: 'onlySuperadmin' });
      });
      if (errors.length) throw new AppError('forbidden', 'Only a super administrator can give this role', errors);
    }
    const live = await repo.liveTenantIds(conn, body.tenantIds);
    body.tenantIds.forEach((id, i) => {
      if (!live.has(id) || (manageable !== 'all' && !manageable.includes(id))) {
        errors.push({ field: `tenantIds.${i}`, message: 'unknownTenant' });
      }
    });
    const groups = await repo.groupsByIds(conn, body.groupIds);
    body.groupIds.forEach((id, i) => {
      const g = groups.find((x) => x.id === id);
      const reachable =
        g && body.tenantIds.includes(g.tenantId) && (manageable === 'all' || manageable.includes(g.tenantId));
      if (!reachable) errors.push({ field: `groupIds.${i}`, message: 'unknownGroup' });
    });
    if (errors.length) throw invalid(errors);
  }

  async function assertEmailFree(conn: Db, email: string, exceptId?: string) {
    const other = await repo.findUserByEmail(conn, email);
    if (other && other.id !== exceptId) {
      throw new AppError('conflict', 'An account with this email already exists', [
        { field: 'email', message: 'emailTaken' },
      ]);
    }
  }

  /** Every group must be the tenant's: 400 for a filter, 404 (as if missing) when acting on them. */
  async function groupsInTenant(conn: Db, tenantId: string, groupIds: string[], code: 'validation' | 'notFound') {
    const groups = await repo.groupsByIds(conn, groupIds);
    const errors: FieldError[] = [];
    groupIds.forEach((id, i) => {
      if (!groups.some((g) => g.id === id && g.tenantId === tenantId)) {
        errors.push({ field: `groupIds.${i}`, message: 'unknownGroup' });
      }
    });
    if (errors.length) throw new AppError(code, 'No such group in the active tenant', errors);
  }

  async function usersInTenant(conn: Db, tenantId: string, userIds: string[]) {
    const members = await repo.membersAmong(conn, tenantId, userIds);
    const errors: FieldError[] = [];
    userIds.forEach((id, i) => {
      if (!members.has(id)) errors.push({ field: `userIds.${i}`, message: 'unknownUser' });
    });
    if (errors.length) throw new AppError('notFound', 'No such user in the active tenant', errors);
  }

  /** Validates import rows against the active tenant; every problem of every row is reported. */
  async function validateImport(conn: Db, tenantId: string, rows: ImportRow[]) {
    const groups = await repo.groupsOfTenant(conn, tenantId);
    const byName = new Map(groups.map((g) => [g.name.trim().toLowerCase(), g.id]));
    const emails = rows.map((r) => r.email.trim().toLowerCase());
    const taken = await repo.takenEmails(
      conn,
      emails.filter((e) => emailSchema.safeParse(e).success),
    );
    const seen = new Map<string, number>();
    for (const e of emails) seen.set(e, (seen.get(e) ?? 0) + 1);
    return rows.map((row, i) => {
      const errors: FieldError[] = [];
      const email = emails[i]!;
      if (!row.name.trim()) errors.push({ field: 'name', message: 'required' });
      else if (row.name.trim().length > USER_LIMITS.nameMax) errors.push({ field: 'name', message: 'tooLong' });
      if (row.surname.trim().length > USER_LIMITS.nameMax) errors.push({ field: 'surname', message: 'tooLong' });
      if (!email) errors.push({ field: 'email', message: 'required' });
      else if (!emailSchema.safeParse(email).success) errors.push({ field: 'email', message: 'invalidEmail' });
      else if ((seen.get(email) ?? 0) > 1) errors.push({ field: 'email', message: 'duplicateInFile' });
      else if (taken.has(email)) errors.push({ field: 'email', message: 'emailTaken' });
      const role = row.role.trim().toLowerCase() || 'user';
      if (!(role in IMPORT_ROLES)) errors.push({ field: 'role', message: 'unknownRole' });
      const groupIds: string[] = [];
      row.groups.forEach((name, g) => {
        const id = byName.get(name.trim().toLowerCase());
        if (id) groupIds.push(id);
        else errors.push({ field: `groups.${g}`, message: 'unknownGroup' });
      });
      const language = row.language.trim().toLowerCase() || 'en';
      if (!(LANGUAGES as readonly string[]).includes(language))
        errors.push({ field: 'language', message: 'unknownLanguage' });
      return {
        row,
        errors,
        user: {
          name: row.name.trim(),
          surname: row.surname.trim(),
          email: row.email.trim(),
          role: IMPORT_ROLES[role as keyof typeof IMPORT_ROLES],
          groupIds: [...new Set(groupIds)],
          language,
        },
      };
    });
  }

  /** Sessions of a user whose account changed under them end, so the next sign-in sees the change. */
  const endSessions = (userId: string, reason: string) => deps.auth.revokeAllOf(userId, reason);

  /** Taken out of some tenants: only their sessions working in those tenants end. */
  async function endSessionsIn(userId: string, tenantIds: string[]) {
    for (const tenantId of tenantIds) await deps.auth.revokeUserSessionsInTenant(userId, tenantId, 'removedFromTenant');
  }

  const service = {
    async list(principal: Principal, q: UserListQuery) {
      const scope = scopeOf(principal);
      if (q.groupIds.length) {
        // The group filter is the active tenant's.
        if (!scope.tenantId) throw new AppError('noActiveTenant', 'Choose an active tenant to filter by group');
        await groupsInTenant(db, scope.tenantId, q.groupIds, 'validation');
      }
      const filter: repo.UserListFilter = {
        tenantId: scope.all ? undefined : scope.tenantId,
        groupsTenantId: scope.tenantId ?? undefined,
        search: q.search,
        roles: q.roles.map((r) => ROLE_FILTERS[r]),
        groupIds: q.groupIds,
        sort: q.sort,
        direction: q.direction,
        limit: q.take,
        offset: (q.page - 1) * q.take,
      };
      // Without an active tenant, a super administrator sees each user's groups in every tenant.
      const read = <T>(fn: () => Promise<T>) =>
        filter.groupsTenantId ? fn() : crossTenant('users list: groups of every tenant', fn);
      const rows = await read(() => repo.listUsers(db, filter));
      const total = rows[0]?.total ?? (filter.offset > 0 ? await read(() => repo.countUsers(db, filter)) : 0);
      return {
        data: rows.map(({ total: _t, ...r }) => ({ ...r, fullName: [r.name, r.surname].filter(Boolean).join(' ') })),
        total,
        page: q.page,
        take: q.take,
      };
    },

    async get(principal: Principal, id: string) {
      const scope = scopeOf(principal);
      return details(db, scope, await loadInScope(db, scope, id), await manageableTenants(db, principal));
    },

    async create(principal: Principal, body: UserBody) {
      const scope = scopeOf(principal);
      const input = { ...body, tenantIds: body.tenantIds.length || scope.all ? body.tenantIds : [scope.tenantId] };
      try {
        const created = await tx(async (conn) => {
          const manageable = await manageableTenants(conn, principal);
          await checkBody(conn, principal, input, manageable);
          await assertEmailFree(conn, input.email);
          const checkQuota = await deps.tenants.userQuotaGuard(conn, principal, input.tenantIds);
          const [user] = await repo.insertUsers(conn, [
            {
              name: input.name,
              surname: input.surname,
              email: input.email,
              language: input.language ?? 'en',
              passwordHash: input.password ? await hashPassword(input.password) : null,
              activeTenantId: input.tenantIds.length === 1 ? input.tenantIds[0] : null,
            },
          ]);
          await repo.setRoles(conn, user!.id, input.roles);
          await repo.setMemberships(conn, user!.id, input.tenantIds, 'all');
          await repo.setGroups(conn, user!.id, input.groupIds, 'all');
          await checkQuota();
          return user!;
        });
        return details(db, scope, created, await manageableTenants(db, principal));
      } catch (err) {
        throw writeConflict(err);
      }
    },

    async update(principal: Principal, id: string, body: UserBody) {
      const scope = scopeOf(principal);
      try {
        const { user, changed, removed } = await tx(async (conn) => {
          const target = await loadInScope(conn, scope, id);
          await assertCanManage(conn, principal, target);
          if (target.deletedAt) throw new AppError('conflict', 'Restore the user before editing them');
          const emailChanged = body.email.toLowerCase() !== target.email.toLowerCase();
          if (emailChanged) refuseWhileImpersonating(principal, 'Email addresses');
          if (body.password) refuseWhileImpersonating(principal, 'Passwords');
          const manageable = await manageableTenants(conn, principal);
          await checkBody(conn, principal, body, manageable);
          const rolesBefore = await repo.rolesOf(conn, id);
          const rolesChanged = [...rolesBefore].sort().join() !== [...body.roles].sort().join();
          await assertOwnsAccount(conn, principal, id, [
            ...(body.password ? ['password'] : []),
            ...(emailChanged ? ['email'] : []),
            ...(rolesChanged ? ['roles'] : []),
          ]);
          if (emailChanged) await assertEmailFree(conn, body.email, id);
          const checkQuota = await deps.tenants.userQuotaGuard(conn, principal, body.tenantIds);
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
          await checkQuota();
          return {
            user: (await repo.findUser(conn, id))!,
            changed: rolesChanged || !!body.password || emailChanged,
            removed,
          };
        });
        if (changed) await endSessions(id, 'accountChanged');
        else await endSessionsIn(id, removed);
        await deps.hub.userGroupsChanged(id);
        return details(db, scope, user, await manageableTenants(db, principal));
      } catch (err) {
        throw writeConflict(err);
      }
    },

    /** Soft delete by a super administrator; the user's sessions end (they get LogOut). */
    async remove(principal: Principal, ids: string[]) {
      if (ids.includes(principal.userId)) {
        throw new AppError('validation', 'You cannot delete your own account here', [
          { field: 'ids', message: 'cannotDeleteYourself' },
        ]);
      }
      refuseWhileImpersonating(principal, 'Accounts');
      const deleted = await tx(async (conn) => {
        const found = await Promise.all(ids.map((id) => repo.findUser(conn, id)));
        const missing = ids.filter((_, i) => !found[i]);
        if (missing.length) throw new AppError('notFound', `No such user: ${missing.join(', ')}`);
        return repo.markDeleted(conn, ids);
      });
      for (const { id } of deleted) await endSessions(id, 'userDeleted');
      return deleted.length;
    },

    /** Undoes a deletion; like deleting, for super administrators only. */
    async restore(principal: Principal, id: string) {
      if (!isSuper(principal)) throw new AppError('forbidden', 'Only a super administrator can restore a user');
      const scope = scopeOf(principal);
      const user = await tx(async (conn) => {
        const target = await loadInScope(conn, scope, id);
        await assertCanManage(conn, principal, target);
        if (!target.deletedAt) return target;
        const checkQuota = await deps.tenants.userQuotaGuard(conn, principal, await repo.tenantIdsOf(conn, id));
        await repo.restore(conn, id);
        await checkQuota();
        return (await repo.findUser(conn, id))!;
      });
      return details(db, scope, user, await manageableTenants(db, principal));
    },

    async setGroups(principal: Principal, userIds: string[], groupIds: string[], assign: boolean) {
      const scope = scopeOf(principal);
      if (!scope.tenantId) throw new AppError('noActiveTenant', 'Choose the tenant whose groups to change');
      const tenantId = scope.tenantId;
      await tx(async (conn) => {
        await groupsInTenant(conn, tenantId, groupIds, 'notFound');
        await usersInTenant(conn, tenantId, userIds);
        if (assign) {
          await repo.addGroupMembers(
            conn,
            userIds.flatMap((userId) => groupIds.map((groupId) => ({ userId, groupId }))),
          );
        } else {
          await repo.removeGroupMembers(conn, userIds, groupIds);
        }
      });
      for (const id of userIds) await deps.hub.userGroupsChanged(id);
    },

    /** PUT /auth/resetpassword/{id}: a super administrator (anyone) or tenant administrator (their tenant's users). */
    async resetPassword(principal: Principal, id: string, password: string) {
      refuseWhileImpersonating(principal, 'Passwords');
      if (id === principal.userId) {
        throw new AppError('validation', 'Change your own password from your profile', [
          { field: 'id', message: 'useChangePassword' },
        ]);
      }
      const scope = scopeOf(principal);
      const target = await loadInScope(db, scope, id);
      await assertCanManage(db, principal, target);
      await assertOwnsAccount(db, principal, id, ['password']);
      if (target.deletedAt) throw new AppError('conflict', 'Restore the user before resetting their password');
      await repo.updateUser(db, id, { passwordHash: await hashPassword(password) });
      await endSessions(id, 'passwordReset');
      return true as const;
    },

    /**
     * Live users for a select: of one tenant, or of every tenant the caller may see; a page of those
     * matching `search`, or exactly `ids` (to label users already chosen). Every query carries the
     * caller's scope, so ids of users outside it simply are not answered.
     */
    async dataselect(principal: Principal, query: Partial<UserSelectQuery> = {}) {
      const { tenantId, search, ids } = query;
      const narrow = ids?.length
        ? { ids, limit: ids.length }
        : { search, limit: query.take ?? USER_SELECT.takeDefault };
      if (isSuper(principal)) return repo.userOptions(db, { tenantId, ...narrow });
      if (principal.roles.includes('PartnerManager')) {
        const scope = await deps.tenants.scopeOf(principal).catch(() => null);
        if (scope && !scope.all) {
          const family = [scope.partnerTenantId, ...(await deps.tenants.inScope(principal)).map((t) => t.id)];
          if (tenantId && !family.includes(tenantId)) throw new AppError('notFound', 'No such tenant');
          return repo.userOptions(db, { ...(tenantId ? { tenantId } : { tenantIds: family }), ...narrow });
        }
      }
      if (!principal.tenantId) throw new AppError('noActiveTenant');
      if (tenantId && tenantId !== principal.tenantId) throw new AppError('notFound', 'No such tenant');
      return repo.userOptions(db, { tenantId: principal.tenantId, ...narrow });
    },

    /** Coaches of the active tenant: its tenant administrators. */
    async coaches(principal: Principal) {
      if (!principal.tenantId) throw new AppError('noActiveTenant');
      return repo.userOptions(db, { tenantId: principal.tenantId, role: 'TenantAdmin' });
    },

    /** Reads an import file and reports every row with its problems; writes nothing. */
    async importPreview(principal: Principal, data: Buffer): Promise<ImportPreview> {
      const scope = scopeOf(principal);
      if (!scope.tenantId) throw new AppError('noActiveTenant', 'Choose the tenant to import users into');
      const parsed = await readImportFile(data);
      const rows: ImportRow[] = parsed.map((p) => ({
        line: p.line,
        name: p.cells.name,
        surname: p.cells.surname,
        email: p.cells.email,
        role: p.cells.role,
        groups: p.cells.groups
          .split(/[,;]/)
          .map((g) => g.trim())
          .filter(Boolean),
        language: p.cells.language,
      }));
      const checked = await validateImport(db, scope.tenantId, rows);
      const out = checked.map((c) => ({ ...c.row, errors: c.errors }));
      const invalidCount = out.filter((r) => r.errors.length).length;
      return { rows: out, valid: out.length - invalidCount, invalid: invalidCount };
    },

    /** Creates every row's user in the active tenant, or none at all when any row is wrong. */
    async importConfirm(principal: Principal, rows: ImportRow[]) {
      const scope = scopeOf(principal);
      if (!scope.tenantId) throw new AppError('noActiveTenant', 'Choose the tenant to import users into');
      const tenantId = scope.tenantId;
      try {
        return await tx(async (conn) => {
          const checked = await validateImport(conn, tenantId, rows);
          const errors = checked.flatMap((c, i) =>
            c.errors.map((e) => ({ field: `rows.${i}.${e.field}`, message: e.message })),
          );
          if (errors.length) {
            throw new AppError('validation', `${errors.length} problem(s) in the rows; nothing was imported`, errors);
          }
          const checkQuota = await deps.tenants.userQuotaGuard(conn, principal, [tenantId]);
          const created = await repo.insertUsers(
            conn,
            checked.map((c) => ({
              name: c.user.name,
              surname: c.user.surname,
              email: c.user.email,
              language: c.user.language,
              activeTenantId: tenantId,
            })),
          );
          for (const [i, user] of created.entries()) {
            const c = checked[i]!;
            await repo.setRoles(conn, user.id, [c.user.role]);
            await repo.setMemberships(conn, user.id, [tenantId], 'all');
            await repo.setGroups(conn, user.id, c.user.groupIds, 'all');
          }
          await checkQuota();
          return { created: created.length };
        });
      } catch (err) {
        if (uniqueViolation(err)) {
          throw new AppError('conflict', 'Someone created one of these accounts meanwhile; nothing was imported');
        }
        throw err;
      }
    },

    /** The active tenant's live users as an xlsx workbook, in the import's columns. */
    async exportXlsx(principal: Principal) {
      const scope = scopeOf(principal);
      if (!scope.tenantId) throw new AppError('noActiveTenant', 'Choose the tenant whose users to export');
      const rows = await repo.exportRows(db, scope.tenantId);
      return writeUsersWorkbook(
        rows.map((r) => ({
          name: r.name,
          surname: r.surname,
          email: r.email,
          role: r.roles.includes('TenantAdmin') ? 'admin' : 'user',
          groups: r.groups,
          language: r.language,
        })),
      );
    },
  };
  // An account's details and edits reach its groups and memberships in every tenant the caller
  // manages (every tenant for a super administrator), not only the active one; the scope checks
  // above keep them to those tenants.
  const account = 'users: account administration';
  return {
    ...service,
    get: acrossTenants(account, service.get),
    create: acrossTenants(account, service.create),
    update: acrossTenants(account, service.update),
    restore: acrossTenants(account, service.restore),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

import { HIGH_ROLES, type UserBody } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError, type FieldError, fieldErrors } from '../../http/errors.js';
import type { Principal } from '../../http/tokens.js';
import { isSuper } from './user-access.js';
import * as repo from './users.repository.js';

// Checks of what a caller sends about users; field checks report every problem at once.

/** Checks tenants, groups and roles of a user body against what the caller may give. */
export async function checkBody(conn: Db, principal: Principal, body: UserBody, manageable: string[] | 'all') {
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
  if (errors.length) throw fieldErrors(errors);
}

export async function assertEmailFree(conn: Db, email: string, exceptId?: string) {
  const other = await repo.findUserByEmail(conn, email);
  if (other && other.id !== exceptId) {
    throw new AppError('conflict', 'An account with this email already exists', [
      { field: 'email', message: 'emailTaken' },
    ]);
  }
}

/** Every group must be the tenant's: 400 for a filter, 404 (as if missing) when acting on them. */
export async function groupsInTenant(conn: Db, tenantId: string, groupIds: string[], code: 'validation' | 'notFound') {
  const groups = await repo.groupsByIds(conn, groupIds);
  const errors: FieldError[] = [];
  groupIds.forEach((id, i) => {
    if (!groups.some((g) => g.id === id && g.tenantId === tenantId)) {
      errors.push({ field: `groupIds.${i}`, message: 'unknownGroup' });
    }
  });
  if (errors.length) throw new AppError(code, 'No such group in the active tenant', errors);
}

/** Every user must be a member of the tenant: 404 (as if missing) otherwise. */
export async function usersInTenant(conn: Db, tenantId: string, userIds: string[]) {
  const members = await repo.membersAmong(conn, tenantId, userIds);
  const errors: FieldError[] = [];
  userIds.forEach((id, i) => {
    if (!members.has(id)) errors.push({ field: `userIds.${i}`, message: 'unknownUser' });
  });
  if (errors.length) throw new AppError('notFound', 'No such user in the active tenant', errors);
}

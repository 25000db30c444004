import type { User } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { isSharedBeyond, type UserScope } from './user-access.js';
import * as repo from './users.repository.js';
import { fullNameOf } from './users-list.repository.js';

/** The user as GET /users/{id} answers it, seen from the caller's scope and manageable tenants. */
export async function userDetails(
  conn: Db,
  scope: UserScope,
  user: repo.UserRow,
  manageable: string[] | 'all',
): Promise<User> {
  const tenantIds = await repo.tenantIdsOf(conn, user.id);
  // A tenant administrator sees the user within their own tenants only.
  const visibleTenants = manageable === 'all' ? tenantIds : tenantIds.filter((id) => manageable.includes(id));
  const groups = (await repo.groupsOf(conn, user.id)).filter((g) => visibleTenants.includes(g.tenantId));
  const shownGroups = scope.tenantId ? groups.filter((g) => g.tenantId === scope.tenantId) : groups;
  const person = (scope.tenantId && (await repo.personIn(conn, user.id, scope.tenantId))) || repo.NO_PERSON;
  return {
    ...person,
    id: user.id,
    name: user.name,
    surname: user.surname,
    fullName: fullNameOf(user),
    email: user.email,
    imagePath: user.imagePath,
    rolesNames: await repo.rolesOf(conn, user.id),
    groupsNames: shownGroups.map((g) => g.name),
    deletedAt: user.deletedAt,
    language: user.language,
    tenantIds: visibleTenants,
    groupIds: groups.map((g) => g.id),
    createdAt: user.createdAt,
    sharedWithOtherTenants: isSharedBeyond(tenantIds, manageable),
  };
}

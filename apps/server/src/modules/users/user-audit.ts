import type { Db } from '../../db/client.js';
import * as repo from './users.repository.js';

/**
 * An account as the audit log keeps it (modules/audit): its profile, roles, tenants and groups. The
 * password hash is never part of it (the audit service strips such fields anyway).
 */
export async function userAuditView(conn: Db, id: string) {
  const user = await repo.findUser(conn, id);
  if (!user) return null;
  const [roles, tenantIds, groups] = await Promise.all([
    repo.rolesOf(conn, id),
    repo.tenantIdsOf(conn, id),
    repo.groupsOf(conn, id),
  ]);
  return {
    name: user.name,
    surname: user.surname,
    email: user.email,
    language: user.language,
    roles,
    tenantIds: tenantIds.sort(),
    groups: groups.map((g) => g.name),
  };
}

/**
 * The tenant an account's audit row belongs to: the one the caller works in, or else the account's
 * first tenant, so that its tenant administrators see what a super administrator did to it.
 */
export const auditTenantOf = (
  activeTenantId: string | null,
  ...views: ({ tenantIds: string[] } | null | undefined)[]
): string | null => activeTenantId ?? views.find((v) => v?.tenantIds.length)?.tenantIds[0] ?? null;

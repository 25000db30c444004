import type { Db } from '../../../db/client.js';
import { needTenant } from '../../../http/tenant-context.js';
import type { Principal } from '../../../http/tokens.js';
import type { HubService } from '../../../hub/index.js';
import type { AuditService } from '../../audit/audit.service.js';
import { userScopeOf } from '../user-access.js';
import { groupsInTenant, usersInTenant } from '../user-checks.js';
import * as repo from '../users.repository.js';

/** Adds users to (or removes them from) groups of the active tenant; their open apps hear of it. */
export async function setUserGroups(
  { db, hub, audit }: { db: Db; hub: HubService; audit: AuditService },
  activeTenantId: string | null,
  principal: Principal,
  change: { userIds: string[]; groupIds: string[]; assign: boolean },
) {
  const { userIds, groupIds, assign } = change;
  userScopeOf(activeTenantId, principal); // who manages users at all; its tenant check comes first, as for every users call
  const tenantId = needTenant(activeTenantId, 'Choose the tenant whose groups to change');
  await db.transaction(async (conn) => {
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
    const names = new Map((await repo.groupsByIds(conn, groupIds)).map((g) => [g.id, g.name]));
    for (const groupId of groupIds) {
      await audit.record(conn, {
        action: 'group.membersChanged',
        tenantId,
        recordType: 'group',
        recordId: groupId,
        data: { group: names.get(groupId) ?? null, [assign ? 'added' : 'removed']: userIds },
      });
    }
  });
  for (const id of userIds) await hub.userGroupsChanged(id);
}

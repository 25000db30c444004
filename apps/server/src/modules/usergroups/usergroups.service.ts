import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import * as repo from './usergroups.repository.js';

/** A tenant's user groups; every call names the tenant, so another tenant's group simply does not exist. */
export function createUserGroupsService({ db }: { db: Db }) {
  return {
    list: (tenantId: string) => repo.listGroups(db, tenantId),

    async get(tenantId: string, id: string) {
      const group = await repo.findGroup(db, tenantId, id);
      if (!group) throw new AppError('notFound');
      return group;
    },
  };
}
export type UserGroupsService = ReturnType<typeof createUserGroupsService>;

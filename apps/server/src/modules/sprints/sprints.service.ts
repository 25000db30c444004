import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import * as repo from './sprints.repository.js';

/**
 * The Sprints feature's data. Its pages are not built yet; what exists is what the tenant settings read:
 * the collaborations' statistics. The caller has checked that the tenant is one it may look at.
 */
export function createSprintsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Per collaboration of the tenant: name, users, ideas and comments (one query). */
    collaborationStats(tenantId: string) {
      return withTenant(tenantId, () => repo.collaborationStats(db, tenantId));
    },
  };
}
export type SprintsService = ReturnType<typeof createSprintsService>;

import type { DemoStep } from '../demo-step.js';
import { userGroupMembers, userGroups } from './usergroups.schema.js';

/** A group in each demo tenant; Uma User is on Northwind's staff. */
export const userGroupsDemo: DemoStep = async ({ tx, tenants, users }) => {
  const [staff] = await tx.insert(userGroups).values({ tenantId: tenants.northwind, name: 'Staff' }).returning();
  await tx.insert(userGroups).values({ tenantId: tenants.harbour, name: 'Care team' });
  await tx.insert(userGroupMembers).values({ groupId: staff!.id, userId: users['user@atrium.test']! });
};

import { randomUUID } from 'node:crypto';
import type { FeatureName, NotificationEventTypeName, Role } from '@atrium/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { crossTenant, withTenant } from '../src/db/tenant-scope.js';
import { hashPassword } from '../src/modules/auth/password-hashing.js';
import { seedTenantDefaults } from '../src/modules/index.js';
import { notificationEventTypes } from '../src/modules/notifications/notifications.schema.js';
import { tenantDepartments, tenantTeams } from '../src/modules/tenant-settings/teams.schema.js';
import { features, tenantFeatures, tenants } from '../src/modules/tenants/tenants.schema.js';
import { userGroups } from '../src/modules/usergroups/usergroups.schema.js';
import { roles as rolesTable, tenantMemberships, userRoles, users } from '../src/modules/users/users.schema.js';

export const PASSWORD = 'Correct-horse-1';

/** Test data builders: sensible defaults, any field overridable. */
export function makeFactories(db: Db) {
  let passwordHash: Promise<string> | undefined;
  return {
    PASSWORD,

    async tenant(
      overrides: Partial<typeof tenants.$inferInsert> & { features?: FeatureName[] } = {},
    ): Promise<typeof tenants.$inferSelect> {
      const { features: featureNames = [], ...values } = overrides;
      const [tenant] = await db
        .insert(tenants)
        .values({ name: `Tenant ${randomUUID().slice(0, 8)}`, ...values })
        .returning();
      // What the tenants service writes with every new tenant (its notification event types).
      await withTenant(tenant!.id, () => seedTenantDefaults(db, tenant!.id));
      if (featureNames.length) {
        const rows = await db.select().from(features).where(inArray(features.name, featureNames));
        await db.insert(tenantFeatures).values(rows.map((f) => ({ tenantId: tenant!.id, featureId: f.id })));
      }
      return tenant!;
    },

    async user(
      overrides: Partial<typeof users.$inferInsert> & { roles?: Role[]; tenantIds?: string[]; password?: string } = {},
    ): Promise<typeof users.$inferSelect> {
      const { roles = ['User'], tenantIds = [], password, ...values } = overrides;
      passwordHash ??= hashPassword(PASSWORD);
      const [user] = await db
        .insert(users)
        .values({
          email: `user-${randomUUID().slice(0, 8)}@example.test`,
          name: 'Test',
          surname: 'Person',
          passwordHash: password ? await hashPassword(password) : await passwordHash,
          gdprConfirmed: true,
          ...values,
        })
        .returning();
      if (roles.length) {
        const roleRows = await db.select().from(rolesTable).where(inArray(rolesTable.name, roles));
        await db.insert(userRoles).values(roleRows.map((r) => ({ userId: user!.id, roleId: r.id })));
      }
      if (tenantIds.length) {
        await db.insert(tenantMemberships).values(tenantIds.map((tenantId) => ({ tenantId, userId: user!.id })));
      }
      return user!;
    },

    /** The id of a tenant's notification event type (each tenant has its own, seeded with it). */
    async eventTypeId(tenantId: string, name: NotificationEventTypeName) {
      const [row] = await crossTenant('test fixtures', () =>
        db
          .select({ id: notificationEventTypes.id })
          .from(notificationEventTypes)
          .where(and(eq(notificationEventTypes.tenantId, tenantId), eq(notificationEventTypes.name, name))),
      );
      if (!row) throw new Error(`Tenant ${tenantId} has no event type ${name}`);
      return row.id;
    },

    /** A team (or department) of the tenant's list. */
    async team(tenantId: string, name = `Team ${randomUUID().slice(0, 6)}`, kind: 'teams' | 'departments' = 'teams') {
      const table = kind === 'teams' ? tenantTeams : tenantDepartments;
      const [row] = await crossTenant('test fixtures', () => db.insert(table).values({ tenantId, name }).returning());
      return row!;
    },

    async userGroup(tenantId: string, name = `Group ${randomUUID().slice(0, 6)}`) {
      const [group] = await crossTenant('test fixtures', () =>
        db.insert(userGroups).values({ tenantId, name }).returning(),
      );
      return group!;
    },
  };
}

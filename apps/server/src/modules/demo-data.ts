import { type FeatureName, ROLE, ROLES, type Role } from '@atrium/contracts';
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { crossTenant } from '../db/tenant-scope.js';
import type { Storage } from '../storage/storage.js';
import { hashPassword } from './auth/password-hashing.js';
import type { DemoContext } from './demo-step.js';
import { SERVER_MODULES, seedTenantDefaults } from './index.js';
import { features, tenantFeatures, tenants } from './tenants/tenants.schema.js';
import { roles, tenantMemberships, userRoles, users } from './users/users.schema.js';

/** The password of every demo account (documented in the README). */
export const DEMO_PASSWORD = 'Atrium-demo-1';

/**
 * Only features this version has a module for (Sprints is being built): a feature switched on without
 * one would show a tile that opens 'not available yet' (the web app leaves such items out anyway).
 */
const NORTHWIND_FEATURES: FeatureName[] = ['TimeLogs', 'Sprints', 'Documents', 'Notifications', 'Chat'];
const HARBOUR_FEATURES: FeatureName[] = ['TimeLogs', 'Notifications', 'Chat'];

type DemoUser = { email: string; name: string; surname: string; roles: Role[]; tenants: ('northwind' | 'harbour')[] };
const DEMO_USERS: DemoUser[] = [
  { email: 'superadmin@atrium.test', name: 'Sam', surname: 'Super', roles: [ROLE.Superadmin], tenants: [] },
  {
    email: 'partner@atrium.test',
    name: 'Pat',
    surname: 'Partner',
    roles: [ROLE.PartnerManager],
    tenants: ['northwind'],
  },
  { email: 'admin@atrium.test', name: 'Ada', surname: 'Admin', roles: [ROLE.TenantAdmin], tenants: ['northwind'] },
  { email: 'user@atrium.test', name: 'Uma', surname: 'User', roles: [ROLE.User], tenants: ['northwind', 'harbour'] },
];

/**
 * Demo data: two tenants (Northwind is a partner tenant running Harbour) with their features and one
 * account per role, written here; then every module's `demo` step (modules/index.ts) adds its content.
 * Runs once, after the reference data (the modules' seed steps): does nothing when any tenant exists.
 */
export const seedDemo = (db: Db, storage?: Storage) => crossTenant('seed: demo data', () => insertDemo(db, storage));

async function insertDemo(db: Db, storage: Storage | undefined) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(tenants);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [northwind] = await tx
      .insert(tenants)
      .values({
        name: 'Northwind Partners',
        mainMail: 'hello@northwind.test',
        isPartnerTenant: true,
        maxUsersCanCreate: 50,
        maxTenantsCanCreate: 5,
        customTenantProperties: { primaryColor: '#4f46e5', secondaryColor: '#0ea5e9', fontFamily: null },
      })
      .returning();
    const [harbour] = await tx
      .insert(tenants)
      .values({
        name: 'Harbour Care',
        mainMail: 'office@harbour.test',
        partnerTenantId: northwind!.id,
        customTenantProperties: { primaryColor: '#0f766e', secondaryColor: '#f59e0b', fontFamily: null },
      })
      .returning();
    const byKey = { northwind: northwind!.id, harbour: harbour!.id };
    // What every new tenant gets (its notification event types), as the tenants service writes it.
    for (const tenantId of Object.values(byKey)) await seedTenantDefaults(tx as unknown as Db, tenantId);

    const featureRows = await tx.select().from(features);
    const featureId = (name: FeatureName) => featureRows.find((f) => f.name === name)!.id;
    const mobile: FeatureName[] = ['Sprints', 'ToolBox', 'PersonalPlan'];
    await tx.insert(tenantFeatures).values([
      ...NORTHWIND_FEATURES.map((f) => ({
        tenantId: northwind!.id,
        featureId: featureId(f),
        mobile: mobile.includes(f),
        customTitle: f === 'TimeLogs' ? 'Hours' : null,
      })),
      ...HARBOUR_FEATURES.map((f) => ({ tenantId: harbour!.id, featureId: featureId(f) })),
    ]);

    const roleRows = await tx
      .select()
      .from(roles)
      .where(inArray(roles.name, [...ROLES]));
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          email: u.email,
          name: u.name,
          surname: u.surname,
          passwordHash,
          gdprConfirmed: true,
          activeTenantId: u.tenants.length === 1 ? byKey[u.tenants[0]!] : null,
        })),
      )
      .returning();
    for (const demo of DEMO_USERS) {
      const user = created.find((c) => c.email === demo.email)!;
      await tx
        .insert(userRoles)
        .values(demo.roles.map((r) => ({ userId: user.id, roleId: roleRows.find((x) => x.name === r)!.id })));
      if (demo.tenants.length) {
        await tx.insert(tenantMemberships).values(demo.tenants.map((t) => ({ userId: user.id, tenantId: byKey[t] })));
      }
    }
    // Then each module's own demo content, in the server's module order.
    const demo: DemoContext = {
      tx: tx as unknown as Db,
      tenants: byKey,
      users: Object.fromEntries(created.map((c) => [c.email, c.id])),
      storage,
    };
    for (const module of SERVER_MODULES) await module.demo?.(demo);
  });
  return true;
}

import {
  type FeatureName,
  NOTIFICATION_INTERVALS,
  type NotificationEventTypeName,
  ROLES,
  type Role,
} from '@atrium/contracts';
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { crossTenant } from '../db/tenant-scope.js';
import type { Storage } from '../storage/storage.js';
import { hashPassword } from './auth/password-hashing.js';
import { seedClientsDemo } from './clients/clients.demo.js';
import { seedDocumentsDemo } from './documents/documents.demo.js';
import { seedHomeDemo } from './home/home.demo.js';
import {
  notificationEventTypes,
  notificationSubscriptions,
  notifications,
} from './notifications/notifications.schema.js';
import { features, tenantFeatures, tenants } from './tenants/tenants.schema.js';
import { seedTimelogsDemo } from './timelogs/timelogs.demo.js';
import { userGroupMembers, userGroups } from './usergroups/usergroups.schema.js';
import { roles, tenantMemberships, userRoles, users } from './users/users.schema.js';

/** The password of every demo account (documented in the README). */
export const DEMO_PASSWORD = 'Atrium-demo-1';

const NORTHWIND_FEATURES: FeatureName[] = [
  'News',
  'Calendar',
  'TimeLogs',
  'Sprints',
  'Documents',
  'Notifications',
  'ToolBox',
  'PersonalPlan',
  'Chat',
  'Messages',
];
const HARBOUR_FEATURES: FeatureName[] = ['News', 'TimeLogs', 'Notifications', 'Chat'];

type DemoUser = { email: string; name: string; surname: string; roles: Role[]; tenants: ('northwind' | 'harbour')[] };
const DEMO_USERS: DemoUser[] = [
  { email: 'superadmin@atrium.test', name: 'Sam', surname: 'Super', roles: ['Superadmin'], tenants: [] },
  { email: 'partner@atrium.test', name: 'Pat', surname: 'Partner', roles: ['PartnerManager'], tenants: ['northwind'] },
  { email: 'admin@atrium.test', name: 'Ada', surname: 'Admin', roles: ['TenantAdmin'], tenants: ['northwind'] },
  { email: 'user@atrium.test', name: 'Uma', surname: 'User', roles: ['User'], tenants: ['northwind', 'harbour'] },
];

/**
 * Demo data across the modules: two tenants (Northwind is a partner tenant running Harbour), one
 * account per role, groups and notifications. Runs once, after the reference data (MODULES' seed
 * steps): does nothing when any tenant exists. It writes both tenants' content.
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
    await seedClientsDemo(tx, byKey);

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
    const [staff] = await tx.insert(userGroups).values({ tenantId: northwind!.id, name: 'Staff' }).returning();
    await tx.insert(userGroups).values({ tenantId: harbour!.id, name: 'Care team' });
    const uma = created.find((c) => c.email === 'user@atrium.test')!;
    await tx.insert(userGroupMembers).values({ groupId: staff!.id, userId: uma.id });

    // Uma reads a daily digest of two event types, so the 'Send daily mails' button has mail to send.
    const eventTypeRows = await tx.select().from(notificationEventTypes);
    const eventTypeId = (name: NotificationEventTypeName) => eventTypeRows.find((e) => e.name === name)!.id;
    const daily = NOTIFICATION_INTERVALS.OnceADay;
    await tx.insert(notificationSubscriptions).values([
      { userId: uma.id, tenantId: northwind!.id, eventTypeId: eventTypeId('NewsPublished'), interval: daily },
      { userId: uma.id, tenantId: northwind!.id, eventTypeId: eventTypeId('DocumentAdded'), interval: daily },
      { userId: uma.id, tenantId: harbour!.id, eventTypeId: eventTypeId('NewsPublished'), interval: daily },
      {
        userId: uma.id,
        tenantId: northwind!.id,
        eventTypeId: eventTypeId('MessageReceived'),
        interval: NOTIFICATION_INTERVALS.Immediately,
      },
    ]);
    await tx.insert(notifications).values([
      {
        userId: uma.id,
        tenantId: northwind!.id,
        eventTypeId: eventTypeId('NewsPublished'),
        title: 'Summer party on 20 June',
        body: 'Join us in the courtyard from 16:00. Partners welcome.',
      },
      {
        userId: uma.id,
        tenantId: northwind!.id,
        eventTypeId: eventTypeId('DocumentAdded'),
        title: 'Employee handbook 2026',
        body: 'The new handbook is under Documents.',
      },
      {
        userId: uma.id,
        tenantId: harbour!.id,
        eventTypeId: eventTypeId('NewsPublished'),
        title: 'New visiting hours',
        body: 'From Monday, visits are welcome 10:00-19:00.',
      },
      // Immediate, not daily: shown in the app, never in the digest.
      {
        userId: uma.id,
        tenantId: northwind!.id,
        eventTypeId: eventTypeId('MessageReceived'),
        title: 'Ada Admin sent you a message',
      },
    ]);
    await seedTimelogsDemo(tx as unknown as Db, {
      ...byKey,
      users: Object.fromEntries(created.map((c) => [c.email, c.id])),
    });
    await seedDocumentsDemo(tx, { northwind: northwind!.id, storage });
    await seedHomeDemo(tx as unknown as Db, byKey);
  });
  return true;
}

import { ROLE } from '@atrium/contracts';
import type { DemoStep } from '../demo-step.js';
import { insertAuditEntry } from './audit.repository.js';

/** That day's hour (UTC), or an hour ago when that is still to come: no entry lies in the future. */
const daysAgo = (days: number, hour: number) => {
  const at = new Date(Date.now() - days * 86_400_000);
  at.setUTCHours(hour, 15, 0, 0);
  return at.getTime() < Date.now() ? at : new Date(Date.now() - 3_600_000);
};

/**
 * A week of administrative changes in the audit log, so /admin/audit shows something at first start:
 * the super administrator, the partner manager (Harbour is run by Northwind) and Northwind's
 * administrator at work, one change made while viewing as someone.
 */
export const auditDemo: DemoStep = async ({ tx, tenants, users }) => {
  const su = users['superadmin@atrium.test']!;
  const partner = users['partner@atrium.test']!;
  const admin = users['admin@atrium.test']!;
  const uma = users['user@atrium.test']!;
  const ip = '192.0.2.10';
  const rows = [
    {
      createdAt: daysAgo(6, 8),
      actorId: su,
      action: 'tenant.created',
      tenantId: tenants.northwind,
      recordType: 'tenant',
      recordId: tenants.northwind,
      after: { name: 'Northwind', mainMail: 'hello@northwind.test', isPartnerTenant: true },
    },
    {
      createdAt: daysAgo(5, 9),
      actorId: partner,
      action: 'tenant.created',
      tenantId: tenants.harbour,
      recordType: 'tenant',
      recordId: tenants.harbour,
      after: { name: 'Harbour Care', mainMail: 'office@harbour.test' },
    },
    {
      createdAt: daysAgo(4, 10),
      actorId: admin,
      action: 'user.created',
      tenantId: tenants.northwind,
      recordType: 'user',
      recordId: uma,
      targetUserId: uma,
      after: { name: 'Uma', surname: 'User', email: 'user@atrium.test', roles: [ROLE.User] },
    },
    {
      createdAt: daysAgo(3, 11),
      actorId: partner,
      action: 'tenant.updated',
      tenantId: tenants.harbour,
      recordType: 'tenant',
      recordId: tenants.harbour,
      before: { phoneNumber: null },
      after: { phoneNumber: '+45 70 20 30 40' },
    },
    {
      createdAt: daysAgo(2, 12),
      actorId: su,
      action: 'tenant.featuresChanged',
      tenantId: tenants.northwind,
      recordType: 'tenantFeatureItems',
      recordId: tenants.northwind,
      before: { Documents: { customTitle: null, customDescription: null } },
      after: { Documents: { customTitle: 'Handbook', customDescription: null } },
    },
    {
      createdAt: daysAgo(1, 9),
      actorId: su,
      action: 'impersonation.started',
      tenantId: tenants.northwind,
      recordType: 'user',
      recordId: admin,
      targetUserId: admin,
    },
    {
      createdAt: daysAgo(1, 9),
      actorId: admin,
      realActorId: su,
      action: 'user.updated',
      tenantId: tenants.northwind,
      recordType: 'user',
      recordId: uma,
      targetUserId: uma,
      before: { language: 'en' },
      after: { language: 'da' },
    },
    {
      createdAt: daysAgo(0, 7),
      actorId: admin,
      action: 'password.resetByAdmin',
      tenantId: tenants.northwind,
      recordType: 'user',
      recordId: uma,
      targetUserId: uma,
      data: { email: 'user@atrium.test' },
    },
  ] as const;
  for (const row of rows) await insertAuditEntry(tx, { ip, ...row });
};

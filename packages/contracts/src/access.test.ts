import { describe, expect, it } from 'vitest';
import { can, POLICIES, PUBLIC, roles, withFeature } from './access.js';
import { HIGH_ROLES, ROLE, ROLES, type Role, TENANT_ROLES } from './roles.js';

const as = (...list: Role[]) => ({ roles: list });

describe('can', () => {
  it('lets in exactly the roles a policy names', () => {
    expect(can(as('Superadmin'), POLICIES.superadmins)).toBe(true);
    expect(can(as('TenantAdmin'), POLICIES.superadmins)).toBe(false);
    expect(can(as('TenantAdmin'), POLICIES.tenantAdmins)).toBe(true);
    expect(can(as('PartnerManager'), POLICIES.tenantAdmins)).toBe(false);
    expect(can(as('User'), POLICIES.tenantStaff)).toBe(true);
    expect(can(as('Superadmin'), POLICIES.tenantStaff)).toBe(false);
    expect(can(as('Superadmin'), POLICIES.onlyTenantAdmins)).toBe(false);
    expect(can(as('TenantAdmin'), POLICIES.onlyTenantAdmins)).toBe(true);
    expect(can(as('Superadmin'), POLICIES.onlyPartnerManagers)).toBe(false);
    expect(can(as('PartnerManager'), POLICIES.onlyPartnerManagers)).toBe(true);
  });

  it('is enough that one of several roles is let in', () => {
    expect(can(as('User', 'TenantAdmin'), POLICIES.onlyTenantAdmins)).toBe(true);
    expect(can(as('User', 'PartnerManager'), roles(HIGH_ROLES))).toBe(true);
    expect(can(as(...TENANT_ROLES), roles(HIGH_ROLES))).toBe(false);
  });

  it('refuses nobody signed in, except for a public policy', () => {
    expect(can(null, POLICIES.tenantMembers)).toBe(false);
    expect(can(undefined, { access: 'authenticated' })).toBe(false);
    expect(can(null, PUBLIC)).toBe(true);
    expect(can(as(), { access: 'authenticated' })).toBe(true);
    expect(can(as(), POLICIES.tenantMembers)).toBe(false);
  });

  it('needs the feature of a policy that names one', () => {
    const documents = withFeature(POLICIES.tenantMembers, 'Documents');
    expect(can(as('User'), documents)).toBe(false);
    expect(can({ roles: ['User'], features: ['Clients'] }, documents)).toBe(false);
    expect(can({ roles: ['User'], features: ['Documents'] }, documents)).toBe(true);
    expect(
      can({ roles: ['TenantAdmin'], features: ['Documents'] }, withFeature(POLICIES.superadmins, 'Documents')),
    ).toBe(false);
  });
});

describe('role names', () => {
  it('ROLE names every role as itself, and the high and tenant roles split them', () => {
    expect(Object.keys(ROLE).sort()).toEqual([...ROLES].sort());
    for (const [key, value] of Object.entries(ROLE)) expect(value).toBe(key);
    expect([...HIGH_ROLES, ...TENANT_ROLES].sort()).toEqual([...ROLES].sort());
  });
});

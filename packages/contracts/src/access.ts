import type { FeatureName } from './features.js';
import type { Role } from './roles.js';

/**
 * Who may call something: everyone, any signed-in user, or a list of roles;
 * optionally only while the active tenant has a feature switched on.
 */
export type AccessPolicy =
  | { access: 'public' }
  | { access: 'authenticated'; feature?: FeatureName }
  | { access: 'roles'; roles: readonly Role[]; feature?: FeatureName };

export type AccessSubject = {
  roles: readonly Role[];
  features: readonly string[];
} | null;

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

export const PUBLIC: AccessPolicy = { access: 'public' };
export const AUTHENTICATED: AccessPolicy = { access: 'authenticated' };
export const roles = (list: readonly Role[], feature?: FeatureName): AccessPolicy => ({
  access: 'roles',
  roles: list,
  feature,
});

/** The one access rule, used by the server's policy hook and the web app's route guards alike. */
export function decideAccess(policy: AccessPolicy, subject: AccessSubject): AccessDecision {
  if (policy.access === 'public') return 'allow';
  if (!subject) return 'unauthenticated';
  if (policy.access === 'roles' && !policy.roles.some((r) => subject.roles.includes(r))) return 'forbidden';
  if (policy.feature && !subject.features.includes(policy.feature)) return 'forbidden';
  return 'allow';
}

/** Whom `can` asks about: a signed-in caller (a principal, the web's session user) or null when signed out. */
export type AccessHolder =
  | { readonly roles: readonly Role[]; readonly features?: readonly string[] }
  | null
  | undefined;

/**
 * The one way to ask about roles, on the server and in the web app alike: whether `who` may do what
 * `policy` lets in. A policy with a feature also needs `who.features` to name it. Code outside the
 * contracts names no role: it asks `can(who, POLICIES.x)`.
 */
export function can(who: AccessHolder, policy: AccessPolicy): boolean {
  return decideAccess(policy, who ? { roles: who.roles, features: who.features ?? [] } : null) === 'allow';
}

/**
 * The policies pages and API routes are declared with, named for who they let in
 * (spec part 1 §2, part 2 §6). Add a feature with `withFeature`.
 */
export const POLICIES = {
  /** Super administrators only: platform tools such as the mail outbox and view-as. */
  superadmins: roles(['Superadmin']),
  /** Super administrators and tenant administrators: the active tenant's users, clients, documents. */
  tenantAdmins: roles(['Superadmin', 'TenantAdmin']),
  /** Super administrators and partner managers: tenants and their settings. */
  tenantManagers: roles(['Superadmin', 'PartnerManager']),
  /** Everyone who administers something in a tenant: its groups. */
  groupReaders: roles(['Superadmin', 'PartnerManager', 'TenantAdmin']),
  /** Every role that works inside a tenant. */
  tenantMembers: roles(['Superadmin', 'TenantAdmin', 'User']),
  /** Users and tenant administrators (not super administrators): a tenant's own content pages. */
  tenantStaff: roles(['User', 'TenantAdmin']),
  /** Tenant administrators, not super administrators: what only a tenant's own administrator does. */
  onlyTenantAdmins: roles(['TenantAdmin']),
  /** Partner managers, not super administrators: the scope of a partner tenant. */
  onlyPartnerManagers: roles(['PartnerManager']),
} as const;

/** The same policy, also requiring the active tenant to have `feature` switched on. */
export const withFeature = (policy: AccessPolicy, feature: FeatureName): AccessPolicy =>
  policy.access === 'public' ? policy : { ...policy, feature };

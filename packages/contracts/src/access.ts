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

/** The four roles of the platform, named exactly as the API answers them. */
export const ROLES = ['Superadmin', 'PartnerManager', 'TenantAdmin', 'User'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Each role by name, for data that names one (a seed, a query's filter, a form's default). To ask
 * whether someone holds a role, use `can(who, POLICIES.x)` (access.ts).
 */
export const ROLE = {
  Superadmin: 'Superadmin',
  PartnerManager: 'PartnerManager',
  TenantAdmin: 'TenantAdmin',
  User: 'User',
} as const satisfies { [R in Role]: R };

/** Roles only a super administrator may give, or hold over others. */
export const HIGH_ROLES: readonly Role[] = [ROLE.Superadmin, ROLE.PartnerManager];
/** Roles a tenant administrator may give: the others are HIGH_ROLES. */
export const TENANT_ROLES: readonly Role[] = [ROLE.User, ROLE.TenantAdmin];

/** The users list's role filter values (spec part 1 §9) and the role each stands for. */
export const ROLE_FILTERS = {
  user: 'User',
  admin: 'TenantAdmin',
  super: 'Superadmin',
  partner: 'PartnerManager',
} as const;
export type RoleFilter = keyof typeof ROLE_FILTERS;

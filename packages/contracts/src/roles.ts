/** The four roles of the platform, named exactly as the API answers them. */
export const ROLES = ['Superadmin', 'PartnerManager', 'TenantAdmin', 'User'] as const;
export type Role = (typeof ROLES)[number];

/** The users list's role filter values (spec part 1 §9) and the role each stands for. */
export const ROLE_FILTERS = {
  user: 'User',
  admin: 'TenantAdmin',
  super: 'Superadmin',
  partner: 'PartnerManager',
} as const;
export type RoleFilter = keyof typeof ROLE_FILTERS;

/**
 * Queries about the active tenant's own settings: its general data (menu titles, logos, theme) and its
 * home content. A TenantChanged naming the tenant a session is already in means those changed. (A
 * module's own queries are refreshed by its hub events, declared in features/<module>/live.ts.)
 */
export const tenantDataKeys = [
  ['me', 'generaldata'],
  ['home', 'content'],
] as const;

import { type AccessPolicy, AUTHENTICATED, PUBLIC, roles } from './access.js';

/** One row of the spec's route and role table (part 1 §2 and part 2 §6). */
export type RouteRule = { path: string; policy: AccessPolicy };

const SUPER_TENANT = ['Superadmin', 'TenantAdmin'] as const;
const SUPER_PARTNER = ['Superadmin', 'PartnerManager'] as const;
const ALL_TENANT_ROLES = ['Superadmin', 'TenantAdmin', 'User'] as const;

const rows = (paths: string[], policy: AccessPolicy): RouteRule[] => paths.map((path) => ({ path, policy }));

/**
 * The web app's routes and who may open them, exactly as the spec's table says.
 * The web guards read this table; the server's module routes reuse the same policies.
 */
export const ROUTE_TABLE: readonly RouteRule[] = [
  ...rows(
    [
      'unathorized/maps/:tenant',
      'tenantIdDeepLinkError/:deepTenantId/:remainingPath',
      'signin',
      'signin/:error',
      'forgotpassword',
      'resetpassword',
      'active-tenant-page',
      'office365auth',
      'unauthorized',
      'pagenotfound',
    ],
    PUBLIC,
  ),
  ...rows(['home', 'profile', 'profile/edit'], AUTHENTICATED),
  ...rows(['tenants'], roles(SUPER_PARTNER)),
  ...rows(['users', 'users/:id'], roles(SUPER_TENANT)),
  ...rows(['notifications'], roles(ALL_TENANT_ROLES)),
  ...rows(['admin/documents/new'], roles(ALL_TENANT_ROLES, 'Documents')),
  ...rows(['admin/documents/documenttypes'], roles(SUPER_TENANT)),
  ...rows(
    ['admin/clients', 'admin/clients/:type/contact/:id', 'admin/clients/locations/:id', 'admin/clients/contacts/:id'],
    roles(SUPER_TENANT),
  ),
  ...rows(
    ['admin/documents', 'admin/documenttype/new', 'admin/documents/edit/documenttype/:id', 'admin/documents/edit/:id'],
    roles(SUPER_TENANT, 'Documents'),
  ),
  ...rows(['documents/:id'], roles(['User', 'TenantAdmin'], 'Documents')),
  ...rows(
    [
      'tenants/:id',
      'tenants/description/:id',
      'tenants/info/:id',
      'tenants/tags/:id',
      'tenants/folders/:id',
      'tenants/teams/:id',
      'tenants/departments/:id',
      'tenants/checklists/:id',
      'tenants/html/:id',
      'tenants/emails/:id',
      'tenants/emails/new/:tenantId',
      'tenants/emails/:tenantId/:id',
      'tenants/emailtemplate/:id',
    ],
    roles(SUPER_PARTNER),
  ),
];

/** The policy of one route of the table; throws for a path the table does not have. */
export function routePolicy(path: string): AccessPolicy {
  const rule = ROUTE_TABLE.find((r) => r.path === path);
  if (!rule) throw new Error(`Route "${path}" is not in the route table`);
  return rule.policy;
}

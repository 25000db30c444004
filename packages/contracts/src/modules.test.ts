import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from './access.js';
import type { FeatureName } from './features.js';
import { MODULES, PAGES, ROUTE_TABLE } from './modules.js';
import type { Role } from './roles.js';

const PUBLIC: AccessPolicy = { access: 'public' };
const SIGNED_IN: AccessPolicy = { access: 'authenticated' };
const roles = (list: Role[], feature?: FeatureName): AccessPolicy => ({ access: 'roles', roles: list, feature });
const S_T: Role[] = ['Superadmin', 'TenantAdmin'];
const S_P: Role[] = ['Superadmin', 'PartnerManager'];
const S_T_U: Role[] = ['Superadmin', 'TenantAdmin', 'User'];

/** The path -> policy pairs of ROUTE_TABLE as they were before the manifest (route-table.ts). */
const OLD_ROUTE_TABLE: Record<string, AccessPolicy> = {
  'unathorized/maps/:tenant': PUBLIC,
  'tenantIdDeepLinkError/:deepTenantId/:remainingPath': PUBLIC,
  signin: PUBLIC,
  'signin/:error': PUBLIC,
  forgotpassword: PUBLIC,
  resetpassword: PUBLIC,
  'active-tenant-page': PUBLIC,
  office365auth: PUBLIC,
  unauthorized: PUBLIC,
  pagenotfound: PUBLIC,
  home: SIGNED_IN,
  profile: SIGNED_IN,
  'profile/edit': SIGNED_IN,
  tenants: roles(S_P),
  users: roles(S_T),
  'users/:id': roles(S_T),
  notifications: roles(S_T_U),
  'admin/documents/new': roles(S_T_U, 'Documents'),
  // Gated by the Documents feature like its calls (issues 26, 30); the spec's table names no feature.
  'admin/documents/documenttypes': roles(S_T, 'Documents'),
  'admin/clients': roles(S_T),
  'admin/clients/:type/contact/:id': roles(S_T),
  'admin/clients/locations/:id': roles(S_T),
  'admin/clients/contacts/:id': roles(S_T),
  'admin/documents': roles(S_T, 'Documents'),
  'admin/documenttype/new': roles(S_T, 'Documents'),
  'admin/documents/edit/documenttype/:id': roles(S_T, 'Documents'),
  'admin/documents/edit/:id': roles(S_T, 'Documents'),
  'documents/:id': roles(['User', 'TenantAdmin'], 'Documents'),
  'tenants/:id': roles(S_P),
  'tenants/description/:id': roles(S_P),
  'tenants/info/:id': roles(S_P),
  'tenants/tags/:id': roles(S_P),
  'tenants/folders/:id': roles(S_P),
  'tenants/teams/:id': roles(S_P),
  'tenants/departments/:id': roles(S_P),
  'tenants/checklists/:id': roles(S_P),
  'tenants/html/:id': roles(S_P),
  'tenants/emails/:id': roles(S_P),
  'tenants/emails/new/:tenantId': roles(S_P),
  'tenants/emails/:tenantId/:id': roles(S_P),
  'tenants/emailtemplate/:id': roles(S_P),
};

/** FEATURE_MENU's feature -> path pairs (menu.ts): FEATURE_ROUTES gave each "signed in + its feature". */
const OLD_FEATURE_PATHS: Record<string, FeatureName> = {
  news: 'News',
  calendar: 'Calendar',
  messages: 'Messages',
  chat: 'Chat',
  feed: 'Feed',
  todo: 'Todo',
  poll: 'Poll',
  phonebook: 'Phonebook',
  employee: 'Employee',
  absent: 'Absent',
  marketplace: 'Marketplace',
  whistleblow: 'Whistleblow',
  dataroom: 'DataRoom',
  crm: 'CRM',
  sprints: 'Sprints',
  toolbox: 'ToolBox',
  personalplan: 'PersonalPlan',
  onboarding: 'Onboarding',
  playbook: 'PlayBook',
  roleplay: 'Roleplay',
  aiselling: 'AISelling',
};
const OLD_FEATURE_ROUTES: Record<string, AccessPolicy> = Object.fromEntries(
  Object.entries(OLD_FEATURE_PATHS).map(([path, feature]) => [path, { access: 'authenticated', feature }]),
);

/** TOOL_ROUTES (menu.ts). */
const OLD_TOOL_ROUTES: Record<string, AccessPolicy> = { 'admin/mail': roles(['Superadmin']) };

/**
 * Pages the spec names outside its route table: the tenant row menu's /deleting/{id} (part 1 §2); the
 * folders list, its tabs and the folder forms (part 2 §2), behind the Documents feature; and time
 * logging's admin pages (issue 14), whose create page the notifications list links to (part 2 §2). The
 * week grid, once any signed-in user's with TimeLogs, is now the roles' its calls allow (no partner manager).
 */
const OTHER_SPEC_PAGES: Record<string, AccessPolicy> = {
  'deleting/:id': roles(S_P),
  folders: roles(S_T, 'Documents'),
  'folders/documenttype': roles(S_T, 'Documents'),
  'folders/documents': roles(S_T, 'Documents'),
  'folder/new': roles(S_T, 'Documents'),
  'edit/folder/:id': roles(S_T, 'Documents'),
  timelogs: roles(S_T_U, 'TimeLogs'),
  'admin/timelogs/projects': roles(S_T, 'TimeLogs'),
  'admin/timelogs/project/new': roles(S_T, 'TimeLogs'),
  'admin/timelogs/project/:id': roles(S_T, 'TimeLogs'),
  'admin/timelogs/overview': roles(S_T, 'TimeLogs'),
};

/** Pages of ours the spec's route table leaves out: the client and location forms. */
const OUR_PAGES: Record<string, AccessPolicy> = {
  'admin/clients/:id': roles(S_T),
  'admin/clients/:type/location/:id': roles(S_T),
};

const pairs = (rules: readonly { path: string; policy: AccessPolicy }[]) =>
  Object.fromEntries(rules.map((r) => [r.path, r.policy]));

/** Whether a concrete path such as 'tenants/new' matches a route pattern such as 'tenants/:id'. */
const matches = (pattern: string, path: string) => {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
};

describe('module manifest', () => {
  it('has every page of the old route table, feature routes and tool routes, with the same policy', () => {
    // Pages of modules added since are ours (the next test holds the spec's table fixed), so they
    // need no line here.
    const known = { ...OLD_ROUTE_TABLE, ...OLD_FEATURE_ROUTES, ...OLD_TOOL_ROUTES, ...OTHER_SPEC_PAGES, ...OUR_PAGES };
    expect(pairs(PAGES.filter((p) => p.path in known))).toEqual(known);
  });

  it('gives every path once', () => {
    const paths = PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('derives the spec’s route table: the pages whose path is not ours', () => {
    expect(ROUTE_TABLE).toHaveLength(Object.keys(OLD_ROUTE_TABLE).length);
    expect(pairs(ROUTE_TABLE)).toEqual(OLD_ROUTE_TABLE);
    const ours = PAGES.filter((p) => p.ours).map((p) => p.path);
    expect(ours).toEqual(
      expect.arrayContaining(
        Object.keys({ ...OLD_FEATURE_ROUTES, ...OLD_TOOL_ROUTES, ...OTHER_SPEC_PAGES, ...OUR_PAGES }),
      ),
    );
  });

  it.each([
    ['tenants/new', 'tenants/:id'],
    ['users/new', 'users/:id'],
  ])('covers %s with the %s page, as before', (path, pattern) => {
    expect(PAGES.filter((p) => matches(p.path, path)).map((p) => p.path)).toEqual([pattern]);
  });

  it('opens every menu item on a page of its own module that takes no parameters', () => {
    for (const [key, entry] of Object.entries(MODULES)) {
      if (!('menu' in entry)) continue;
      const target = (entry.pages as Record<string, { path: string }>)[entry.menu.page];
      expect({ key, path: target?.path.includes(':') }).toEqual({ key, path: false });
    }
  });

  it('puts the pages of a feature-gated menu group behind the module’s feature', () => {
    for (const [key, entry] of Object.entries(MODULES)) {
      if (!('menu' in entry) || !('group' in entry.menu) || entry.menu.group === 'admin') continue;
      expect({ key, feature: 'feature' in entry ? entry.feature : undefined }).not.toEqual({ key, feature: undefined });
    }
  });
});

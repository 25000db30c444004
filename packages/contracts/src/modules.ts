import { type AccessPolicy, AUTHENTICATED, POLICIES, PUBLIC, withFeature } from './access.js';
import { PLATFORM_HUB_EVENTS } from './constants.js';
import { FEATURES, type FeatureName } from './features.js';
import { defineModule, featureModule, type PageEntry, type PageLayout, page } from './module-manifest.js';

// Each module's own zod schemas live in src/<module>.ts and are re-exported here with the manifest, so
// that index.ts (the package's infrastructure) needs no edit for a new module.
export * from './audit.js';
export * from './auth.js';
export * from './chat.js';
export * from './clients.js';
export * from './documents.js';
export * from './home.js';
export * from './mail.js';
export * from './mail-settings.js';
export * from './me.js';
export * from './notifications.js';
export * from './push.js';
export * from './sprints.js';
export * from './tenant.js';
export * from './tenant-lists.js';
export * from './tenants.js';
export * from './timelogs.js';
export * from './twofactor.js';
export * from './users.js';

/**
 * Every module of the product, keyed by its name (the server module folder and the web feature folder):
 * its pages with their policies and layouts, its menu item and the tenant feature that gates it.
 * The route table, the menus and the web router are built from this object; the web app's module
 * registry (apps/web/src/app/module-registry.tsx) gives each page its component and each menu item its
 * icon. Menus list their items in this object's order, except the main and Ignite groups, which follow
 * the order in which the server lists the tenant's features.
 */
export const MODULES = {
  auth: defineModule({
    pages: {
      signIn: page('signin', PUBLIC, 'auth'),
      signInError: page('signin/:error', PUBLIC, 'auth'),
      activeTenant: page('active-tenant-page', PUBLIC, 'auth'),
      office365: page('office365auth', PUBLIC, 'auth'),
    },
  }),
  passwords: defineModule({
    pages: {
      forgot: page('forgotpassword', PUBLIC, 'auth'),
      reset: page('resetpassword', PUBLIC, 'auth'),
    },
  }),
  errors: defineModule({
    pages: {
      unauthorized: page('unauthorized', PUBLIC, 'auth'),
      notFound: page('pagenotfound', PUBLIC, 'auth'),
      otherTenant: page('tenantIdDeepLinkError/:deepTenantId/:remainingPath', PUBLIC, 'auth'),
    },
  }),
  maps: defineModule({
    pages: { shared: page('unathorized/maps/:tenant', PUBLIC, 'auth') },
  }),
  home: defineModule({
    pages: { home: page('home', AUTHENTICATED, 'home') },
    menu: { page: 'home', bottom: true },
  }),
  news: featureModule('News', 'news', { group: 'main' }),
  calendar: featureModule('Calendar', 'calendar', { group: 'main' }),
  timelogs: defineModule({
    feature: 'TimeLogs',
    pages: {
      // The week grid: everyone working in the tenant logs their own hours, as the server's calls allow
      // (a partner manager does not); the spec leaves the path to us.
      index: { ...page('timelogs', withFeature(POLICIES.tenantMembers, 'TimeLogs')), ours: true },
      // Projects, tasks and the overviews are the tenant administrators' (issue 14).
      projects: { ...page('admin/timelogs/projects', withFeature(POLICIES.tenantAdmins, 'TimeLogs')), ours: true },
      // The notifications list links here (spec part 2 §2); the route table does not list it.
      projectNew: { ...page('admin/timelogs/project/new', withFeature(POLICIES.tenantAdmins, 'TimeLogs')), ours: true },
      projectEdit: {
        ...page('admin/timelogs/project/:id', withFeature(POLICIES.tenantAdmins, 'TimeLogs')),
        ours: true,
      },
      overview: { ...page('admin/timelogs/overview', withFeature(POLICIES.tenantAdmins, 'TimeLogs')), ours: true },
    },
    menu: { page: 'index', group: 'main' },
  }),
  messages: featureModule('Messages', 'messages', { group: 'main' }),
  chat: defineModule({
    ...featureModule('Chat', 'chat', { group: 'main' }),
    events: ['ReloadMessages', 'ReloadGroupMessages'],
  }),
  feed: featureModule('Feed', 'feed', { group: 'main' }),
  todo: featureModule('Todo', 'todo', { group: 'main' }),
  poll: featureModule('Poll', 'poll', { group: 'main' }),
  phonebook: featureModule('Phonebook', 'phonebook', { group: 'main' }),
  employee: featureModule('Employee', 'employee', { group: 'main' }),
  absent: featureModule('Absent', 'absent', { group: 'main' }),
  marketplace: featureModule('Marketplace', 'marketplace', { group: 'main' }),
  whistleblow: featureModule('Whistleblow', 'whistleblow', { group: 'main' }),
  dataroom: featureModule('DataRoom', 'dataroom', { group: 'main' }),
  crm: featureModule('CRM', 'crm', { group: 'main' }),
  sprints: defineModule({
    feature: 'Sprints',
    /** A collaboration's ideas, votes or comments changed: its members reload (collaborationId, ideaId). */
    events: ['ReloadSprints'],
    pages: {
      index: { ...page('sprints', withFeature(AUTHENTICATED, 'Sprints')), ours: true },
      collaboration: { ...page('sprints/:id', withFeature(AUTHENTICATED, 'Sprints')), ours: true },
    },
    menu: { page: 'index', group: 'ignite', bottom: true },
  }),
  toolbox: featureModule('ToolBox', 'toolbox', { group: 'ignite', bottom: true }),
  personalplan: featureModule('PersonalPlan', 'personalplan', { group: 'ignite', bottom: true }),
  onboarding: featureModule('Onboarding', 'onboarding', { group: 'ignite' }),
  playbook: featureModule('PlayBook', 'playbook', { group: 'ignite' }),
  roleplay: featureModule('Roleplay', 'roleplay', { group: 'ignite' }),
  aiselling: featureModule('AISelling', 'aiselling', { group: 'ignite' }),
  notifications: defineModule({
    feature: 'Notifications',
    pages: {
      list: page('notifications', POLICIES.tenantMembers),
      // The user's own notifications, newest first (issue 27); the route table does not list it.
      inbox: { ...page('notifications/inbox', POLICIES.tenantMembers), ours: true },
    },
    menu: { page: 'list', group: 'main', last: true, bottom: true },
    events: ['ReloadNotifications'],
  }),
  tenants: defineModule({
    pages: {
      list: page('tenants', POLICIES.tenantManagers),
      // tenants/new is this form too: the :id pattern (and its policy) covers it.
      form: page('tenants/:id', POLICIES.tenantManagers),
      // The row menu's /deleting/{id} (spec part 1 §2); the route table does not list it.
      deleting: { ...page('deleting/:id', POLICIES.tenantManagers), ours: true },
    },
    menu: { page: 'list', group: 'admin' },
  }),
  // The tenant sub-pages (spec part 2 §2): a tenant's settings, run by those who manage tenants.
  'tenant-settings': defineModule({
    pages: {
      description: page('tenants/description/:id', POLICIES.tenantManagers),
      info: page('tenants/info/:id', POLICIES.tenantManagers),
      tags: page('tenants/tags/:id', POLICIES.tenantManagers),
      folders: page('tenants/folders/:id', POLICIES.tenantManagers),
      teams: page('tenants/teams/:id', POLICIES.tenantManagers),
      departments: page('tenants/departments/:id', POLICIES.tenantManagers),
      checklists: page('tenants/checklists/:id', POLICIES.tenantManagers),
      html: page('tenants/html/:id', POLICIES.tenantManagers),
      emails: page('tenants/emails/:id', POLICIES.tenantManagers),
      emailNew: page('tenants/emails/new/:tenantId', POLICIES.tenantManagers),
      emailEdit: page('tenants/emails/:tenantId/:id', POLICIES.tenantManagers),
      emailTemplate: page('tenants/emailtemplate/:id', POLICIES.tenantManagers),
    },
  }),
  users: defineModule({
    pages: {
      list: page('users', POLICIES.tenantAdmins),
      // users/new is this form too, behind the users/:id policy.
      form: page('users/:id', POLICIES.tenantAdmins),
    },
    menu: { page: 'list', group: 'admin' },
  }),
  clients: defineModule({
    pages: {
      list: page('admin/clients', POLICIES.tenantAdmins),
      typedContact: page('admin/clients/:type/contact/:id', POLICIES.tenantAdmins),
      location: page('admin/clients/locations/:id', POLICIES.tenantAdmins),
      contact: page('admin/clients/contacts/:id', POLICIES.tenantAdmins),
      // The client form ('new' or an id) and the location form (new/{clientId}, edit/{locationId}).
      form: { ...page('admin/clients/:id', POLICIES.tenantAdmins), ours: true },
      typedLocation: { ...page('admin/clients/:type/location/:id', POLICIES.tenantAdmins), ours: true },
    },
    menu: { page: 'list', group: 'admin' },
  }),
  documents: defineModule({
    feature: 'Documents',
    pages: {
      list: page('admin/documents', withFeature(POLICIES.tenantAdmins, 'Documents')),
      // Everyone working in the tenant may add a document.
      create: page('admin/documents/new', withFeature(POLICIES.tenantMembers, 'Documents')),
      // The spec's table gives this page no feature; it is gated like its calls (issues 26, 30).
      types: page('admin/documents/documenttypes', withFeature(POLICIES.tenantAdmins, 'Documents')),
      typeCreate: page('admin/documenttype/new', withFeature(POLICIES.tenantAdmins, 'Documents')),
      typeEdit: page('admin/documents/edit/documenttype/:id', withFeature(POLICIES.tenantAdmins, 'Documents')),
      edit: page('admin/documents/edit/:id', withFeature(POLICIES.tenantAdmins, 'Documents')),
      view: page('documents/:id', withFeature(POLICIES.tenantStaff, 'Documents')),
      // The Folders / Document types / Documents tabs and the folder forms (spec part 2 §2).
      folders: { ...page('folders', withFeature(POLICIES.tenantAdmins, 'Documents')), ours: true },
      foldersTypes: { ...page('folders/documenttype', withFeature(POLICIES.tenantAdmins, 'Documents')), ours: true },
      foldersDocuments: { ...page('folders/documents', withFeature(POLICIES.tenantAdmins, 'Documents')), ours: true },
      folderCreate: { ...page('folder/new', withFeature(POLICIES.tenantAdmins, 'Documents')), ours: true },
      folderEdit: { ...page('edit/folder/:id', withFeature(POLICIES.tenantAdmins, 'Documents')), ours: true },
    },
    menu: { page: 'list', group: 'admin' },
  }),
  mail: defineModule({
    // The super administrators' outbox (issue 4: "super administrators can read it ... on a simple page").
    pages: { outbox: { ...page('admin/mail', POLICIES.superadmins), ours: true } },
    menu: { page: 'outbox', group: 'admin' },
  }),
  // The audit log of administrative changes (issue 31): each caller sees their own scope of it.
  audit: defineModule({
    pages: { log: { ...page('admin/audit', POLICIES.groupReaders), ours: true } },
    menu: { page: 'log', group: 'admin' },
  }),
  profile: defineModule({
    pages: {
      view: page('profile', AUTHENTICATED),
      edit: page('profile/edit', AUTHENTICATED),
    },
    menu: { page: 'view', bottom: true },
  }),
};

export type Modules = typeof MODULES;
export type ModuleKey = keyof Modules;
export type PageKey<M extends ModuleKey> = keyof Modules[M]['pages'] & string;

/** A path and who may open it. */
export type RouteRule = { path: string; policy: AccessPolicy };

/** One page of the app, with the module and page key it belongs to. */
export type PageRule = RouteRule & { module: ModuleKey; page: string; layout: PageLayout; ours?: true };

/** Every page of every module, in manifest order: the web app's routes and their guards. */
export const PAGES: readonly PageRule[] = Object.entries(MODULES).flatMap(([module, entry]) =>
  Object.entries(entry.pages as Record<string, PageEntry>).map(([key, p]) => ({
    ...p,
    module: module as ModuleKey,
    page: key,
  })),
);

/**
 * The spec's route and role table (part 1 §2, part 2 §6): every page whose path the spec gives, and who
 * may open it. Tests on both sides compare it with the spec's own words.
 */
export const ROUTE_TABLE: readonly RouteRule[] = PAGES.filter((p) => !p.ours).map(({ path, policy }) => ({
  path,
  policy,
}));

/**
 * The features a tenant may retitle and describe: those with a tile and a side-menu item (spec part 2
 * §2 "renamable feature item"), in catalogue order.
 */
export const RENAMABLE_FEATURES: readonly FeatureName[] = FEATURES.filter((name) =>
  Object.values(MODULES).some(
    (m) =>
      'feature' in m && m.feature === name && 'menu' in m && (m.menu.group === 'main' || m.menu.group === 'ignite'),
  ),
);

/** A hub event some module declares in its `events`. */
export type ModuleHubEvent = {
  [M in ModuleKey]: Modules[M] extends { events: readonly (infer E extends string)[] } ? E : never;
}[ModuleKey];

/** Every client method the server invokes on the hub: the platform's, then each module's. */
export type HubEventName = keyof typeof PLATFORM_HUB_EVENTS | ModuleHubEvent;

/** The module that declares each module hub event. */
export const MODULE_HUB_EVENTS = Object.fromEntries(
  Object.entries(MODULES).flatMap(([module, entry]) =>
    'events' in entry ? entry.events.map((event) => [event, module as ModuleKey]) : [],
  ),
) as Readonly<Record<ModuleHubEvent, ModuleKey>>;

/** Client methods the server invokes on the hub, named exactly as the spec names them (part 1 §4). */
export const HUB_EVENTS = Object.fromEntries(
  [...Object.keys(PLATFORM_HUB_EVENTS), ...Object.keys(MODULE_HUB_EVENTS)].map((event) => [event, event]),
) as { readonly [E in HubEventName]: E };

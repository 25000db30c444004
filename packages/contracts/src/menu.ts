import { type AccessPolicy, roles } from './access.js';
import type { FeatureName } from './features.js';
import type { RouteRule } from './route-table.js';

/**
 * Where a tenant feature lives in the side menu: the main list or the Ignite (personal development) group.
 * The spec does not give the paths of the feature modules' pages, so these are ours.
 */
export type FeatureMenuEntry = { feature: FeatureName; path: string; group: 'main' | 'ignite' };

/** Menu entries of the tenant features that have a page of their own, in no particular order. */
export const FEATURE_MENU: readonly FeatureMenuEntry[] = [
  { feature: 'News', path: 'news', group: 'main' },
  { feature: 'Calendar', path: 'calendar', group: 'main' },
  { feature: 'TimeLogs', path: 'timelogs', group: 'main' },
  { feature: 'Messages', path: 'messages', group: 'main' },
  { feature: 'Chat', path: 'chat', group: 'main' },
  { feature: 'Feed', path: 'feed', group: 'main' },
  { feature: 'Todo', path: 'todo', group: 'main' },
  { feature: 'Poll', path: 'poll', group: 'main' },
  { feature: 'Phonebook', path: 'phonebook', group: 'main' },
  { feature: 'Employee', path: 'employee', group: 'main' },
  { feature: 'Absent', path: 'absent', group: 'main' },
  { feature: 'Marketplace', path: 'marketplace', group: 'main' },
  { feature: 'Whistleblow', path: 'whistleblow', group: 'main' },
  { feature: 'DataRoom', path: 'dataroom', group: 'main' },
  { feature: 'CRM', path: 'crm', group: 'main' },
  { feature: 'Sprints', path: 'sprints', group: 'ignite' },
  { feature: 'ToolBox', path: 'toolbox', group: 'ignite' },
  { feature: 'PersonalPlan', path: 'personalplan', group: 'ignite' },
  { feature: 'Onboarding', path: 'onboarding', group: 'ignite' },
  { feature: 'PlayBook', path: 'playbook', group: 'ignite' },
  { feature: 'Roleplay', path: 'roleplay', group: 'ignite' },
  { feature: 'AISelling', path: 'aiselling', group: 'ignite' },
];

/** The feature modules' pages: any signed-in user whose active tenant has the feature. */
export const FEATURE_ROUTES: readonly RouteRule[] = FEATURE_MENU.map(({ feature, path }) => ({
  path,
  policy: { access: 'authenticated', feature } satisfies AccessPolicy,
}));

/**
 * Pages of our own that the spec's route table does not list: the super administrators' mail outbox
 * (issue 4: "super administrators can read it ... on a simple page"). The guard reads these beside the table.
 */
export const TOOL_ROUTES: readonly RouteRule[] = [{ path: 'admin/mail', policy: roles(['Superadmin']) }];

/** The notifications item: always last among the main items, carrying a count badge. */
export const NOTIFICATIONS_MENU = { feature: 'Notifications', path: 'notifications' } as const;

/** The admin panel group; an item shows when its route's policy lets the user in. */
export const ADMIN_MENU = [
  { key: 'tenants', path: 'tenants' },
  { key: 'users', path: 'users' },
  { key: 'clients', path: 'admin/clients' },
  { key: 'documents', path: 'admin/documents' },
  { key: 'mail', path: 'admin/mail' },
] as const;

import {
  type AccessSubject,
  ADMIN_MENU,
  decideAccess,
  FEATURE_MENU,
  type FeatureName,
  type GeneralData,
  NOTIFICATIONS_MENU,
  type Role,
} from '@atrium/contracts';
import { policyFor } from '@/shared/access/policy';

/** One entry of the side menu, bottom bar or home tiles (spec part 1 §3 "Menu item"). */
export type MenuItem = {
  /** Stable id: the feature name, or the admin item's key. */
  key: string;
  routerLink: string;
  displayedName: string;
  notificationsCount: number;
};

export type MenuModel = {
  main: MenuItem[];
  ignite: MenuItem[];
  admin: MenuItem[];
  bottom: MenuItem[];
};

export type MenuInput = {
  generalData: Pick<GeneralData, 'features' | 'tenantMenuItemsData'>;
  roles: readonly Role[];
  counts: readonly { groupName: string; count: number }[];
  /** The translated default name of a feature or admin item. */
  nameOf: (key: string) => string;
};

const BOTTOM_FEATURES: readonly FeatureName[] = ['Sprints', 'ToolBox', 'PersonalPlan'];

/**
 * Builds the menus from the active tenant's features: a tenant's custom title wins over the name,
 * notifications come last, and an item shows only when its route's policy lets this user in.
 */
export function buildMenu({ generalData, roles, counts, nameOf }: MenuInput): MenuModel {
  const subject: AccessSubject = { roles, features: generalData.features };
  const allowed = (path: string) => decideAccess(policyFor(path), subject) === 'allow';
  const countOf = (name: string) => counts.find((c) => c.groupName === name)?.count ?? 0;
  const customTitles = new Map(generalData.tenantMenuItemsData.map((m) => [m.name, m.customTitle?.trim() || null]));
  const featureItem = (feature: string, path: string): MenuItem => ({
    key: feature,
    routerLink: `/${path}`,
    displayedName: customTitles.get(feature) ?? nameOf(feature),
    notificationsCount: countOf(feature),
  });

  const main: MenuItem[] = [];
  const ignite: MenuItem[] = [];
  // The server lists the features in the product's order; keep it.
  for (const feature of generalData.features) {
    const entry = FEATURE_MENU.find((e) => e.feature === feature);
    if (!entry || !allowed(entry.path)) continue;
    (entry.group === 'main' ? main : ignite).push(featureItem(feature, entry.path));
  }
  const notifications = featureItem(NOTIFICATIONS_MENU.feature, NOTIFICATIONS_MENU.path);
  const notificationsAllowed = allowed(NOTIFICATIONS_MENU.path);
  if (notificationsAllowed && generalData.features.includes(NOTIFICATIONS_MENU.feature)) main.push(notifications);

  const admin = ADMIN_MENU.filter((item) => allowed(item.path)).map((item) => ({
    key: item.key,
    routerLink: `/${item.path}`,
    displayedName: nameOf(item.key),
    notificationsCount: 0,
  }));

  const bottom: MenuItem[] = [
    { key: 'home', routerLink: '/home', displayedName: nameOf('home'), notificationsCount: 0 },
  ];
  for (const feature of BOTTOM_FEATURES) {
    const item = ignite.find((i) => i.key === feature);
    if (item) bottom.push(item);
  }
  if (notificationsAllowed) bottom.push(notifications);
  bottom.push({ key: 'profile', routerLink: '/profile', displayedName: nameOf('profile'), notificationsCount: 0 });

  return { main, ignite, admin, bottom };
}

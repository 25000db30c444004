import {
  type AccessPolicy,
  type AccessSubject,
  decideAccess,
  type FeatureName,
  type GeneralData,
  href,
  type MenuPlacement,
  MODULES,
  type ModuleKey,
  type PageEntry,
  type Role,
} from '@atrium/contracts';

/** One entry of the side menu, bottom bar or home tiles (spec part 1 §3 "Menu item"). */
export type MenuItem = {
  /** Stable id: the feature name for a tenant feature's item, otherwise the module key. */
  key: string;
  module: ModuleKey;
  routerLink: string;
  displayedName: string;
  /** The tenant's description of the feature (sanitized rich text), shown behind the home tile's info button. */
  description?: string | null;
  notificationsCount: number;
};

export type MenuModel = {
  main: MenuItem[];
  ignite: MenuItem[];
  admin: MenuItem[];
  bottom: MenuItem[];
};

export type MenuInput = {
  generalData: Pick<GeneralData, 'features' | 'tenantMenuItemsData' | 'sideMenuDocumentTypes'>;
  roles: readonly Role[];
  counts: readonly { groupName: string; count: number }[];
  /** The translated default name of a feature or module. */
  nameOf: (key: string) => string;
  /** Modules not built yet: no item opens them, whatever the tenant has on. */
  notBuilt?: ReadonlySet<ModuleKey>;
};

type MenuEntry = MenuPlacement & { module: ModuleKey; feature?: FeatureName; path: string; policy: AccessPolicy };

/** The modules' menu items, in manifest order, with the path and policy of the page each opens. */
const MENU_ENTRIES: readonly MenuEntry[] = Object.entries(MODULES).flatMap(([module, entry]): MenuEntry[] => {
  if (!('menu' in entry)) return [];
  const target = (entry.pages as Record<string, PageEntry>)[entry.menu.page];
  if (!target) return [];
  const feature = 'feature' in entry ? entry.feature : undefined;
  return [{ ...entry.menu, module: module as ModuleKey, feature, path: target.path, policy: target.policy }];
});

/** Items of the main and Ignite groups stand for a tenant feature: its name, custom title and count. */
const isFeatureItem = (entry: MenuEntry): entry is MenuEntry & { feature: FeatureName } =>
  entry.feature !== undefined && (entry.group === 'main' || entry.group === 'ignite');

/**
 * Builds the menus from the module manifest and the active tenant's features: a tenant's custom title
 * wins over the name, notifications come last, and an item shows only when its module is built and its
 * page's policy lets this user in (in a side-menu group, also only while the module's feature is on).
 */
export function buildMenu({ generalData, roles, counts, nameOf, notBuilt = new Set() }: MenuInput): MenuModel {
  const { features } = generalData;
  const subject: AccessSubject = { roles, features };
  const allowed = (entry: MenuEntry) => !notBuilt.has(entry.module) && decideAccess(entry.policy, subject) === 'allow';
  const featureOn = (entry: MenuEntry) => entry.feature === undefined || features.includes(entry.feature);
  const countOf = (name: string) => counts.find((c) => c.groupName === name)?.count ?? 0;
  const customTitles = new Map(generalData.tenantMenuItemsData.map((m) => [m.name, m.customTitle?.trim() || null]));
  const descriptions = new Map(generalData.tenantMenuItemsData.map((m) => [m.name, m.customDescription || null]));

  const items = new Map<ModuleKey, MenuItem>();
  const itemOf = (entry: MenuEntry): MenuItem => {
    const known = items.get(entry.module);
    if (known) return known;
    const item: MenuItem = isFeatureItem(entry)
      ? {
          key: entry.feature,
          module: entry.module,
          routerLink: `/${entry.path}`,
          displayedName: customTitles.get(entry.feature) ?? nameOf(entry.feature),
          description: descriptions.get(entry.feature) ?? null,
          notificationsCount: countOf(entry.feature),
        }
      : {
          key: entry.module,
          module: entry.module,
          routerLink: `/${entry.path}`,
          displayedName: nameOf(entry.module),
          notificationsCount: 0,
        };
    items.set(entry.module, item);
    return item;
  };

  const group = (name: 'main' | 'ignite' | 'admin') =>
    MENU_ENTRIES.filter((entry) => entry.group === name && featureOn(entry) && allowed(entry));
  // The server lists the features in the product's order; keep it, with the `last` items after them.
  const inFeatureOrder = (entries: MenuEntry[]) => {
    const rank = (entry: MenuEntry) => (entry.last ? features.length : features.indexOf(entry.feature ?? ''));
    return entries.sort((a, b) => rank(a) - rank(b)).map(itemOf);
  };

  // Document types shown on the sidebar (spec part 2 §4), each opening its side list, before the `last` items.
  const documentsView = MODULES.documents.pages.view;
  const documentTypeItems: MenuItem[] =
    features.includes('Documents') && decideAccess(documentsView.policy, subject) === 'allow'
      ? (generalData.sideMenuDocumentTypes ?? []).map((type) => ({
          key: `documentType:${type.id}`,
          module: 'documents',
          routerLink: href('documents', 'view', { id: type.id }),
          displayedName: type.name,
          notificationsCount: 0,
        }))
      : [];
  const main = inFeatureOrder(group('main'));
  const firstLast = main.findIndex((item) => MENU_ENTRIES.some((e) => e.module === item.module && e.last));
  main.splice(firstLast < 0 ? main.length : firstLast, 0, ...documentTypeItems);

  return {
    main,
    ignite: inFeatureOrder(group('ignite')),
    admin: group('admin').map(itemOf),
    bottom: MENU_ENTRIES.filter((entry) => entry.bottom && allowed(entry)).map(itemOf),
  };
}

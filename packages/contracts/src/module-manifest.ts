import { type AccessPolicy, AUTHENTICATED, withFeature } from './access.js';
import type { FeatureName } from './features.js';

/** The frame a page renders in: bare (sign-in, errors), the shell's home page, or the shell's inner pages. */
export type PageLayout = 'auth' | 'home' | 'inner';

/** One page of a module: a web route (React Router pattern, no leading slash) and who may open it. */
export type PageEntry<Path extends string = string> = {
  path: Path;
  policy: AccessPolicy;
  layout: PageLayout;
  /** The spec's route table does not give this path; we chose it (feature modules' pages, the mail outbox). */
  ours?: true;
};

/** The side-menu groups: the main list, Ignite (personal development) and the admin panel. */
export type MenuGroup = 'main' | 'ignite' | 'admin';

/**
 * Where a module's menu item goes. In a side-menu group it shows while the module's feature (if it has
 * one) is on and the page's policy lets the user in; in the bottom bar the policy alone decides.
 */
export type MenuPlacement<P extends string = string> = {
  /** The page the item opens; it must be a path without parameters. */
  page: P;
  group?: MenuGroup;
  /** In the main group: after the tenant's features (the notifications item). */
  last?: true;
  /** In the mobile bottom bar. */
  bottom?: true;
};

export type ModuleEntry<P extends string = string> = {
  /** The tenant feature the module belongs to: it gates the module's side-menu item. */
  feature?: FeatureName;
  /** The module's pages by page key; the web app's registry gives each key its component. */
  pages: Readonly<Record<P, PageEntry>>;
  menu?: MenuPlacement<P>;
  /**
   * The hub events the server sends when this module's data changes (spec part 1 §4 names them). The
   * web feature says which of its queries each one refreshes, in features/<module>/live.ts.
   */
  events?: readonly string[];
};

/**
 * An item of the main or Ignite group stands for a tenant feature (its name, the tenant's title for it,
 * its count): such a module names its feature, one of the catalogue's (features.ts).
 */
type FeatureOfGroup<E> = E extends { menu: { group: 'main' | 'ignite' } } ? { feature: FeatureName } : unknown;

/**
 * Checks a module entry (its menu item must open one of its own pages, and one in the main or Ignite
 * group needs a tenant feature) and keeps its literal type.
 */
export const defineModule = <const E extends ModuleEntry>(
  entry: E & { menu?: { page: keyof E['pages'] } } & FeatureOfGroup<E>,
): E => entry;

/** A page entry; the path keeps its literal type, so href() knows the page's parameters. */
export const page = <const Path extends string>(
  path: Path,
  policy: AccessPolicy,
  layout: PageLayout = 'inner',
): PageEntry<Path> => ({
  path,
  policy,
  layout,
});

/**
 * A tenant feature that is one page of its own (News, Calendar, Sprints ...): any signed-in user whose
 * active tenant has the feature; the spec leaves the path to us.
 */
export const featureModule = <const F extends FeatureName, const Path extends string>(
  feature: F,
  path: Path,
  menu: { group: 'main' | 'ignite'; bottom?: true },
) =>
  defineModule({
    feature,
    pages: { index: { ...page(path, withFeature(AUTHENTICATED, feature)), ours: true } },
    menu: { page: 'index', ...menu },
  });

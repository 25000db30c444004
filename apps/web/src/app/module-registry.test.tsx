import { MODULES, type ModuleKey, PAGES } from '@atrium/contracts';
import { isValidElement, type ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteGuard } from './guards/route-guard';
import { FEATURE_ICONS, MODULE_ICONS, NOT_BUILT_ICONS } from './module-icons';
import { NOT_BUILT, pageView } from './module-registry';
import { PageErrorBoundary } from './route-error-element';
import { routes } from './routes';

const GUID = '3f2b8c1e-6a4d-4e7f-9b2a-1c5d8e9f0a7b';
const concrete = (path: string) => `/${path.replace(/:[A-Za-z]+/g, GUID)}`;

/** The guard and page element that the router renders for a URL (the page inside its error boundary). */
function renderedAt(url: string): { guardPath: string; page: ReactElement } | null {
  const guard = matchRoutes(routes, url)?.at(-1)?.route.element;
  if (!isValidElement(guard) || guard.type !== RouteGuard) return null;
  const props = guard.props as { path: string; children: ReactElement };
  const boundary = props.children;
  if (!isValidElement(boundary) || boundary.type !== PageErrorBoundary) return null;
  return { guardPath: props.path, page: (boundary.props as { children: ReactElement }).children };
}

const placeholderOf = (path: string) => renderedAt(concrete(path))?.page.props as { moduleKey?: string };

describe('router built from the module manifest and registry', () => {
  it.each(PAGES.map((page) => [page.path, page] as const))('renders %s through its own guarded route', (_, page) => {
    const rendered = renderedAt(concrete(page.path));
    expect(rendered?.guardPath).toBe(page.path);
    const view = pageView(page.module, page.page);
    if (view === NOT_BUILT) expect(typeof placeholderOf(page.path).moduleKey).toBe('string');
    else expect(rendered?.page.type).toBe(view);
  });

  it('renders the pages that are built with their own component', () => {
    const built = PAGES.filter((page) => pageView(page.module, page.page) !== NOT_BUILT).map((page) => page.path);
    expect(built).toEqual(
      expect.arrayContaining(['signin', 'home', 'profile', 'profile/edit', 'tenants', 'users/:id', 'admin/mail']),
    );
  });

  it('names a module that is not built yet as its placeholder did before the manifest', () => {
    expect(placeholderOf('news').moduleKey).toBe('feature.News');
    expect(placeholderOf('crm').moduleKey).toBe('feature.CRM');
    expect(placeholderOf('unathorized/maps/:tenant')).toEqual({ moduleKey: 'modules.maps', backTo: '/' });
    expect(placeholderOf('calendar')).toEqual({ moduleKey: 'feature.Calendar', backTo: undefined });
  });

  it('has an icon for every module with a menu item, and for no other', () => {
    const withMenu = (Object.keys(MODULES) as ModuleKey[]).filter((key) => 'menu' in MODULES[key]);
    expect(Object.keys(MODULE_ICONS).sort()).toEqual(withMenu.sort());
  });

  it('takes a built module’s icon from beside its pages, and keeps no second one for it', () => {
    expect(Object.keys(FEATURE_ICONS)).toEqual(expect.arrayContaining(['home', 'timelogs', 'mail', 'profile']));
    for (const key of Object.keys(FEATURE_ICONS)) expect(NOT_BUILT_ICONS).not.toHaveProperty(key);
    for (const key of Object.keys(NOT_BUILT_ICONS)) expect(pageView(key as ModuleKey, 'index')).toBe(NOT_BUILT);
  });
});

import { type GeneralData, PAGES } from '@atrium/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { setUiState } from '@/shared/ui-state/ui-state';
import { authResult, HARBOUR, json, NORTHWIND, NORTHWIND_FEATURES, problem } from '@/test/fixtures';
import { createTestQueryClient, setViewportWidth } from '@/test/render';
import { RouteGuard } from './guards/route-guard';
import { NOT_BUILT_MODULES } from './module-registry';
import { AppProviders } from './providers';
import { routes } from './routes';

const FEATURES = NORTHWIND_FEATURES;
const generalData: GeneralData = {
  imageLogosrc: null,
  imageMobileLogosrc: null,
  features: FEATURES,
  tenantMenuItemsData: FEATURES.map((name) => ({ name, customTitle: name === 'TimeLogs' ? 'Hours' : null })),
  activeUserData: {
    email: 'user@atrium.test',
    imagePath: null,
    userName: 'Uma',
    surname: 'User',
    tenantSet: true,
    title: '',
    phone: '',
  },
  tenants: [NORTHWIND, HARBOUR],
  customTenantProperties: { primaryColor: '#4f46e5', secondaryColor: '#0ea5e9', fontFamily: 'Courier New' },
};

/** A fake server: a map of "METHOD /path" to answers; anything else is a 404 problem. */
function serve(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.replace('/core/api', '')}`;
    return answers[key]?.() ?? problem(404, 'notFound', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const signInAsUser = () => acceptAuthResult(authResult({ activeTenantId: NORTHWIND.id }));

beforeEach(() => {
  resetSessionForTests({ status: 'anonymous' });
  setUiState({ darkMode: false, isSessionOver: false, isMenuOpened: false, isMenuExpanded: true });
  setViewportWidth(1280);
});

describe('router', () => {
  const guardedPaths = new Map<string, string>();
  const walk = (list: RouteObject[]) => {
    for (const route of list) {
      if (route.path && isValidElement(route.element) && route.element.type === RouteGuard) {
        guardedPaths.set(route.path, (route.element.props as { path: string }).path);
      }
      if (route.children) walk(route.children);
    }
  };
  walk(routes);

  it.each(PAGES.map((page) => page.path))('has %s behind the guard of that same route', (path) => {
    expect(guardedPaths.get(path)).toBe(path);
  });

  it('guards no route that is not a page of the module manifest', () => {
    expect([...guardedPaths.keys()].sort()).toEqual(PAGES.map((page) => page.path).sort());
  });
});

describe('the app', () => {
  it('sends an anonymous visitor to /signin with the page as returnUrl', async () => {
    serve({});
    const router = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Welcome again' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/signin?returnUrl=%2Fusers');
  });

  it('redirects the empty path to /home', async () => {
    signInAsUser();
    serve({ 'GET /me/generaldata': () => json(generalData) });
    const router = renderApp('/');
    // Desktop /home: the tenant's welcome content, or (none served here) the heading 'home'.
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' }, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows a signed-in user the shell with the tenant menu, and the tenant colours and font', async () => {
    signInAsUser();
    serve({ 'GET /me/generaldata': () => json(generalData) });
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Hours' })).toHaveAttribute('href', '/timelogs');
    expect(within(nav).getByRole('link', { name: /Uma User/ })).toHaveAttribute('href', '/profile');
    // Home shows the menu's tiles on desktop too.
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'Hours' })).toHaveAttribute('href', '/timelogs');
    // Northwind has News and Calendar on, but this version has no module for them: no item, no tile.
    for (const name of ['News', 'Calendar']) {
      expect(within(nav).queryByRole('link', { name })).toBeNull();
      expect(within(main).queryByRole('link', { name })).toBeNull();
    }
    await waitFor(() => {
      const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
      expect(css).toContain('--mantine-color-brand-6: #4f46e5');
      expect(css).toContain("'Courier New'");
    });
  });

  it('sends a user to /unauthorized for a route the table refuses', async () => {
    signInAsUser();
    serve({ 'GET /me/generaldata': () => json(generalData) });
    const router = renderApp('/tenants');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('shows an honest placeholder for a module that is not built yet', async () => {
    signInAsUser();
    serve({ 'GET /me/generaldata': () => json(generalData) });
    renderApp('/calendar');
    expect(await screen.findByRole('heading', { name: 'This module is not available yet' })).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Atrium`)).toBeInTheDocument();
  });

  it('shows the session-over screen when a call and its refresh both fail; Refresh goes to /signin', async () => {
    const user = userEvent.setup();
    signInAsUser();
    serve({
      'GET /me/generaldata': () => problem(401, 'unauthenticated', 'Sign in to continue'),
      'POST /auth/refresh': () => problem(401, 'sessionExpired', 'Your session has ended'),
    });
    const router = renderApp('/profile');
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session is over' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.uiState) ?? '{}').isSessionOver).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe('?returnUrl=%2Fprofile');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('switches the active tenant from the menu and goes to /home', async () => {
    const user = userEvent.setup();
    signInAsUser();
    const fetchMock = serve({
      'GET /me/generaldata': () => json(generalData),
      'POST /auth/activetenant': () => json(authResult({ activeTenantId: HARBOUR.id })),
    });
    const router = renderApp('/profile');
    await user.click(await screen.findByRole('combobox', { name: 'Tenant' }));
    await user.click(await screen.findByRole('option', { name: 'Harbour Care' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const call = fetchMock.mock.calls.find(([url]) => url.endsWith('/auth/activetenant'));
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ tenantId: HARBOUR.id });
    expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBe(HARBOUR.id);
  });

  it('logs out from the user card', async () => {
    const user = userEvent.setup();
    signInAsUser();
    const fetchMock = serve({
      'GET /me/generaldata': () => json(generalData),
      'POST /auth/logout': () => new Response(null, { status: 204 }),
    });
    const router = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/auth/logout'))).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBeNull();
  });

  it('toggles dark mode and keeps the choice', async () => {
    const user = userEvent.setup();
    serve({});
    renderApp('/signin');
    await user.click(await screen.findByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.uiState) ?? '{}').darkMode).toBe(true);
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
  });

  it('has no bottom bar on a screen wider than 768px', async () => {
    signInAsUser();
    serve({ 'GET /me/generaldata': () => json(generalData) });
    setViewportWidth(769);
    renderApp('/home');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('navigation', { name: 'Shortcuts' })).not.toBeInTheDocument();
  });

  it('shows the bottom bar at 768px', async () => {
    signInAsUser();
    serve({ 'GET /me/generaldata': () => json(generalData) });
    setViewportWidth(768);
    renderApp('/home');
    const bar = await screen.findByRole('navigation', { name: 'Shortcuts' });
    await within(bar).findByRole('link', { name: 'Notifications' });
    // The tenant's Ignite shortcuts whose modules this version has (the others lead nowhere yet).
    const shortcuts = (
      [
        ['sprints', 'Sprints'],
        ['toolbox', 'Toolbox'],
        ['personalplan', 'Personal plan'],
      ] as const
    )
      .filter(([module]) => !NOT_BUILT_MODULES.has(module))
      .map(([, name]) => name);
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', ...shortcuts, 'Notifications', 'Profile']);
  });
});

describe('a record that is not there', () => {
  const UNKNOWN = '0b7f6a52-5d1c-4e8e-9a57-3c2f1d0e9b8a';
  const invalidUuid = () => problem(400, 'validation', 'Invalid UUID');
  const signInAsSuperadmin = () =>
    acceptAuthResult(authResult({ activeTenantId: NORTHWIND.id, roles: ['Superadmin'], isSuperadmin: true }));

  it.each(['/users/not-a-guid', `/users/${UNKNOWN}`, '/tenants/not-a-guid', `/tenants/${UNKNOWN}`])(
    'shows the not-found page for %s and keeps the URL',
    async (path) => {
      // React reports the error the router's boundary catches; that is the mechanism, not a failure.
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      const quietWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      signInAsSuperadmin();
      serve({
        'GET /me/generaldata': () => json(generalData),
        'GET /usergroups': () => json([]),
        'GET /tenants/datalist': () => json([]),
        'GET /users/not-a-guid': invalidUuid,
        'GET /tenants/not-a-guid': invalidUuid,
        'GET /tenants/not-a-guid/features': invalidUuid,
        [`GET /tenants/${UNKNOWN}/features`]: () => json([]),
      });
      const router = renderApp(path);
      expect(await screen.findByRole('heading', { name: /page not found/i })).toBeInTheDocument();
      expect(screen.queryByText('Invalid UUID')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      quiet.mockRestore();
      quietWarn.mockRestore();
    },
  );

  it('still shows the create form at /tenants/new', async () => {
    signInAsSuperadmin();
    serve({ 'GET /me/generaldata': () => json(generalData), 'GET /tenants/empty/features': () => json([]) });
    renderApp('/tenants/new');
    expect(await screen.findByRole('heading', { name: 'New tenant' })).toBeInTheDocument();
  });
});

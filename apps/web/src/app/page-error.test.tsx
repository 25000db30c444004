import type { GeneralData } from '@atrium/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { setUiState } from '@/shared/ui-state/ui-state';
import { authResult, json, problem } from '@/test/fixtures';
import { createTestQueryClient, setViewportWidth } from '@/test/render';
import { AppProviders } from './providers';
import { routes } from './routes';

// The home page fails to render while `failing` is set (any render error, not a missing record).
let failing = true;
vi.mock('@/features/home/pages/home-page', () => ({
  default: function HomePage() {
    if (failing) throw new Error('the page broke');
    return <h1>Home works</h1>;
  },
}));

const TENANT = { id: '1281b56c-18d1-484b-9f61-2d324b63bb40', name: 'Northwind Partners' };
const generalData: GeneralData = {
  imageLogosrc: null,
  imageMobileLogosrc: null,
  features: ['News'],
  tenantMenuItemsData: [{ name: 'News', customTitle: null }],
  activeUserData: {
    email: 'user@atrium.test',
    imagePath: null,
    userName: 'Uma',
    surname: 'User',
    tenantSet: true,
    title: '',
    phone: '',
  },
  tenants: [TENANT],
  customTenantProperties: { primaryColor: '#4f46e5', secondaryColor: '#0ea5e9', fontFamily: 'Arial' },
};

beforeEach(() => {
  resetSessionForTests({ status: 'anonymous' });
  setUiState({ darkMode: false, isSessionOver: false, isMenuOpened: false, isMenuExpanded: true });
  setViewportWidth(1280);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      `${init?.method ?? 'GET'} ${url}` === 'GET /core/api/me/generaldata'
        ? json(generalData)
        : problem(404, 'notFound', 'Not found'),
    ),
  );
});

describe('a page that fails to render', () => {
  it('shows the product error page inside the shell, with a retry and a way home', { timeout: 40_000 }, async () => {
    // React reports the error the boundary catches; that is the mechanism, not a failure.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    acceptAuthResult(authResult({ activeTenantId: TENANT.id }));
    render(
      <AppProviders queryClient={createTestQueryClient()} env="test">
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/home'] })} />
      </AppProviders>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong on this page' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // The shell stays: its navigation is still there.
    expect(screen.getAllByRole('navigation').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Home works' }, { timeout: 15_000 })).toBeInTheDocument();
    quiet.mockRestore();
  });
});

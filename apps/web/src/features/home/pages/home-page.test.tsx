import type { GeneralData } from '@atrium/contracts';
import { IconNews } from '@tabler/icons-react';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generalDataQuery } from '@/shared/api/general-data';
import { notificationCountsQuery } from '@/shared/api/notification-counts';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { ModuleIconsProvider } from '@/shared/menu/module-icon';
import { setUiState } from '@/shared/ui-state/ui-state';
import { authResult } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders, setViewportWidth } from '@/test/render';
import HomePage from './home-page';

const TENANT = '1281b56c-18d1-484b-9f61-2d324b63bb40';
const FEATURES = ['News', 'TimeLogs', 'Sprints', 'Notifications', 'Chat'];
const data: GeneralData = {
  imageLogosrc: null,
  imageMobileLogosrc: null,
  features: FEATURES,
  tenantMenuItemsData: FEATURES.map((name) => ({ name, customTitle: name === 'TimeLogs' ? 'Hours' : null })),
  activeUserData: { email: 'user@atrium.test', imagePath: null, userName: 'Uma', surname: 'User', tenantSet: true },
  tenants: [{ id: TENANT, name: 'Northwind Partners' }],
  customTenantProperties: { primaryColor: '#4f46e5' },
};

function renderHome(roles: ('User' | 'TenantAdmin' | 'Superadmin')[] = ['User']) {
  const result = authResult({ activeTenantId: TENANT, roles });
  acceptAuthResult(result);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(generalDataQuery(result.user.id, TENANT).queryKey, data);
  queryClient.setQueryData(notificationCountsQuery(result.user.id, TENANT).queryKey, [{ groupName: 'Chat', count: 5 }]);
  return renderWithProviders(
    <MemoryRouter>
      <ModuleIconsProvider icons={{ news: IconNews }}>
        <HomePage />
      </ModuleIconsProvider>
    </MemoryRouter>,
    { queryClient },
  );
}

beforeEach(() => setUiState({ darkMode: false }));
afterEach(() => {
  setViewportWidth(1024);
  resetSessionForTests();
});

describe('/home', () => {
  it('on desktop shows the same tiles as on mobile, never an empty page', () => {
    setViewportWidth(1280);
    renderHome();
    expect(screen.getAllByRole('link').map((t) => t.getAttribute('href'))).toEqual([
      '/news',
      '/timelogs',
      '/chat',
      '/notifications',
      '/sprints',
    ]);
    expect(within(screen.getByRole('link', { name: /Chat/ })).getByText('5')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Northwind Partners' })).toBeInTheDocument();
    expect(screen.queryByText('Use the menu to find your way around your workspace.')).not.toBeInTheDocument();
  });

  it("on desktop shows a super administrator, who has no tiles, the heading 'home' with the hint 'useMenu'", () => {
    setViewportWidth(1280);
    renderHome(['Superadmin']);
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('Use the menu to find your way around your workspace.')).toBeInTheDocument();
  });

  it('on mobile shows a tile per menu item with custom titles, counts and the tenant colour', () => {
    setViewportWidth(375);
    renderHome();
    const tiles = screen.getAllByRole('link');
    expect(tiles.map((t) => t.getAttribute('href'))).toEqual([
      '/news',
      '/timelogs',
      '/chat',
      '/notifications',
      '/sprints',
    ]);
    expect(screen.getByRole('link', { name: /Hours/ })).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /Chat/ })).getByText('5')).toBeInTheDocument();
    const icon = screen.getByRole('link', { name: /News/ }).querySelector('svg');
    expect(icon).toHaveAttribute('stroke', '#4f46e5');
    expect(icon).toHaveClass('tabler-icon-news');
    expect(screen.getByRole('heading', { name: 'Northwind Partners' })).toBeInTheDocument();
  });

  it('on mobile keeps the heading for a super administrator, whose home has no menu tiles', () => {
    setViewportWidth(375);
    renderHome(['Superadmin']);
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /News/ })).not.toBeInTheDocument();
  });
});

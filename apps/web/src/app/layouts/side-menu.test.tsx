import {
  decideAccess,
  FEATURES,
  type GeneralData,
  type MenuPlacement,
  MODULES,
  type PageEntry,
  type Role,
} from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n, translateKey } from '@/shared/i18n/i18n';
import { buildMenu, type MenuModel } from '@/shared/menu/menu';
import { HARBOUR, NORTHWIND, NORTHWIND_FEATURES } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { NOT_BUILT_MODULES } from '../module-registry';
import { SideMenu, type SideMenuProps } from './side-menu';

const ACME = { id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'Acme' };

type MenuData = Pick<GeneralData, 'features' | 'tenantMenuItemsData'>;
const tenantData = (features: string[], titles: Record<string, string> = {}): MenuData => ({
  features,
  tenantMenuItemsData: features.map((name) => ({ name, customTitle: titles[name] ?? null })),
});
// The demo tenants as the server lists them (in the product's feature order).
const northwind = tenantData(NORTHWIND_FEATURES, { TimeLogs: 'Hours' });
const harbour = tenantData(['News', 'TimeLogs', 'Notifications', 'Chat']);
const withoutDocuments = tenantData(
  northwind.features.filter((f) => f !== 'Documents'),
  { TimeLogs: 'Hours' },
);

const nameOf = (key: string) =>
  translateKey(i18n.t, `feature.${key}`, { defaultValue: '' }) ||
  translateKey(i18n.t, `menu.${key}`, { defaultValue: key });
const menuFor = (generalData: MenuData, roles: Role[], counts: { groupName: string; count: number }[] = []) =>
  buildMenu({ generalData, roles, counts, nameOf });
const names = (items: { displayedName: string }[]) => items.map((i) => i.displayedName);

// What the manifest says, for the expectations below: a new module joins them without editing this file.
const MENU_MODULES = Object.entries(MODULES).flatMap(([module, entry]) => {
  if (!('menu' in entry)) return [];
  const menu: MenuPlacement = entry.menu;
  const page = (entry.pages as Record<string, PageEntry>)[menu.page]!;
  return [{ module, menu, page, feature: 'feature' in entry ? entry.feature : undefined }];
});
/** The admin group the manifest promises these roles in a tenant with these features, by name. */
const manifestAdmin = (roles: Role[], features: readonly string[]) =>
  MENU_MODULES.filter(
    ({ menu, page, feature }) =>
      menu.group === 'admin' &&
      (!feature || features.includes(feature)) &&
      decideAccess(page.policy, { roles, features }) === 'allow',
  ).map(({ module }) => nameOf(module));
/** The tenant features the manifest gives an item in a group, in the catalogue's (the server's) order. */
const manifestGroup = (group: 'main' | 'ignite') => {
  const inGroup = MENU_MODULES.filter(({ menu }) => menu.group === group);
  return [
    ...FEATURES.filter((f) => inGroup.some(({ menu, feature }) => feature === f && !menu.last)),
    ...inGroup.filter(({ menu }) => menu.last).map(({ feature }) => feature),
  ];
};

describe('buildMenu', () => {
  it('lists the tenant features with custom titles, notifications last', () => {
    const menu = menuFor(northwind, ['User']);
    expect(names(menu.main)).toEqual(['News', 'Calendar', 'Hours', 'Messages', 'Chat', 'Notifications']);
    expect(names(menu.ignite)).toEqual(['Sprints', 'Toolbox', 'Personal plan']);
    expect(menu.main.find((i) => i.key === 'TimeLogs')?.routerLink).toBe('/timelogs');
  });

  it('leaves out the modules this version does not have, whatever the tenant has on, in every menu', () => {
    const menu = buildMenu({
      generalData: northwind,
      roles: ['User'],
      counts: [],
      nameOf,
      notBuilt: NOT_BUILT_MODULES,
    });
    const all = [...menu.main, ...menu.ignite, ...menu.admin, ...menu.bottom];
    // The registry's NOT_BUILT modules among Northwind's features: News, Calendar, Messages, Toolbox, Personal plan.
    for (const module of ['news', 'calendar', 'messages', 'toolbox', 'personalplan'] as const) {
      expect(NOT_BUILT_MODULES.has(module)).toBe(true);
      expect(all.map((i) => i.module)).not.toContain(module);
    }
    expect(names(menu.main)).toEqual(['Hours', 'Chat', 'Notifications']);
    expect(menu.bottom.every((i) => !NOT_BUILT_MODULES.has(i.module))).toBe(true);
  });

  it('falls back to the translated name when the custom title is blank', () => {
    const menu = menuFor(tenantData(['News', 'TimeLogs'], { News: '  ' }), ['User']);
    expect(names(menu.main)).toEqual(['News', 'Time logs']);
  });

  it('carries the notification count whose group name equals the item name, else 0', () => {
    const menu = menuFor(
      northwind,
      ['User'],
      [
        { groupName: 'Notifications', count: 4 },
        { groupName: 'Chat', count: 2 },
        { groupName: 'Unknown', count: 9 },
      ],
    );
    const count = (key: string) => menu.main.find((i) => i.key === key)?.notificationsCount;
    expect(count('Notifications')).toBe(4);
    expect(count('Chat')).toBe(2);
    expect(count('News')).toBe(0);
  });

  it('builds the admin group from the route table, with Documents only under the feature', () => {
    const admin = (data: MenuData, roles: Role[]) => names(menuFor(data, roles).admin);
    for (const roles of [['Superadmin'], ['TenantAdmin'], ['PartnerManager'], ['User']] as Role[][]) {
      expect(admin(northwind, roles)).toEqual(manifestAdmin(roles, northwind.features));
      expect(admin(withoutDocuments, roles)).toEqual(manifestAdmin(roles, withoutDocuments.features));
    }
    // What those promises come to for the modules of today.
    expect(admin(northwind, ['Superadmin'])).toEqual(
      expect.arrayContaining(['Tenants', 'Users', 'Clients', 'Documents', 'Mail outbox', 'Audit log']),
    );
    expect(admin(withoutDocuments, ['Superadmin'])).not.toContain('Documents');
    expect(admin(northwind, ['TenantAdmin'])).toEqual(expect.arrayContaining(['Users', 'Clients', 'Documents']));
    expect(admin(northwind, ['TenantAdmin'])).not.toContain('Tenants');
    expect(admin(northwind, ['TenantAdmin'])).not.toContain('Mail outbox');
    expect(admin(northwind, ['PartnerManager'])).toContain('Tenants');
    expect(admin(northwind, ['PartnerManager'])).not.toContain('Users');
    expect(admin(northwind, ['User'])).not.toContain('Users');
  });

  it('leaves notifications and time logging out for a role their routes refuse', () => {
    const menu = menuFor(northwind, ['PartnerManager']);
    expect(names(menu.main)).not.toContain('Notifications');
    // A partner manager logs no hours: every time logging call refuses the role.
    expect(names(menu.main)).not.toContain('Hours');
    expect(menu.bottom.map((i) => i.key)).toEqual(['home', 'Sprints', 'ToolBox', 'PersonalPlan', 'profile']);
  });

  it('fills the bottom bar with home, the Ignite shortcuts that are on, notifications and profile', () => {
    expect(menuFor(northwind, ['User']).bottom.map((i) => i.key)).toEqual([
      'home',
      'Sprints',
      'ToolBox',
      'PersonalPlan',
      'Notifications',
      'profile',
    ]);
    expect(menuFor(harbour, ['User']).bottom.map((i) => i.key)).toEqual(['home', 'Notifications', 'profile']);
  });

  it('puts every tenant feature with a page of its own in its group, in the server’s order', () => {
    const menu = menuFor(tenantData([...FEATURES]), ['User']);
    expect(menu.main.map((i) => i.key)).toEqual(manifestGroup('main'));
    expect(menu.ignite.map((i) => i.key)).toEqual(manifestGroup('ignite'));
    // Each item opens its own module's menu page.
    for (const item of [...menu.main, ...menu.ignite]) {
      const { page, feature } = MENU_MODULES.find((m) => m.module === item.module)!;
      expect({ key: item.key, link: item.routerLink }).toEqual({ key: feature, link: `/${page.path}` });
    }
    expect(menu.ignite.find((i) => i.key === 'PersonalPlan')?.routerLink).toBe('/personalplan');
  });

  it('gives the bottom bar the same items as the side menu', () => {
    const menu = menuFor(northwind, ['User'], [{ groupName: 'Notifications', count: 2 }]);
    const notifications = menu.main.at(-1);
    expect(menu.bottom).toContain(notifications);
    expect(menu.bottom.find((i) => i.key === 'Sprints')).toBe(menu.ignite[0]);
  });

  it('is empty without an active tenant, apart from what the role brings', () => {
    const menu = menuFor(tenantData([]), ['Superadmin']);
    expect(menu.main).toEqual([]);
    expect(menu.ignite).toEqual([]);
    expect(names(menu.admin)).toEqual(manifestAdmin(['Superadmin'], []));
    expect(names(menu.admin)).not.toContain('Documents');
  });
});

function renderMenu(menu: MenuModel, overrides: Partial<SideMenuProps> = {}) {
  const props: SideMenuProps = {
    menu,
    tenants: [NORTHWIND],
    activeTenantId: NORTHWIND.id,
    user: { displayName: 'Uma User', email: 'user@atrium.test', imagePath: null },
    onSelectTenant: vi.fn(),
    onLogout: vi.fn(),
    ...overrides,
  };
  renderWithProviders(
    <MemoryRouter initialEntries={['/home']}>
      <SideMenu {...props} />
    </MemoryRouter>,
  );
  return props;
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const linkNames = () =>
  within(nav())
    .getAllByRole('link')
    .map((a) => a.textContent || a.getAttribute('aria-label'));

describe('SideMenu', () => {
  it('shows the main items in order with notifications last and its count badge', () => {
    renderMenu(menuFor(northwind, ['User'], [{ groupName: 'Notifications', count: 3 }]));
    const links = within(nav()).getAllByRole('link');
    const main = links.filter((a) =>
      ['News', 'Calendar', 'Hours', 'Messages', 'Chat'].some((n) => a.textContent === n),
    );
    expect(main.map((a) => a.textContent)).toEqual(['News', 'Calendar', 'Hours', 'Messages', 'Chat']);
    const notifications = links.find((a) => a.textContent?.startsWith('Notifications'));
    expect(notifications).toHaveAttribute('href', '/notifications');
    expect(within(notifications as HTMLElement).getByTestId('count-Notifications')).toHaveTextContent('3');
    // Notifications closes the main list: the Ignite group follows it.
    const order = linkNames();
    expect(order.indexOf('Notifications3')).toBe(order.indexOf('Chat') + 1);
  });

  it('cuts a long custom title at two lines, the whole title still naming the link and shown on hover', async () => {
    const long = `Time logging for every project of the whole company and all of its departments ${'x'.repeat(20)}`;
    renderMenu(menuFor(tenantData(['News', 'TimeLogs'], { TimeLogs: long }), ['User']));
    const link = within(nav()).getByRole('link', { name: long });
    expect(within(link).getByText(long)).toHaveAttribute('data-line-clamp', 'true');
    await userEvent.hover(link);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
    // A short title needs neither.
    await userEvent.hover(within(nav()).getByRole('link', { name: 'News' }));
    await waitFor(() => expect(screen.queryByRole('tooltip', { name: 'News' })).not.toBeInTheDocument());
  });

  it('shows no badge when nothing is unread, not even a zero on notifications', () => {
    renderMenu(menuFor(northwind, ['User']));
    expect(screen.queryByTestId('count-Notifications')).not.toBeInTheDocument();
    expect(screen.queryByTestId('count-News')).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows the Ignite group only when it has items', () => {
    renderMenu(menuFor(northwind, ['User']));
    expect(screen.getByRole('heading', { name: 'Ignite' })).toBeInTheDocument();
  });

  it('hides the Ignite and admin groups when they are empty', () => {
    renderMenu(menuFor(harbour, ['User']));
    expect(screen.queryByRole('heading', { name: 'Ignite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin panel' })).not.toBeInTheDocument();
  });

  it('shows the admin group for an administrator', () => {
    renderMenu(menuFor(northwind, ['TenantAdmin']));
    expect(screen.getByRole('heading', { name: 'Admin panel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/admin/documents');
  });

  it('has no tenant selector with a single tenant', () => {
    renderMenu(menuFor(northwind, ['TenantAdmin']), { tenants: [NORTHWIND] });
    expect(screen.queryByRole('combobox', { name: 'Tenant' })).not.toBeInTheDocument();
  });

  it('offers the tenants sorted by name when there are several; choosing one reports its id', async () => {
    const user = userEvent.setup();
    const props = renderMenu(menuFor(northwind, ['User']), { tenants: [NORTHWIND, HARBOUR, ACME] });
    const selector = screen.getByRole('combobox', { name: 'Tenant' });
    expect(selector).toHaveValue('Northwind Partners');
    await user.click(selector);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Acme', 'Harbour Care', 'Northwind Partners']);
    await user.click(screen.getByRole('option', { name: 'Harbour Care' }));
    expect(props.onSelectTenant).toHaveBeenCalledWith(HARBOUR.id);
  });

  it('lets the tenant be cleared', async () => {
    const user = userEvent.setup();
    const props = renderMenu(menuFor(northwind, ['User']), { tenants: [NORTHWIND, HARBOUR] });
    const clear = screen.getByRole('combobox', { name: 'Tenant' }).parentElement?.querySelector('button');
    expect(clear).toBeTruthy();
    await user.click(clear as HTMLButtonElement);
    expect(props.onSelectTenant).toHaveBeenCalledWith(null);
  });

  it('has a user card leading to /profile and a logout button', async () => {
    const user = userEvent.setup();
    const props = renderMenu(menuFor(northwind, ['User']));
    const card = screen.getByRole('link', { name: /Uma User/ });
    expect(card).toHaveAttribute('href', '/profile');
    expect(card).toHaveTextContent('user@atrium.test');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(props.onLogout).toHaveBeenCalledOnce();
  });

  it('keeps every item reachable by name when collapsed to icons', () => {
    renderMenu(menuFor(northwind, ['TenantAdmin']), { compact: true });
    expect(screen.getByRole('link', { name: 'Hours' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});

import type { Role } from '@atrium/contracts';
import { Notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '@/features/users/api/types';
import { acceptAuthResult } from '@/shared/api/session';
import { enter } from '@/test/enter';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import UsersPage from './users-page';

const NORTHWIND = '1281b56c-18d1-484b-9f61-2d324b63bb40';
const STAFF = { id: '5a0d2c4e-1b3f-4a5c-9d7e-8f9a0b1c2d3e', name: 'Staff', createdAt: '2026-01-01T00:00:00.000Z' };

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function user(n: number, overrides: Partial<UserRow> = {}): UserRow {
  const name = `Person${String(n).padStart(3, '0')}`;
  return {
    id: uuid(n),
    name,
    surname: 'Example',
    fullName: `${name} Example`,
    email: `person${n}@example.test`,
    imagePath: null,
    rolesNames: ['User'],
    groupsNames: [],
    deletedAt: null,
    ...overrides,
  };
}

/** A fake GET /users that pages through `all` by page and take, like the server. */
function serve(all: UserRow[], extra: Record<string, (init?: RequestInit) => Response> = {}) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace('/core/api', '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    if (extra[key]) return extra[key](init);
    if (key === 'GET /users') {
      const page = Number(url.searchParams.get('page'));
      const take = Number(url.searchParams.get('take'));
      return json({ data: all.slice((page - 1) * take, page * take), total: all.length, page, take });
    }
    if (key === 'GET /usergroups') return json([STAFF]);
    if (key === 'GET /me/generaldata') return json({ tenants: [], features: [] });
    return json({ title: 'Not found', status: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const calls = (fetchMock: ReturnType<typeof vi.fn>, prefix: string) =>
  fetchMock.mock.calls
    .map(([u, init]) => ({ url: String(u), init: init as RequestInit | undefined }))
    .filter((c) => `${c.init?.method ?? 'GET'} ${c.url.replace('/core/api', '')}`.startsWith(prefix));

/** IntersectionObserver stand-in: the test says when the end of the list comes into view. */
const observers: { callback: IntersectionObserverCallback; node?: Element }[] = [];
class FakeIntersectionObserver {
  constructor(readonly callback: IntersectionObserverCallback) {
    observers.push(this);
  }
  node?: Element;
  observe(node: Element) {
    this.node = node;
  }
  disconnect() {
    const i = observers.indexOf(this);
    if (i >= 0) observers.splice(i, 1);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
const scrollToEnd = () =>
  act(() => {
    // Only a watched element that is still on the page can scroll into view.
    for (const o of observers.filter((x) => x.node?.isConnected)) {
      o.callback([{ isIntersecting: true, target: o.node } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });

function signIn(roles: Role[], activeTenantId: string | null = null) {
  acceptAuthResult(authResult({ roles, isSuperadmin: roles.includes('Superadmin'), activeTenantId }));
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/users']}>
      <Notifications />
      <UsersPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setViewportWidth(1280);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  observers.length = 0;
});

describe('/users', () => {
  it('renders users in batches of 50 as the end of the list scrolls into view', async () => {
    signIn(['Superadmin']);
    const all = Array.from({ length: 101 }, (_, i) => user(i + 1));
    const fetchMock = serve(all);
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(50));
    expect(screen.getByText('101 users')).toBeInTheDocument();
    await scrollToEnd();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(100));
    await scrollToEnd();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(101));
    // Nothing more to ask for once all 101 are there.
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
    const pages = calls(fetchMock, 'GET /users?').map((c) => new URL(c.url, 'http://x').searchParams);
    expect(pages.map((p) => [p.get('page'), p.get('take')])).toEqual([
      ['1', '50'],
      ['2', '50'],
      ['3', '50'],
    ]);
  }, 40_000);

  it('keeps loading batches after the search changes', async () => {
    signIn(['Superadmin']);
    const all = Array.from({ length: 60 }, (_, i) => user(i + 1));
    const fetchMock = serve(all);
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(50));
    await enter(screen.getByRole('searchbox', { name: 'Search users' }), 'person');
    await waitFor(() =>
      expect(calls(fetchMock, 'GET /users?').some((c) => c.url.includes('search=person'))).toBe(true),
    );
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(50));
    await scrollToEnd();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(60));
    const last = new URL(calls(fetchMock, 'GET /users?').at(-1)!.url, 'http://x').searchParams;
    expect([last.get('search'), last.get('page')]).toEqual(['person', '2']);
  }, 40_000);

  it("exports the tenant's users as an xlsx download", async () => {
    signIn(['TenantAdmin'], NORTHWIND);
    const fetchMock = serve([user(1)], {
      'GET /users/export': () =>
        new Response('xlsx-bytes', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="users-2026-03-05.xlsx"',
          },
        }),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:users');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderPage();
    await screen.findAllByTestId('user-row');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicks).toEqual(['users-2026-03-05.xlsx']));
    const [call] = calls(fetchMock, 'GET /users/export');
    expect((call!.init!.headers as Record<string, string>).authorization).toMatch(/^Bearer /);
  });

  it('cuts name and surname at 15 characters and shows the role badges User, Admin, Super and Partner', async () => {
    signIn(['Superadmin']);
    serve([
      user(1, {
        name: 'Maximilianus-Augustus',
        surname: 'Vandersteenhoven',
        fullName: 'Maximilianus-Augustus Vandersteenhoven',
        rolesNames: ['User', 'TenantAdmin'],
      }),
      user(2, { rolesNames: ['Superadmin'] }),
      user(3, { rolesNames: ['PartnerManager'] }),
    ]);
    renderPage();
    const rows = await screen.findAllByTestId('user-row');
    expect(within(rows[0]!).getByRole('link', { name: 'Maximilianus-Au…' })).toHaveAttribute(
      'href',
      `/users/${uuid(1)}`,
    );
    expect(within(rows[0]!).getByText('Vandersteenhove…')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('User')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Admin')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Super')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Partner')).toBeInTheDocument();
    // A name of exactly 15 characters or fewer is left whole.
    expect(within(rows[1]!).getByRole('link', { name: 'Person002' })).toBeInTheDocument();
  });

  it('keeps the actions disabled until a user is selected', async () => {
    signIn(['Superadmin'], NORTHWIND);
    serve([user(1), user(2)]);
    renderPage();
    await screen.findAllByTestId('user-row');
    const assign = screen.getByRole('button', { name: 'Assign to group' });
    const more = screen.getByRole('button', { name: 'More actions' });
    expect(assign).toBeDisabled();
    expect(more).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person001 Example' }));
    expect(assign).toBeEnabled();
    expect(more).toBeEnabled();
    expect(screen.getByText('1 user selected')).toBeInTheDocument();
    await userEvent.click(more);
    expect(await screen.findByRole('menuitem', { name: 'Unassign from group' })).toBeEnabled();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeEnabled();
  });

  it('assigns the selected users to a group of the active tenant', async () => {
    signIn(['TenantAdmin'], NORTHWIND);
    const fetchMock = serve([user(1), user(2)], {
      'POST /users/assigngroups': () => new Response(null, { status: 204 }),
    });
    renderPage();
    await screen.findAllByTestId('user-row');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown users' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign to group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Select at least one group')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Staff' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('2 users assigned')).toBeInTheDocument();
    const [call] = calls(fetchMock, 'POST /users/assigngroups');
    expect(JSON.parse(call!.init!.body as string)).toEqual({ userIds: [uuid(1), uuid(2)], groupIds: [STAFF.id] });
  });

  it("deletes after a confirmation naming the user and shows the 'userDeleted' toast", async () => {
    signIn(['Superadmin']);
    const fetchMock = serve([user(1)], {
      'DELETE /users/00000000-0000-4000-8000-000000000001': () => new Response(null, { status: 204 }),
    });
    renderPage();
    await screen.findAllByTestId('user-row');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Person001 Example' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Do you really want to delete Person001 Example?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE /users/')).toHaveLength(1);
  });

  it('disables delete for anyone but a super administrator, and offers neither delete nor restore of deleted users to them', async () => {
    signIn(['TenantAdmin'], NORTHWIND);
    serve([user(1), user(2, { deletedAt: '2026-02-01T10:00:00.000Z' })]);
    renderPage();
    await screen.findAllByTestId('user-row');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Person001 Example' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Person002 Example' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Restore' })).not.toBeInTheDocument();
  });

  it('lets a super administrator restore a deleted user, whose row has no delete', async () => {
    signIn(['Superadmin']);
    const fetchMock = serve([user(1), user(2, { deletedAt: '2026-02-01T10:00:00.000Z' })], {
      [`POST /users/${uuid(2)}/restore`]: () =>
        json({ ...user(2), language: 'en', tenantIds: [], groupIds: [], createdAt: '2026-01-01T00:00:00.000Z' }),
    });
    renderPage();
    const rows = await screen.findAllByTestId('user-row');
    expect(within(rows[1]!).getByText('Deleted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Person002 Example' }));
    const restore = await screen.findByRole('menuitem', { name: 'Restore' });
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(restore);
    expect(await screen.findByText('Person002 Example was restored')).toBeInTheDocument();
    expect(calls(fetchMock, `POST /users/${uuid(2)}/restore`)).toHaveLength(1);
  });

  it('offers import and export only to a tenant administrator with an active tenant', async () => {
    signIn(['TenantAdmin'], NORTHWIND);
    serve([user(1)]);
    renderPage();
    await screen.findAllByTestId('user-row');
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    // The group filter is there because a tenant is active.
    expect(screen.getByRole('combobox', { name: 'Groups' })).toBeInTheDocument();
  });

  it('shows a super administrator without a tenant neither import, export nor the group filter', async () => {
    signIn(['Superadmin']);
    serve([user(1)]);
    renderPage();
    await screen.findAllByTestId('user-row');
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Groups' })).not.toBeInTheDocument();
  });

  it('searches and filters by role on the server', async () => {
    signIn(['Superadmin']);
    const fetchMock = serve([user(1)]);
    renderPage();
    await screen.findAllByTestId('user-row');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ada');
    await userEvent.click(screen.getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Partner' }));
    await waitFor(() => {
      const last = new URL(calls(fetchMock, 'GET /users?').at(-1)!.url, 'http://x').searchParams;
      expect(last.get('search')).toBe('ada');
      expect(last.get('roles')).toBe('admin,partner');
    });
  });
});

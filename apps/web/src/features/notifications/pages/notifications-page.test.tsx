import { decideAccess, type NotificationEventType, type UserSubscription } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { policyFor } from '@/shared/access/policy';
import { acceptAuthResult } from '@/shared/api/session';
import { enter } from '@/test/enter';
import { authResult, json, NORTHWIND_FEATURES } from '@/test/fixtures';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import InboxPage from './inbox-page';
import NotificationsPage from './notifications-page';

const TENANT = '10000000-0000-4000-8000-000000000001';
const type = (n: number, name: string, note = `About ${name}`): NotificationEventType => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  note,
});
const TYPES = [
  type(1, 'DocumentAdded'),
  type(2, 'TimeLogReminder'),
  ...Array.from({ length: 10 }, (_, i) => type(10 + i, `Custom${i}`, `Custom note ${i}`)),
];

type Call = { method: string; url: URL; body: unknown };
let calls: Call[];
let subscriptions: UserSubscription[];

function serve() {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const u = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url: u, body });
    if (u.pathname.endsWith('/notification/getNotificationsTypes')) {
      const page = Number(u.searchParams.get('page'));
      const take = Number(u.searchParams.get('take'));
      const search = u.searchParams.get('search') ?? '';
      const found = TYPES.filter((t) => t.name.includes(search) || t.note.includes(search));
      return json({ data: found.slice((page - 1) * take, page * take), total: found.length, page, take });
    }
    if (u.pathname.endsWith('/notification/getUserSubscriptions')) return json(subscriptions);
    if (u.pathname.endsWith('/notification/changeNotificationInterval')) {
      const b = body as { typeId: string; intervalType: number };
      subscriptions = [
        ...subscriptions.filter((s) => s.notificationEventTypeId !== b.typeId),
        { notificationEventTypeId: b.typeId, notificationEventInterval: b.intervalType as -1 },
      ];
      return json({ notificationEventTypeId: b.typeId, notificationEventInterval: b.intervalType });
    }
    if (u.pathname.endsWith('/notifications/count')) return json([{ groupName: 'Notifications', count: 2 }]);
    if (u.pathname.endsWith('/me/generaldata')) return json({ features: NORTHWIND_FEATURES, tenantMenuItemsData: [] });
    if (u.pathname.endsWith('/notifications') && method === 'GET') {
      return json({
        data: [
          {
            id: 'a0000000-0000-4000-8000-000000000001',
            eventType: 'DocumentAdded',
            title: 'New document: Handbook',
            body: 'A document was added under Documents.',
            link: '/documents/x',
            createdAt: '2026-11-26T10:00:00.000Z',
            readAt: null,
          },
          {
            id: 'a0000000-0000-4000-8000-000000000002',
            eventType: 'TimeLogReminder',
            title: 'Old one',
            body: '',
            link: null,
            createdAt: '2026-11-20T10:00:00.000Z',
            readAt: '2026-11-21T10:00:00.000Z',
          },
        ],
        total: 2,
        page: 1,
        take: 20,
        unread: 1,
      });
    }
    if (method === 'POST') return new Response(null, { status: 204 });
    return json({}, 404);
  });
}

const render = (ui: React.ReactElement) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);

beforeEach(() => {
  subscriptions = [{ notificationEventTypeId: TYPES[1]!.id, notificationEventInterval: 3 }];
  acceptAuthResult(authResult({ roles: ['User'], activeTenantId: TENANT }));
  setViewportWidth(1280);
  serve();
});

describe('/notifications', () => {
  it('is for the roles that work in a tenant', () => {
    const subject = (role: 'Superadmin' | 'TenantAdmin' | 'PartnerManager' | 'User') => ({
      roles: [role],
      features: [],
    });
    for (const role of ['Superadmin', 'TenantAdmin', 'User'] as const)
      expect(decideAccess(policyFor('notifications'), subject(role))).toBe('allow');
    expect(decideAccess(policyFor('notifications'), subject('PartnerManager'))).toBe('forbidden');
  });

  it('loads the first page of 10, shows -1 Disabled without a subscription, and saves a change at once', async () => {
    render(<NotificationsPage />);
    const docSelect = await screen.findByRole('combobox', { name: 'How often for Document added' });
    const typesCall = calls.find((c) => c.url.pathname.endsWith('/getNotificationsTypes'))!;
    expect(typesCall.url.searchParams.get('take')).toBe('10');
    expect(typesCall.url.searchParams.get('page')).toBe('1');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(docSelect).toHaveValue('-1');
    expect(
      within(docSelect)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['-1', 'Disabled'],
      ['1', 'Immediately'],
      ['2', 'Once A Day'],
      ['3', 'Once A Week'],
      ['4', 'Once A Moth'],
    ]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'How often for Time log reminder' })).toHaveValue('3'),
    );

    await userEvent.selectOptions(docSelect, '2');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        body: { typeId: TYPES[0]!.id, intervalType: 2 },
      }),
    );
    expect(calls.find((c) => c.method === 'PUT')!.url.pathname).toBe(
      '/core/api/notification/changeNotificationInterval',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'How often for Document added' })).toHaveValue('2'),
    );
  });

  it('links to a new project only those whom the project form lets in', async () => {
    render(<NotificationsPage />);
    await screen.findByRole('combobox', { name: 'How often for Document added' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/me/generaldata'))).toBe(true));
    expect(screen.queryByRole('link', { name: /Add Project/ })).not.toBeInTheDocument();
  });

  it('searches, pages, and links to the inbox and to a new project', async () => {
    acceptAuthResult(authResult({ roles: ['TenantAdmin'], activeTenantId: TENANT }));
    render(<NotificationsPage />);
    await screen.findByRole('combobox', { name: 'How often for Document added' });
    expect(await screen.findByRole('link', { name: /Add Project/ })).toHaveAttribute(
      'href',
      '/admin/timelogs/project/new',
    );
    const inboxLink = screen.getByRole('link', { name: /Your notifications/ });
    expect(inboxLink).toHaveAttribute('href', '/notifications/inbox');
    // Named from its visible text and count (no aria-label that the words on screen would not start).
    // (jsdom joins the button's flex items without the spaces a browser puts between them)
    await waitFor(() => expect(inboxLink).toHaveAccessibleName(/^Your notifications\s*2\s*unread$/));
    expect(inboxLink).not.toHaveAttribute('aria-label');
    await enter(screen.getByRole('searchbox', { name: 'Search event types' }), 'Custom note 3');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)!.url.searchParams.get('search')).toBe('Custom note 3');
  });
});

describe('/notifications/inbox', () => {
  it('lists the notifications newest first, marks one read and all read', async () => {
    render(<InboxPage />);
    expect(await screen.findByText('New document: Handbook')).toBeInTheDocument();
    expect(screen.getByText('Old one')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark “New document: Handbook” as read' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.method === 'POST' && c.url.pathname.endsWith('/notifications/a0000000-0000-4000-8000-000000000001/read'),
        ),
      ).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/notifications/readall'))).toBe(true),
    );
  });

  it('goes back to the last page when marking read shortens the unread list', async () => {
    const items = Array.from({ length: 21 }, (_, i) => ({
      id: `b0000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      eventType: 'DocumentAdded',
      title: `Notice ${i + 1}`,
      body: '',
      link: null,
      createdAt: new Date(Date.UTC(2026, 10, 26, 10, 0, 0) - i * 60_000).toISOString(),
      readAt: null as string | null,
    }));
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const u = new URL(url, 'http://localhost');
      const method = init.method ?? 'GET';
      const read = /\/notifications\/([^/]+)\/read$/.exec(u.pathname);
      if (method === 'POST' && read) {
        items.find((n) => n.id === read[1])!.readAt = '2026-11-26T11:00:00.000Z';
        return new Response(null, { status: 204 });
      }
      if (u.pathname.endsWith('/notifications/count')) return json([]);
      if (u.pathname.endsWith('/notifications') && method === 'GET') {
        const page = Number(u.searchParams.get('page'));
        const take = Number(u.searchParams.get('take'));
        const shown = u.searchParams.get('unread') === 'true' ? items.filter((n) => !n.readAt) : items;
        return json({
          data: shown.slice((page - 1) * take, page * take),
          total: shown.length,
          page,
          take,
          unread: items.filter((n) => !n.readAt).length,
        });
      }
      return json({}, 404);
    });
    render(<InboxPage />);
    await screen.findByText('Notice 1');
    await userEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark “Notice 21” as read' }));
    // Page 2 of the unread ones is gone: page 1 shows, not an empty 'no unread' state.
    expect(await screen.findByText('Notice 1')).toBeInTheDocument();
    expect(screen.queryByText('Notice 21')).not.toBeInTheDocument();
  });
});

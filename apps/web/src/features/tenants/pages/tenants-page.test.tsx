import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TenantRow } from '@/features/tenants/api/types';
import { acceptAuthResult } from '@/shared/api/session';
import { formatDateTime } from '@/shared/format/date';
import { enter } from '@/test/enter';
import { authResult, json, problem } from '@/test/fixtures';
import { type ApiStub, renderRoutes, stubApi } from '@/test/page';
import { setViewportWidth } from '@/test/render';
import TenantsPage from './tenants-page';

const HARBOUR: TenantRow = {
  id: '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c',
  name: 'Harbour Care',
  countOfUsers: 1,
  // Local time, so the expected text does not depend on the machine's zone.
  createdAt: new Date(2026, 2, 5, 14, 7).toISOString(),
  isPartnerTenant: false,
};
const NORTHWIND: TenantRow = {
  id: '1281b56c-18d1-484b-9f61-2d324b63bb40',
  name: 'Northwind Partners',
  countOfUsers: 3,
  createdAt: new Date(2025, 11, 24, 9, 30).toISOString(),
  isPartnerTenant: true,
};

let tenants: TenantRow[];
let fetchMock: ApiStub;
/** What GET /me/info says about the daily mails, and how POST senddailymails answers. */
let canSendDailyMails: boolean;
let dailyMailsAnswer: () => Promise<Response>;
beforeEach(() => {
  setViewportWidth(1280);
  tenants = [HARBOUR, NORTHWIND];
  canSendDailyMails = false;
  dailyMailsAnswer = async () => json({ users: 2, notifications: 5 });
  fetchMock = stubApi(({ method, path, init }) => {
    if (method === 'GET' && path === '/me/info') {
      return json({ gdprConfirmed: true, language: 'en', isSuperadmin: true, tenants: [], canSendDailyMails });
    }
    if (method === 'POST' && path === '/notifications/senddailymails') return dailyMailsAnswer();
    if (method === 'GET' && path === '/tenants') {
      return json({ data: tenants, total: tenants.length, page: 1, take: 25 });
    }
    if (method === 'DELETE' && path === `/tenants/${HARBOUR.id}`) {
      tenants = tenants.filter((t) => t.id !== HARBOUR.id);
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && path === `/tenants/${NORTHWIND.id}/clone`) {
      const { title } = JSON.parse(init?.body as string);
      return json({ ...NORTHWIND, id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', name: title }, 201);
    }
    return json({ title: 'Not found', status: 404 }, 404);
  });
});

function renderPage() {
  return renderRoutes('/tenants', <Route path="/tenants" element={<TenantsPage />} />);
}
const listCalls = () =>
  fetchMock.mock.calls
    .map(([u, init]) => ({
      url: new URL(String(u), 'http://x'),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
    }))
    .filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/tenants'));

describe('/tenants', () => {
  it('lists name, user count and created date as dd-MM-yyyy hh:mm', async () => {
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Harbour Care' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('05-03-2026 14:07')).toBeInTheDocument();
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(formatDateTime(NORTHWIND.createdAt)).toBe('24-12-2025 09:30');
    expect(screen.getByText('2 tenants')).toBeInTheDocument();
  });

  it('sorts by name and created date on the server, and searches after typing stops', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Harbour Care' });
    expect(listCalls()[0]?.url.searchParams.get('sort')).toBe('name');
    await userEvent.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => {
      const last = listCalls().at(-1)!.url.searchParams;
      expect([last.get('sort'), last.get('direction')]).toEqual(['createdAt', 'asc']);
    });
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('direction')).toBe('desc'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tenants' }), '2026');
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('search')).toBe('2026'));
    // The dates it matches are the ones shown, in the browser's zone.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(listCalls().at(-1)!.url.searchParams.get('tz')).toBe(zone);
  });

  it('links every entry of the row menu', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Harbour Care' }));
    const links = (await screen.findAllByRole('menuitem')).map((item) => item.getAttribute('href'));
    const id = HARBOUR.id;
    expect(links.filter(Boolean)).toEqual([
      `/tenants/html/${id}`,
      `/tenants/info/${id}`,
      `/tenants/${id}`,
      `/tenants/description/${id}`,
      `/tenants/tags/${id}`,
      `/tenants/folders/${id}`,
      `/tenants/teams/${id}`,
      `/tenants/departments/${id}`,
      `/tenants/checklists/${id}`,
      `/deleting/${id}`,
      `/tenants/emails/${id}`,
      `/tenants/emailtemplate/${id}`,
    ]);
    expect(screen.getByRole('menuitem', { name: 'Clone' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('deletes after a confirmation naming the tenant; cancel closes without deleting', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Harbour Care' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete tenant' });
    expect(dialog).toHaveTextContent('Do you really want to delete Harbour Care?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Harbour Care' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete tenant' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Harbour Care was deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Harbour Care' })).not.toBeInTheDocument());
  });

  it('clones under a new title and says that user groups are not copied', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Northwind Partners' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Clone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clone Northwind Partners' });
    expect(dialog).toHaveTextContent('User groups are not.');
    const title = within(dialog).getByRole('textbox', { name: 'Title of the copy' });
    expect(title).toHaveValue('Northwind Partners (copy)');
    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone tenant' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await enter(title, '  Southwind  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone tenant' }));
    expect(await screen.findByText('Southwind was created')).toBeInTheDocument();
    const clone = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/clone'));
    expect(JSON.parse((clone![1] as RequestInit).body as string)).toEqual({ title: 'Southwind' });
  });

  it('says so when there are no tenants, and offers the add button below 1050px at the bottom', async () => {
    tenants = [];
    setViewportWidth(900);
    renderPage();
    expect(await screen.findByText('No tenants yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add tenant' })).toHaveLength(1);
  });

  it('shows the load error with a way to try again', async () => {
    fetchMock.mockImplementation(async () =>
      json(
        {
          title: 'You are not allowed to do this',
          status: 403,
          code: 'forbidden',
          detail: 'Your active tenant is not a partner tenant',
        },
        403,
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the tenants');
    expect(alert).toHaveTextContent('Your active tenant is not a partner tenant');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/tenants: the partner-tenant flag', () => {
  const nameCell = async () =>
    (await screen.findByRole('link', { name: 'Northwind Partners' })).closest('td') as HTMLElement;

  it('marks a partner tenant for a super administrator', async () => {
    acceptAuthResult(authResult({ roles: ['Superadmin'], isSuperadmin: true }));
    renderPage();
    expect(within(await nameCell()).getByText('Partner')).toBeInTheDocument();
  });

  it('is not shown to a partner manager (spec part 1 §6: only super administrators see it)', async () => {
    acceptAuthResult(authResult({ roles: ['PartnerManager'] }));
    renderPage();
    expect(within(await nameCell()).queryByText('Partner')).not.toBeInTheDocument();
  });
});

describe('/tenants: Send daily mails', () => {
  const dailyMailsCalls = () =>
    fetchMock.mock.calls.filter(([u, init]) => String(u).endsWith('/notifications/senddailymails') && init?.method);
  const superadmin = () => acceptAuthResult(authResult({ roles: ['Superadmin'], isSuperadmin: true }));

  it('is not offered when the server says the account may not send them', async () => {
    superadmin();
    const { queryClient } = renderPage();
    await screen.findByRole('link', { name: 'Harbour Care' });
    await waitFor(() =>
      expect(queryClient.getQueryCache().find({ queryKey: ['me', 'info'], exact: false })?.state.status).toBe(
        'success',
      ),
    );
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Send daily mails' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add tenant' })).toHaveLength(1);
  });

  it('sends them, shows the wait, then a success toast with the number of mails queued', async () => {
    canSendDailyMails = true;
    let answer!: (r: Response) => void;
    dailyMailsAnswer = () =>
      new Promise((resolve) => {
        answer = resolve;
      });
    superadmin();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Send daily mails' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    expect(dailyMailsCalls()).toHaveLength(1);
    answer(json({ users: 2, notifications: 5 }));
    expect(await screen.findByText('Daily mails sent')).toBeInTheDocument();
    expect(screen.getByText('2 mails were queued.')).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
  });

  it('says so when nobody had anything to mail', async () => {
    canSendDailyMails = true;
    dailyMailsAnswer = async () => json({ users: 0, notifications: 0 });
    superadmin();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send daily mails' }));
    expect(await screen.findByText('Nobody had notifications to mail.')).toBeInTheDocument();
  });

  it('shows why it failed, and clears that after a send that works', async () => {
    canSendDailyMails = true;
    dailyMailsAnswer = async () => problem(403, 'forbidden', 'Your account may not send the daily mails');
    superadmin();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Send daily mails' });
    await userEvent.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not send the daily mails');
    expect(alert).toHaveTextContent('Your account may not send the daily mails');
    dailyMailsAnswer = async () => json({ users: 1, notifications: 1 });
    await userEvent.click(button);
    expect(await screen.findByText('1 mail was queued.')).toBeInTheDocument();
    expect(screen.queryByText('Could not send the daily mails')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientRow } from '@/features/clients/api/types';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { clearQueue, enqueue } from '@/shared/offline/queue';
import { authResult, json, problem } from '@/test/fixtures';
import { type ApiStub, renderRoutes, stubApi } from '@/test/page';
import { setViewportWidth } from '@/test/render';
import ClientsPage from './clients-page';

const NORDLYS: ClientRow = {
  id: '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  title: 'Nordlys ApS',
  address: 'Vestergade 1, 8000 Aarhus',
  clientCode: 'NL-01',
  fillColor: 'Purple',
  updatedAt: new Date(2026, 2, 5, 14, 7).toISOString(),
  contactsCount: 2,
  locationsCount: 3,
};
const HAVN: ClientRow = {
  ...NORDLYS,
  id: '5a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  title: 'Aarhus Havn',
  fillColor: null,
};

const OTHER_USER = '22222222-2222-4222-8222-222222222222';
const WAITING = 'Waiting to be sent. Kept on this device and sent when the network returns.';

let rows: ClientRow[];
let useKm: boolean;
let fetchMock: ApiStub;
beforeEach(() => {
  setViewportWidth(1280);
  rows = [HAVN, NORDLYS];
  useKm = true;
  fetchMock = stubApi(({ method, path, init }) => {
    if (method === 'GET' && path === '/companies') return json({ data: rows, total: rows.length, page: 1, take: 10 });
    if (method === 'GET' && path === '/companies/loadMapInfo')
      return json({ useKmAsValues: useKm, tileUrl: null, tileAttribution: null });
    if (method === 'PATCH' && path === '/companies/updateMapInfo') {
      useKm = JSON.parse(init?.body as string).useKmAsValues;
      return json({ useKmAsValues: useKm, tileUrl: null, tileAttribution: null });
    }
    if (method === 'GET' && path === `/companies/loadOneCompany/${NORDLYS.id}`)
      return json({ ...NORDLYS, contactsCount: 2, locationsCount: 3 });
    if (method === 'DELETE' && path === `/companies/${NORDLYS.id}`) {
      rows = rows.filter((r) => r.id !== NORDLYS.id);
      return json({ id: NORDLYS.id, contacts: 2, locations: 3 });
    }
    return json({ title: 'Not found', status: 404 }, 404);
  });
});
afterEach(async () => {
  // A queued change left behind would show on every later page of the run.
  await clearQueue();
});

const renderPage = () => renderRoutes('/admin/clients', <Route path="/admin/clients" element={<ClientsPage />} />);

const calls = (method: string, suffix: string) =>
  fetchMock.mock.calls
    .map(([u, init]) => ({
      url: new URL(String(u), 'http://x'),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
      init,
    }))
    .filter((c) => c.method === method && c.url.pathname.endsWith(suffix));

describe('/admin/clients', () => {
  it('lists the clients with their counts and the four row icons', async () => {
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Nordlys ApS' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('2 contacts · 3 locations')).toBeInTheDocument();
    expect(within(row).getByText('05-03-2026 14:07')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Contacts of Nordlys ApS' })).toHaveAttribute(
      'href',
      `/admin/clients/contacts/${NORDLYS.id}`,
    );
    expect(within(row).getByRole('link', { name: 'Locations of Nordlys ApS' })).toHaveAttribute(
      'href',
      `/admin/clients/locations/${NORDLYS.id}`,
    );
    expect(within(row).getByRole('link', { name: 'Edit Nordlys ApS' })).toHaveAttribute(
      'href',
      `/admin/clients/${NORDLYS.id}`,
    );
    expect(within(row).getByRole('button', { name: 'Delete Nordlys ApS' })).toBeInTheDocument();
    expect(screen.getByText('2 clients')).toBeInTheDocument();
  });

  it('sorts by Name and Updated Date on the server and searches after typing stops', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Nordlys ApS' });
    expect(calls('GET', '/companies')[0]?.url.searchParams.get('sort')).toBe('title');
    await userEvent.click(screen.getByRole('button', { name: 'Updated Date' }));
    await waitFor(() => {
      const last = calls('GET', '/companies').at(-1)!.url.searchParams;
      expect([last.get('sort'), last.get('direction')]).toEqual(['updatedAt', 'asc']);
    });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'nord');
    await waitFor(() => expect(calls('GET', '/companies').at(-1)!.url.searchParams.get('search')).toBe('nord'));
  });

  it('says how many contacts and locations go with a client before deleting it', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Nordlys ApS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete client' });
    expect(within(dialog).getByText('Nordlys ApS')).toBeInTheDocument();
    expect(await within(dialog).findByText('Its 2 contacts and 3 locations are deleted with it.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE', `/companies/${NORDLYS.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Nordlys ApS' })).not.toBeInTheDocument());
  });

  it('cancels a delete without deleting', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Nordlys ApS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete client' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE', `/companies/${NORDLYS.id}`)).toHaveLength(0);
  });

  it('hides the row icons below 575px and moves the add button to the foot under 1050px', async () => {
    setViewportWidth(1000);
    const first = renderPage();
    await screen.findByRole('link', { name: 'Nordlys ApS' });
    expect(screen.getByRole('button', { name: 'Delete Nordlys ApS' })).toBeInTheDocument();
    const add = screen.getByRole('link', { name: 'Add client' });
    // The footer button comes after the list.
    expect(
      screen.getByRole('link', { name: 'Nordlys ApS' }).compareDocumentPosition(add) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    first.unmount();
    setViewportWidth(500);
    renderPage();
    await screen.findByRole('link', { name: 'Nordlys ApS' });
    expect(screen.queryByRole('button', { name: 'Delete Nordlys ApS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contacts of Nordlys ApS' })).not.toBeInTheDocument();
  });

  it('switches the tenant’s radius options between kilometres and miles', async () => {
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Radius in kilometres' });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(calls('PATCH', '/companies/updateMapInfo')).toHaveLength(1));
    expect(JSON.parse(calls('PATCH', '/companies/updateMapInfo')[0]!.init!.body as string)).toEqual({
      useKmAsValues: false,
    });
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(await screen.findByText('Location radii are now chosen in miles.')).toBeInTheDocument();
  });

  it('names the new clients saved offline, waiting to be sent, above the list the server answers', async () => {
    await clearQueue();
    acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
    await enqueue('/companies/postCompany', { method: 'POST', body: { title: 'Fjordfisk ApS' } });
    await enqueue('/companies/postCompany', { method: 'POST', body: { title: 'Skagen Sejl' } });
    renderPage();
    const waiting = await screen.findByRole('status', { name: '2 new clients waiting to be sent' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fjordfisk ApS', 'Skagen Sejl']);
    expect(await screen.findByRole('link', { name: 'Nordlys ApS' })).toBeInTheDocument();
  });

  it('shows the queued values of a client edited offline, marked as waiting, and the server’s of the rest', async () => {
    await clearQueue();
    // Another user's edit on this browser is not theirs to show.
    acceptAuthResult(authResult({ id: OTHER_USER, roles: ['TenantAdmin'] }));
    await enqueue('/companies/updateCompany', { method: 'PATCH', body: { id: HAVN.id, title: 'Not mine' } });
    resetSessionForTests();
    acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
    const edit = { address: 'Havnegade 2, 8000 Aarhus', clientCode: 'NL-02', fillColor: 'blue', description: '' };
    await enqueue('/companies/updateCompany', {
      method: 'PATCH',
      body: { id: NORDLYS.id, title: 'Nordlys I', ...edit },
    });
    // The latest edit wins; an emptied code shows as none, as the server will store it.
    await enqueue('/companies/updateCompany', {
      method: 'PATCH',
      body: { id: NORDLYS.id, title: 'Nordlys Fisk ApS', ...edit, clientCode: '' },
    });
    const first = renderPage();
    const row = (await screen.findByRole('link', { name: 'Nordlys Fisk ApS' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: WAITING })).toHaveTextContent('Waiting to be sent');
    expect(within(row).getByText('Havnegade 2, 8000 Aarhus')).toBeInTheDocument();
    expect(within(row).queryByText('NL-01')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Nordlys Fisk ApS' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nordlys ApS' })).not.toBeInTheDocument();
    const havn = screen.getByRole('link', { name: 'Aarhus Havn' }).closest('tr') as HTMLElement;
    expect(within(havn).getByText('NL-01')).toBeInTheDocument();
    expect(within(havn).queryByRole('img', { name: WAITING })).not.toBeInTheDocument();
    expect(screen.queryByText('Not mine')).not.toBeInTheDocument();
    // The cards say it too.
    first.unmount();
    setViewportWidth(500);
    renderPage();
    const card = (await screen.findByRole('link', { name: 'Nordlys Fisk ApS' })).closest('li') as HTMLElement;
    expect(within(card).getByRole('img', { name: WAITING })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: WAITING })).toHaveLength(1);
  });

  it('shows the empty state', async () => {
    rows = [];
    renderPage();
    expect(await screen.findByText('No clients yet')).toBeInTheDocument();
  });

  it('shows a failed load with a retry that asks again', async () => {
    const answer = fetchMock.getMockImplementation() as (input: string, init?: RequestInit) => Promise<Response>;
    let fail = true;
    fetchMock.mockImplementation(async (input: string, init?: RequestInit) =>
      fail && new URL(input, 'http://x').pathname.endsWith('/companies')
        ? problem(503, 'unavailable', 'Down for maintenance')
        : answer(input, init),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the clients');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Nordlys ApS' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { clearQueue, enqueue } from '@/shared/offline/queue';
import { authResult, json } from '@/test/fixtures';
import { renderRoutes, stubApi } from '@/test/page';
import { setViewportWidth } from '@/test/render';
import ContactsPage from './contacts-page';

const CLIENT_ID = '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const OTHER_CLIENT = '5a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const client = { id: CLIENT_ID, title: 'Nordlys ApS', contactsCount: 1, locationsCount: 0 };
const WAITING = 'Waiting to be sent. Kept on this device and sent when the network returns.';
const contact = {
  id: '7a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  companyId: CLIENT_ID,
  name: 'Mette Lund',
  email: 'mette@nordlys.test',
  phoneNumber: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const other = { ...contact, id: '8a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d', name: 'Jens Holm', email: 'jens@nordlys.test' };

beforeEach(async () => {
  await clearQueue();
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
  stubApi(({ path }) => {
    if (path === `/companies/loadOneCompany/${CLIENT_ID}`) return json(client);
    if (path.startsWith('/contacts/customLoadPage/')) return json({ data: [contact, other], total: 2 });
    return json({ title: 'Not found', status: 404 }, 404);
  });
});
afterEach(() => clearQueue());

const renderPage = () =>
  renderRoutes(
    `/admin/clients/contacts/${CLIENT_ID}`,
    <Route path="/admin/clients/contacts/:id" element={<ContactsPage />} />,
  );

const newContact = (companyId: string, name: string) =>
  enqueue('/contacts/postContact', { method: 'POST', body: { companyId, name, email: `${name}@x.test` } });

describe('contacts page with changes queued offline', () => {
  it('shows the client’s new contacts waiting to be sent, beside the list the server answers', async () => {
    await newContact(CLIENT_ID, 'Karen Fisker');
    await newContact(OTHER_CLIENT, 'Ole Andet');
    await enqueue('/companyLocations/postLocation', {
      method: 'POST',
      body: { companyId: CLIENT_ID, title: 'North quay', radius: 5000 },
    });
    renderPage();
    const waiting = await screen.findByRole('status', { name: '1 new contact waiting to be sent' });
    expect(within(waiting).getByRole('listitem')).toHaveTextContent('Karen Fisker');
    expect(within(waiting).queryByText('Ole Andet')).not.toBeInTheDocument();
    expect(within(waiting).queryByText('North quay')).not.toBeInTheDocument();
    expect(await screen.findByText('Mette Lund')).toBeInTheDocument();
  });

  it('shows nothing waiting when the queue holds none of the client’s contacts', async () => {
    await newContact(OTHER_CLIENT, 'Ole Andet');
    renderPage();
    expect(await screen.findByText('Mette Lund')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /waiting to be sent/ })).not.toBeInTheDocument();
  });

  it('shows the queued values of a contact edited offline, marked as waiting to be sent', async () => {
    const edit = (name: string, phoneNumber: string) =>
      enqueue('/contacts/updateContact', {
        method: 'PUT',
        body: { id: contact.id, companyId: CLIENT_ID, name, email: 'mette.lund@nordlys.test', phoneNumber },
      });
    await edit('Mette Holm', '');
    await edit('Mette Lund Holm', '+45 12 34 56 78');
    setViewportWidth(1280);
    const table = renderPage();
    const row = (await screen.findByRole('link', { name: 'Mette Lund Holm' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: WAITING })).toHaveTextContent('Waiting to be sent');
    expect(within(row).getByText('mette.lund@nordlys.test')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '+45 12 34 56 78' })).toHaveAttribute('href', 'tel:+4512345678');
    const jens = screen.getByRole('link', { name: 'Jens Holm' }).closest('tr') as HTMLElement;
    expect(within(jens).queryByRole('img', { name: WAITING })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mette Lund' })).not.toBeInTheDocument();
    // The cards say it too.
    table.unmount();
    setViewportWidth(500);
    renderPage();
    const card = (await screen.findByRole('link', { name: 'Mette Lund Holm' })).closest('li') as HTMLElement;
    expect(within(card).getByRole('img', { name: WAITING })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: WAITING })).toHaveLength(1);
  });

  it('shows the server’s values, unmarked, when no edit of theirs is queued', async () => {
    // A new contact is no edit of a listed one.
    await newContact(CLIENT_ID, 'Karen Fisker');
    setViewportWidth(1280);
    renderPage();
    await screen.findByRole('status', { name: '1 new contact waiting to be sent' });
    const row = screen.getByRole('link', { name: 'Mette Lund' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('mette@nordlys.test')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: WAITING })).not.toBeInTheDocument();
  });
});

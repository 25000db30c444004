import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { clearQueue, enqueue } from '@/shared/offline/queue';
import { authResult, json } from '@/test/fixtures';
import { renderRoutes, resetPageState, stubApi } from '@/test/page';
import ContactsPage from './contacts-page';

const CLIENT_ID = '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const OTHER_CLIENT = '5a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const client = { id: CLIENT_ID, title: 'Nordlys ApS', contactsCount: 1, locationsCount: 0 };
const contact = {
  id: '7a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d',
  companyId: CLIENT_ID,
  name: 'Mette Lund',
  email: 'mette@nordlys.test',
  phoneNumber: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

beforeEach(async () => {
  await clearQueue();
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
  stubApi(({ path }) => {
    if (path === `/companies/loadOneCompany/${CLIENT_ID}`) return json(client);
    if (path.startsWith('/contacts/customLoadPage/')) return json({ data: [contact], total: 1 });
    return json({ title: 'Not found', status: 404 }, 404);
  });
});
afterEach(async () => {
  await clearQueue();
  resetPageState();
});

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
});

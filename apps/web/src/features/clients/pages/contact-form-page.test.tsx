import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { enter } from '@/test/enter';
import { json, problem } from '@/test/fixtures';
import { type ApiStub, renderRoutes, stubApi } from '@/test/page';
import ContactFormPage from './contact-form-page';

const CLIENT_ID = '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const CONTACT_ID = '7a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';
const client = { id: CLIENT_ID, title: 'Nordlys ApS', contactsCount: 0, locationsCount: 0 };
const contact = {
  id: CONTACT_ID,
  companyId: CLIENT_ID,
  name: 'Mette Lund',
  email: 'mette',
  phoneNumber: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

let failSave: boolean;
let fetchMock: ApiStub;
beforeEach(() => {
  failSave = false;
  fetchMock = stubApi(({ method, path, init }) => {
    if (path === `/companies/loadOneCompany/${CLIENT_ID}`) return json(client);
    if (path === `/contacts/loadOneContact/${CONTACT_ID}`) return json(contact);
    if (
      (method === 'POST' && path === '/contacts/postContact') ||
      (method === 'PUT' && path === '/contacts/updateContact')
    ) {
      if (failSave) return problem(500, 'internal', 'Something went wrong on our side');
      return json({ ...contact, ...JSON.parse(init?.body as string) }, method === 'POST' ? 201 : 200);
    }
    return json({ title: 'Not found', status: 404 }, 404);
  });
});

const renderAt = (path: string) =>
  renderRoutes(
    [`/admin/clients/contacts/${CLIENT_ID}`, path],
    <Route path="/admin/clients/:type/contact/:id" element={<ContactFormPage />} />,
  );

const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === method)
    .map(([, init]) => JSON.parse((init as RequestInit).body as string));

describe('contact form', () => {
  it('creates with the client id, with no format check on email, and goes back one page', async () => {
    renderAt(`/admin/clients/new/contact/${CLIENT_ID}`);
    await enter(await screen.findByRole('textbox', { name: /^Name/ }), 'Jens Kjær');
    await enter(screen.getByRole('textbox', { name: /^Email/ }), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/admin/clients/contacts/${CLIENT_ID}`),
    );
    expect(sent('POST')).toEqual([
      { companyId: CLIENT_ID, name: 'Jens Kjær', email: 'not an address', phoneNumber: null },
    ]);
  });

  it('sends nothing while name or email is empty, marking both', async () => {
    renderAt(`/admin/clients/new/contact/${CLIENT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent('POST')).toEqual([]);
  });

  it('loads a contact for editing and shows the spec’s alert when saving fails', async () => {
    failSave = true;
    renderAt(`/admin/clients/edit/contact/${CONTACT_ID}`);
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Mette Lund');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not submit the contact profile');
    expect(sent('PUT')[0]).toMatchObject({ id: CONTACT_ID, companyId: CLIENT_ID, name: 'Mette Lund' });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/i18n/i18n';
import { json, problem } from '@/test/fixtures';
import { type ApiStub, renderRoutes, stubApi } from '@/test/page';
import TenantDeletingPage from './tenant-deleting-page';

const ID = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';
const HARBOUR = {
  id: ID,
  name: 'Harbour Care',
  countOfUsers: 3,
  userIds: [],
  features: [
    { id: '0b7f6a52-5d1c-4e8e-9a57-3c2f1d0e9b81', name: 'News', customTitle: null },
    { id: '0b7f6a52-5d1c-4e8e-9a57-3c2f1d0e9b82', name: 'TimeLogs', customTitle: 'Hours' },
    { id: '0b7f6a52-5d1c-4e8e-9a57-3c2f1d0e9b83', name: 'PersonalPlan', customTitle: null },
  ],
  isPartnerTenant: false,
  createdAt: new Date(2026, 2, 5).toISOString(),
};

let deleteAnswer: () => Promise<Response>;
let fetchMock: ApiStub;
beforeEach(() => {
  deleteAnswer = async () => new Response(null, { status: 204 });
  fetchMock = stubApi(({ method, path }) => {
    if (method === 'GET' && path === `/tenants/${ID}`) return json(HARBOUR);
    if (method === 'DELETE' && path === `/tenants/${ID}`) return deleteAnswer();
    return problem(404, 'notFound', 'Not found');
  });
});

function renderPage(id = ID) {
  return renderRoutes(`/deleting/${id}`, <Route path="/deleting/:id" element={<TenantDeletingPage />} />);
}
const deletes = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE');

describe('/deleting/{id}', () => {
  it('names the tenant and what goes with it, and deletes nothing until confirmed', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Delete Harbour Care' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'What goes with it' });
    expect(list).toHaveTextContent('3 people lose access to it and are signed out of it.');
    // The tenant's own title, else the feature's name in the user's language, never 'PersonalPlan'.
    expect(list).toHaveTextContent('Its 3 modules (News, Hours, Personal plan) and all its settings.');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/tenants');
    expect(deletes()).toHaveLength(0);
  });

  it('shows progress while it deletes, then goes back to /tenants with a notice', async () => {
    let finish: (r: Response) => void = () => {};
    deleteAnswer = () => new Promise((resolve) => (finish = resolve));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete tenant' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deleting Harbour Care…');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    finish(new Response(null, { status: 204 }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tenants'));
    expect(await screen.findByText('Harbour Care was deleted')).toBeInTheDocument();
    expect(deletes()).toHaveLength(1);
  });

  it("shows the server's message when the deletion fails, and can try again", async () => {
    deleteAnswer = async () => problem(409, 'conflict', 'The tenant still has open invoices');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete tenant' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not delete the tenant');
    expect(alert).toHaveTextContent('The tenant still has open invoices');
    deleteAnswer = async () => new Response(null, { status: 204 });
    await userEvent.click(screen.getByRole('button', { name: 'Delete tenant' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tenants'));
  });

  it('is in Danish for a Danish user', async () => {
    await setLanguage('da');
    try {
      renderPage();
      expect(await screen.findByRole('heading', { name: 'Slet Harbour Care' })).toBeInTheDocument();
      expect(within(screen.getByRole('list')).getAllByRole('listitem').length).toBeGreaterThan(2);
      expect(screen.getByRole('button', { name: 'Slet organisation' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});

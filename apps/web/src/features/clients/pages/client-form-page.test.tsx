import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOfflineWriter } from '@/shared/api/client';
import { acceptAuthResult } from '@/shared/api/session';
import { clearQueue, enqueue, listQueued } from '@/shared/offline/queue';
import { authResult } from '@/test/fixtures';
import { renderRoutes, stubApi } from '@/test/page';
import ClientFormPage from './client-form-page';

const NEVER_OPENED = '4a5b6c7d-8e9f-4a0b-8c1d-2e3f4a5b6c7d';

beforeAll(() => {
  // jsdom has no FontFaceSet; the textareas' autosize listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

beforeEach(async () => {
  await clearQueue();
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
  setOfflineWriter(enqueue);
});
afterEach(() => setOfflineWriter(null));

const renderAt = (path: string) =>
  renderRoutes(['/admin/clients', path], <Route path="/admin/clients/:id" element={<ClientFormPage />} />);

describe('client form page offline', () => {
  it('says a client never opened on this device is not available offline, with the way back', async () => {
    renderAt(`/admin/clients/${NEVER_OPENED}`);
    expect(await screen.findByText('This record is not available offline')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Back to clients' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/clients$/);
  });

  it('returns to the list after a create queued offline, as online, and names the client in the queue', async () => {
    renderAt('/admin/clients/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'Offline Co' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/clients$/));
    const [queued] = await listQueued();
    expect(queued).toMatchObject({ method: 'POST', label: { key: 'newClient', values: { name: 'Offline Co' } } });
  });
});

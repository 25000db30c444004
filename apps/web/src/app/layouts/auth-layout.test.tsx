import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { clearQueue, enqueue } from '@/shared/offline/queue';
import { authResult } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AuthLayout } from './auth-layout';

beforeEach(async () => {
  await clearQueue();
  resetSessionForTests({ status: 'anonymous' });
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await clearQueue();
});

describe('AuthLayout', () => {
  it('says the browser is offline on the sign-in pages too, with the changes waiting for a sign-in', async () => {
    // Queued while signed in; then the user signed out.
    acceptAuthResult(authResult());
    await enqueue('/companies/postCompany', { method: 'POST', body: { title: 'Fjordfisk ApS' } });
    resetSessionForTests({ status: 'anonymous' });
    renderWithProviders(
      <MemoryRouter initialEntries={['/signin']}>
        <Routes>
          <Route element={<AuthLayout />}>
            <Route path="/signin" element={<h1>Sign in</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveTextContent('You are offline');
    expect(await screen.findByTestId('unsynced-label')).toHaveTextContent('1 unsynced change');
  });
});

import { act, screen } from '@testing-library/react';
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
afterEach(() => clearQueue());

/** A sign-in page (a heading) in `Layout`, at /signin. */
const signInPageIn = (Layout: typeof AuthLayout) =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/signin']}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/signin" element={<h1>Sign in</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

describe('AuthLayout', () => {
  it('says the browser is offline on the sign-in pages too, with the changes waiting for a sign-in', async () => {
    // Queued while signed in; then the user signed out.
    acceptAuthResult(authResult());
    await enqueue('/companies/postCompany', { method: 'POST', body: { title: 'Fjordfisk ApS' } });
    resetSessionForTests({ status: 'anonymous' });
    signInPageIn(AuthLayout);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveTextContent('You are offline');
    expect(await screen.findByTestId('unsynced-label')).toHaveTextContent('1 unsynced change');
  });

  it('shows the page without them when their code cannot be loaded (offline before the service worker kept it)', async () => {
    vi.resetModules();
    vi.doMock('@/shared/offline/offline-status', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { AuthLayout: Fresh } = await import('./auth-layout');
    signInPageIn(Fresh);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    // Let the failed loads settle and React render what follows them.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    vi.doUnmock('@/shared/offline/offline-status');
  });
});

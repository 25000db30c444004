import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFICE_RETURN_URL_KEY } from '@/features/auth/api/office365';
import { getSession, resetSessionForTests } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { authResult, json, problem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import Office365CallbackPage from './office365-callback-page';

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/office365auth" element={<Office365CallbackPage />} />
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  resetSessionForTests({ status: 'anonymous' });
  fetchMock = vi.fn(async () => json(authResult({ isSuperadmin: false })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => sessionStorage.clear());
const location = () => screen.findByTestId('location');

describe('/office365auth', () => {
  it('goes to /signin without a code, and asks nothing', async () => {
    renderAt('/office365auth');
    expect(await location()).toHaveTextContent(/^\/signin$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes to signin/:error when the provider answers an error (a refused consent)', async () => {
    renderAt('/office365auth?error=access_denied&error_description=End-User+aborted+interaction&state=x');
    expect(await location()).toHaveTextContent(/^\/signin\/access_denied$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names a provider error it does not know as a failed Microsoft 365 sign-in', async () => {
    renderAt('/office365auth?error=not_a_real_error&state=x');
    expect(await location()).toHaveTextContent(/^\/signin\/microsoftLoginFailed$/);
  });

  it('carries only known codes from the server, else a failed Microsoft 365 sign-in', async () => {
    fetchMock.mockResolvedValue(problem(403, 'forbidden', 'Forbidden'));
    renderAt('/office365auth?code=c&state=s');
    expect(await location()).toHaveTextContent(/^\/signin\/microsoftLoginFailed$/);
  });

  it('exchanges code, state and iss once, then goes to the active-tenant step with the stored return URL', async () => {
    sessionStorage.setItem(OFFICE_RETURN_URL_KEY, '/profile');
    renderAt('/office365auth?code=the-code&state=the-state&iss=https%3A%2F%2Flogin.example%2Fv2.0');
    expect(screen.getByText('Signing you in with Microsoft 365…')).toBeInTheDocument();
    expect(await location()).toHaveTextContent('/active-tenant-page?returnUrl=%2Fprofile&via=office365');
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/core/api/auth/office');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      code: 'the-code',
      state: 'the-state',
      iss: 'https://login.example/v2.0',
    });
    expect(getSession().status).toBe('authenticated');
    expect(localStorage.getItem(STORAGE_KEYS.userExists)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.isSuperadmin)).toBe('false');
    expect(sessionStorage.getItem(OFFICE_RETURN_URL_KEY)).toBeNull();
  });

  it('never returns to another site, whatever was stored', async () => {
    sessionStorage.setItem(OFFICE_RETURN_URL_KEY, '//evil.test/x');
    renderAt('/office365auth?code=c&state=s');
    expect(await location()).toHaveTextContent('/active-tenant-page?returnUrl=%2F&via=office365');
  });

  it('goes to signin/alreadyLoginedByAnotherMicrosoftAccount when the account is linked to another Microsoft account', async () => {
    fetchMock.mockResolvedValue(problem(409, 'conflict', 'alreadyLoginedByAnotherMicrosoftAccount'));
    renderAt('/office365auth?code=c&state=s');
    expect(await location()).toHaveTextContent(/^\/signin\/alreadyLoginedByAnotherMicrosoftAccount$/);
    expect(getSession().status).toBe('anonymous');
    expect(localStorage.getItem(STORAGE_KEYS.userExists)).toBeNull();
  });

  it('carries the errors of a list (a wrong state) to signin/:error', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          type: 'about:blank',
          title: 'Your request has invalid fields',
          status: 400,
          code: 'validation',
          detail: 'invalidState',
          errors: [{ field: 'state', message: 'invalidState' }],
        },
        400,
      ),
    );
    renderAt('/office365auth?code=c&state=tampered');
    expect(await location()).toHaveTextContent(/^\/signin\/invalidState$/);
  });

  it('names a failure it cannot read as a failed Microsoft 365 sign-in', async () => {
    fetchMock.mockResolvedValue(problem(500, 'internal', 'Something went wrong on our side'));
    renderAt('/office365auth?code=c&state=s');
    await waitFor(async () => expect(await location()).toHaveTextContent(/^\/signin\/microsoftLoginFailed$/));
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { browserNavigation } from '@/shared/routing/browser-navigation';
import { authResult, HARBOUR, json, NORTHWIND, problem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import ActiveTenantPage from './active-tenant-page';

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

let fetchMock: ReturnType<typeof vi.fn>;
function serve(tenants: { id: string; name: string }[], isSuperadmin = false) {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/me/info')) return json({ gdprConfirmed: true, language: 'en', isSuperadmin, tenants });
    if (url.endsWith('/auth/activetenant')) {
      const { tenantId } = JSON.parse(init?.body as string);
      return json(authResult({ activeTenantId: tenantId, isSuperadmin }));
    }
    return json({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
}
const activations = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/auth/activetenant'))
    .map(([, init]) => JSON.parse((init as RequestInit).body as string));

function renderPage(path = '/active-tenant-page?returnUrl=%2Fprofile') {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/active-tenant-page" element={<ActiveTenantPage />} />
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The fresh page loads the page asked for (window.location.replace, which jsdom cannot follow). */
let reloads: string[];
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.userExists, 'true');
  localStorage.setItem(STORAGE_KEYS.isSuperadmin, 'false');
  reloads = [];
  vi.spyOn(browserNavigation, 'replace').mockImplementation((url) => void reloads.push(url));
});
/** The page loaded afresh at `path`, and only there. */
const reloadedAt = (path: string) => waitFor(() => expect(reloads).toEqual([path]));

describe('/active-tenant-page', () => {
  it('lets a member of several tenants choose one, then goes to the returnUrl', async () => {
    const user = userEvent.setup();
    acceptAuthResult(authResult());
    serve([NORTHWIND, HARBOUR]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Choose your active tenant' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Active Tenant' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Harbour Care', 'Northwind Partners']);
    await user.click(screen.getByRole('option', { name: 'Harbour Care' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // Spec part 2 §4: after a choice the page reloads, at the returnUrl.
    await reloadedAt('/profile');
    expect(activations()).toEqual([{ tenantId: HARBOUR.id }]);
    expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBe(HARBOUR.id);
    expect(localStorage.getItem(STORAGE_KEYS.userExists)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.isSuperadmin)).toBeNull();
  });

  it('leads a member of several tenants through the two-factor setup a chosen tenant requires, then enters it', async () => {
    const user = userEvent.setup();
    acceptAuthResult(authResult());
    let enabled = false;
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/me/info')) {
        return json({ gdprConfirmed: true, language: 'en', isSuperadmin: false, tenants: [NORTHWIND, HARBOUR] });
      }
      if (url.endsWith('/auth/activetenant')) {
        const { tenantId } = JSON.parse(init?.body as string);
        if (tenantId === HARBOUR.id && !enabled) {
          return problem(403, 'twoFactorRequired', 'This tenant requires two-factor sign-in');
        }
        return json(authResult({ activeTenantId: tenantId }));
      }
      if (url.endsWith('/me/2fa/setup')) {
        return json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/x',
          qrDataUrl: 'data:image/png;base64,AA==',
        });
      }
      if (url.endsWith('/me/2fa/confirm')) {
        enabled = JSON.parse(init?.body as string).code === '123456';
        return json({ recoveryCodes: ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'] });
      }
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Active Tenant' }));
    await user.click(screen.getByRole('option', { name: 'Harbour Care' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(
      screen.getByText('Harbour Care requires two-factor sign-in. Set up an authenticator app to enter it.'),
    ).toBeVisible();
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText(/Code from your app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('aaaa-bbbb-cccc');
    expect(reloads).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await reloadedAt('/profile');
    expect(activations()).toEqual([{ tenantId: HARBOUR.id }, { tenantId: HARBOUR.id }]);
  });

  it('goes back to the choice from the setup', async () => {
    const user = userEvent.setup();
    acceptAuthResult(authResult());
    fetchMock = vi.fn(async (url: string) => {
      if (url.endsWith('/me/info')) {
        return json({ gdprConfirmed: true, language: 'en', isSuperadmin: false, tenants: [NORTHWIND, HARBOUR] });
      }
      if (url.endsWith('/auth/activetenant')) return problem(403, 'twoFactorRequired', 'Required');
      if (url.endsWith('/me/2fa/setup')) {
        return json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/x',
          qrDataUrl: 'data:image/png;base64,AA==',
        });
      }
      return json({}, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Active Tenant' }));
    await user.click(screen.getByRole('option', { name: 'Harbour Care' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Choose another tenant' }));
    expect(await screen.findByRole('heading', { name: 'Choose your active tenant' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('activates the only tenant without asking and goes to /home for the root returnUrl', async () => {
    acceptAuthResult(authResult());
    serve([NORTHWIND]);
    renderPage('/active-tenant-page?returnUrl=%2F');
    await reloadedAt('/home');
    expect(activations()).toEqual([{ tenantId: NORTHWIND.id }]);
  });

  it('continues without a tenant when the user has none', async () => {
    acceptAuthResult(authResult());
    serve([]);
    renderPage('/active-tenant-page');
    await reloadedAt('/home');
    expect(activations()).toEqual([{ tenantId: null }]);
  });

  it('offers Skip to a super administrator, which keeps the session as it is', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.isSuperadmin, 'true');
    acceptAuthResult(authResult({ roles: ['Superadmin'], isSuperadmin: true }));
    serve([NORTHWIND, HARBOUR], true);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    // Nothing changed: on to the page in place, no fresh load.
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(activations()).toEqual([]);
    expect(reloads).toEqual([]);
  });

  it('sends an anonymous visitor to sign in, keeping where they were going', async () => {
    resetSessionForTests({ status: 'anonymous' });
    serve([]);
    renderPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin?returnUrl=%2Fprofile'));
  });

  describe('after a Microsoft 365 sign-in (via=office365)', () => {
    it('offers Submit and Skip to every user; Skip keeps the session and clears the flags', async () => {
      const user = userEvent.setup();
      acceptAuthResult(authResult());
      serve([NORTHWIND, HARBOUR]);
      renderPage('/active-tenant-page?returnUrl=%2Fprofile&via=office365');
      expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Skip' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
      expect(activations()).toEqual([]);
      expect(localStorage.getItem(STORAGE_KEYS.userExists)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.isSuperadmin)).toBeNull();
    });

    it('stores the chosen tenant under activeTenantId', async () => {
      const user = userEvent.setup();
      acceptAuthResult(authResult());
      serve([NORTHWIND, HARBOUR]);
      renderPage('/active-tenant-page?returnUrl=%2F&via=office365');
      await user.click(await screen.findByRole('combobox', { name: 'Active Tenant' }));
      await user.click(screen.getByRole('option', { name: 'Northwind Partners' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await reloadedAt('/home');
      expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBe(NORTHWIND.id);
    });

    it("shows the spec's advice when setting the tenant fails", async () => {
      acceptAuthResult(authResult());
      fetchMock = vi.fn(async (url: string) =>
        url.endsWith('/me/info')
          ? json({ gdprConfirmed: true, language: 'en', isSuperadmin: false, tenants: [NORTHWIND] })
          : json({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Not a member' }, 403),
      );
      vi.stubGlobal('fetch', fetchMock);
      renderPage('/active-tenant-page?via=office365');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'To login by microsoft 365, please log out of other Microsoft services in this browser and try again',
      );
    });
  });
});

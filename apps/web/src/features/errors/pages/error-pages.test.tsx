import type { GeneralData } from '@atrium/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { generalDataQuery } from '@/shared/api/general-data';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, HARBOUR, json, NORTHWIND } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import NotFoundPage from './not-found-page';
import UnauthorizedPage from './unauthorized-page';

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderAt(path: string, tenants: { id: string; name: string }[] = []) {
  const result = authResult({ activeTenantId: NORTHWIND.id });
  acceptAuthResult(result);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(generalDataQuery(result.user.id, NORTHWIND.id).queryKey, { tenants } as GeneralData);
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/pagenotfound" element={<NotFoundPage />} />
        <Route path="/unauthorized" element={<UnauthorizedPage />} />
        <Route path="/tenantIdDeepLinkError/:deepTenantId/:remainingPath" element={<NotFoundPage />} />
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
    { queryClient },
  );
}

describe('not-found page', () => {
  it("says 'Oops / page not found' with a link back to /", () => {
    renderAt('/pagenotfound');
    expect(screen.getByText('Oops')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it("for another tenant's link offers to switch when the user belongs to that tenant", async () => {
    const user = userEvent.setup();
    const tenants = [NORTHWIND, HARBOUR];
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/auth/activetenant') ? json(authResult({ activeTenantId: HARBOUR.id })) : json({ tenants }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(`/tenantIdDeepLinkError/${HARBOUR.id}/profile`, tenants);
    expect(screen.getByText(/trying to reach information that belongs to another tenant/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
    await user.click(screen.getByRole('button', { name: 'Back to another tenant' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    const [url, init] = fetchMock.mock.calls.find(([u]) => u.endsWith('/auth/activetenant')) as [string, RequestInit];
    expect(url).toBe('/core/api/auth/activetenant');
    expect(JSON.parse(init.body as string)).toEqual({ tenantId: HARBOUR.id });
  });

  it('offers only the way home when the tenant is not one of the user’s', () => {
    renderAt(`/tenantIdDeepLinkError/${HARBOUR.id}/profile`, [NORTHWIND]);
    expect(screen.queryByRole('button', { name: 'Back to another tenant' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  });
});

describe('unauthorized page', () => {
  it('has the title Unauthorized, a message and a link back to /', () => {
    renderAt('/unauthorized');
    expect(screen.getByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.getByText(/do not have permission/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ImpersonationCandidate } from '@/features/impersonation/api/search-users';
import { acceptAuthResult, getSession } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { authResult, HARBOUR, json, NORTHWIND, problem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ImpersonationBanner } from './impersonation-banner';
import ViewAsButton from './view-as-button';

const SUPER_ID = '9b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const candidate = (
  id: string,
  fullName: string,
  extra: Partial<ImpersonationCandidate> = {},
): ImpersonationCandidate => ({
  id,
  fullName,
  email: `${fullName.split(' ')[0]?.toLowerCase()}@atrium.test`,
  rolesNames: ['User'],
  deletedAt: null,
  ...extra,
});
const UMA = candidate('affd95ac-3933-4c04-8d50-2a9d6c59fcda', 'Uma User');
const ADA = candidate('0d6f3b8e-5c1a-4b2d-8e9f-0a1b2c3d4e5f', 'Ada Admin', { rolesNames: ['TenantAdmin'] });
const SAM = candidate(SUPER_ID, 'Sam Super', { rolesNames: ['Superadmin'] });
const OTTO = candidate('3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', 'Otto Other', { rolesNames: ['Superadmin', 'User'] });
const GONE = candidate('4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f70', 'Gone Person', {
  deletedAt: '2026-01-01T00:00:00.000Z',
});

const tenantsOf: Record<string, { id: string; name: string }[]> = {
  [UMA.id]: [NORTHWIND, HARBOUR],
  [ADA.id]: [NORTHWIND],
};

function serve(impersonateAnswer?: () => Response) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace('/core/api', '');
    const method = init?.method ?? 'GET';
    if (impersonateAnswer && method === 'POST' && path === '/auth/impersonate') return impersonateAnswer();
    if (method === 'GET' && path === '/users') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const all = [UMA, ADA, SAM, OTTO, GONE].filter((u) => u.fullName.toLowerCase().includes(search));
      return json({ data: all, total: all.length, page: 1, take: 20 });
    }
    const forUser = /^\/tenants\/forimpersonator\/(.+)$/.exec(path);
    if (method === 'GET' && forUser) return json(tenantsOf[forUser[1]!] ?? []);
    if (method === 'POST' && path === '/auth/impersonate') {
      const { userId, tenantId } = JSON.parse(init?.body as string);
      return json(
        authResult({
          id: userId,
          displayName: 'Uma User',
          roles: ['User'],
          activeTenantId: tenantId,
          impersonatorId: SUPER_ID,
        }),
      );
    }
    if (method === 'POST' && path === '/auth/unimpersonate') {
      return json(authResult({ id: SUPER_ID, displayName: 'Sam Super', roles: ['Superadmin'], isSuperadmin: true }));
    }
    if (method === 'GET' && path === '/me/generaldata') {
      return json({ tenants: [NORTHWIND, HARBOUR], features: [] });
    }
    return problem(404, 'notFound', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const posted = (fetchMock: ReturnType<typeof vi.fn>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u).endsWith(path) && (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => JSON.parse(((init as RequestInit).body as string) ?? 'null'));

const signInAsSuper = () =>
  acceptAuthResult(authResult({ id: SUPER_ID, displayName: 'Sam Super', roles: ['Superadmin'], isSuperadmin: true }));

async function openChooser() {
  const reload = vi.fn();
  renderWithProviders(<ViewAsButton reload={reload} />);
  await userEvent.click(screen.getByRole('button', { name: 'View as' }));
  return { reload, dialog: await screen.findByRole('dialog', { name: 'View the product as another user' }) };
}

async function chooseUser(dialog: HTMLElement, name: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'User' }));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

describe('view as (impersonation chooser)', () => {
  it('is offered to super administrators only', () => {
    acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
    renderWithProviders(<ViewAsButton reload={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'View as' })).not.toBeInTheDocument();
  });

  it('offers neither the own account, other super administrators nor deleted users; the button waits for a user', async () => {
    signInAsSuper();
    serve();
    const { dialog } = await openChooser();
    const start = within(dialog).getByRole('button', { name: 'View as user' });
    expect(start).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'User' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Uma User (uma@atrium.test)',
        'Ada Admin (ada@atrium.test)',
      ]),
    );
  });

  it('preselects the only tenant of a user with one, and starts viewing as them there', async () => {
    signInAsSuper();
    const fetchMock = serve();
    const { dialog, reload } = await openChooser();
    await chooseUser(dialog, 'Ada Admin');
    expect(await within(dialog).findByText('In their tenant Northwind Partners.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Tenant' })).not.toBeInTheDocument();
    const start = within(dialog).getByRole('button', { name: 'View as user' });
    await waitFor(() => expect(start).toBeEnabled());
    await userEvent.click(start);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(posted(fetchMock, '/auth/impersonate')).toEqual([{ userId: ADA.id, tenantId: NORTHWIND.id }]);
    // Stored before the reload: the flag, the user and token (session), the active tenant.
    expect(localStorage.getItem(STORAGE_KEYS.isImpersonatingMode)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBe(NORTHWIND.id);
    const session = getSession();
    expect(session.status === 'authenticated' && session.user.impersonatorId).toBe(SUPER_ID);
  });

  it('asks for one of the tenants when the user has several', async () => {
    signInAsSuper();
    const fetchMock = serve();
    const { dialog } = await openChooser();
    await chooseUser(dialog, 'Uma User');
    const tenant = await within(dialog).findByRole('combobox', { name: 'Tenant' });
    const start = within(dialog).getByRole('button', { name: 'View as user' });
    expect(start).toBeDisabled();
    await userEvent.click(tenant);
    await userEvent.click(await screen.findByRole('option', { name: 'Harbour Care' }));
    await waitFor(() => expect(start).toBeEnabled());
    await userEvent.click(start);
    await waitFor(() =>
      expect(posted(fetchMock, '/auth/impersonate')).toEqual([{ userId: UMA.id, tenantId: HARBOUR.id }]),
    );
  });

  it('says why the server refused', async () => {
    signInAsSuper();
    serve(
      () =>
        new Response(
          JSON.stringify({
            title: 'Your request has invalid fields',
            status: 400,
            code: 'validation',
            detail: 'A deleted user cannot be impersonated',
            errors: [{ field: 'userId', message: 'userDeleted' }],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    );
    const { dialog } = await openChooser();
    await chooseUser(dialog, 'Ada Admin');
    const start = within(dialog).getByRole('button', { name: 'View as user' });
    await waitFor(() => expect(start).toBeEnabled());
    await userEvent.click(start);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not view as this user');
    expect(alert).toHaveTextContent('A deleted user cannot be impersonated');
    expect(localStorage.getItem(STORAGE_KEYS.isImpersonatingMode)).toBeNull();
  });
});

describe('impersonation banner', () => {
  it('shows nothing when nobody is being impersonated', () => {
    signInAsSuper();
    serve();
    renderWithProviders(<ImpersonationBanner reload={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'End impersonation' })).not.toBeInTheDocument();
  });

  it('shows whom the super administrator is viewing as, and ends it', async () => {
    localStorage.setItem(STORAGE_KEYS.isImpersonatingMode, 'true');
    acceptAuthResult(
      authResult({
        displayName: 'Uma User',
        email: 'user@atrium.test',
        activeTenantId: HARBOUR.id,
        impersonatorId: SUPER_ID,
      }),
    );
    const fetchMock = serve();
    const reload = vi.fn();
    renderWithProviders(<ImpersonationBanner reload={reload} />);
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    await waitFor(() =>
      expect(banner).toHaveTextContent('You are viewing as Uma User (user@atrium.test) in Harbour Care'),
    );
    await userEvent.click(within(banner).getByRole('button', { name: 'End impersonation' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(posted(fetchMock, '/auth/unimpersonate')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.isImpersonatingMode)).toBeNull();
    const session = getSession();
    expect(session.status === 'authenticated' && session.user.id).toBe(SUPER_ID);
  });
});

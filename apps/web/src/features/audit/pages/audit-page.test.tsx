import { type AuditEntry, decideAccess } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { policyFor } from '@/shared/access/policy';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import AuditPage from './audit-page';

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  createdAt: '2026-11-21T09:05:00.000Z',
  action: 'tenant.updated',
  actor: { id: 'a1', name: 'Ada Admin', email: 'ada@atrium.test' },
  realActor: null,
  tenant: { id: 't1', name: `Tenant ${n}` },
  recordType: 'tenant',
  recordId: `record-${n}`,
  before: { name: `Old ${n}` },
  after: { name: `New ${n}` },
  data: null,
  ip: '203.0.113.5',
  ...overrides,
});

let requests: URL[];
function serve(all: AuditEntry[], { fail = false } = {}) {
  requests = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const u = new URL(url, 'http://localhost');
    requests.push(u);
    if (u.pathname.endsWith('/audit/actors')) return json([{ id: 'a1', name: 'Ada Admin', email: 'ada@atrium.test' }]);
    if (u.pathname.endsWith('/audit/export.csv')) {
      return new Response('Time (UTC),Action\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename=audit-log-2026-11-21.csv' },
      });
    }
    if (fail) return json({ type: 'about:blank', title: 'Boom', status: 500 }, 500);
    const page = Number(u.searchParams.get('page') ?? 1);
    const take = Number(u.searchParams.get('take') ?? 25);
    const action = u.searchParams.get('action');
    const found = all.filter((e) => !action || e.action === action);
    return json({ data: found.slice((page - 1) * take, page * take), total: found.length, page, take });
  });
}

function renderPage(path = '/admin/audit') {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AuditPage />
    </MemoryRouter>,
  );
}

beforeEach(() => acceptAuthResult(authResult({ roles: ['Superadmin'], isSuperadmin: true })));

describe('/admin/audit', () => {
  it('is for super administrators, partner managers and tenant administrators', () => {
    const subject = (roles: ('Superadmin' | 'TenantAdmin' | 'PartnerManager' | 'User')[]) => ({ roles, features: [] });
    for (const role of ['Superadmin', 'TenantAdmin', 'PartnerManager'] as const) {
      expect(decideAccess(policyFor('admin/audit'), subject([role]))).toBe('allow');
    }
    expect(decideAccess(policyFor('admin/audit'), subject(['User']))).toBe('forbidden');
    expect(decideAccess(policyFor('admin/audit'), null)).toBe('unauthenticated');
  });

  it('lists entries newest first and opens one to its changed fields', async () => {
    const user = userEvent.setup();
    serve([
      entry(1, { realActor: { id: 's1', name: 'Sam Super', email: 'sam@atrium.test' }, data: { note: 'x' } }),
      entry(2),
    ]);
    renderPage();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByText('Tenant updated')).toBeInTheDocument();
    expect(first.getByText('Ada Admin')).toBeInTheDocument();
    expect(first.getByText('Tenant 1')).toBeInTheDocument();
    expect(first.getByText(/^21-11-2026 \d\d:05$/)).toBeInTheDocument();
    expect(screen.getByText('2 entries')).toBeInTheDocument();

    const toggle = first.getByRole('button', { name: /Show the changes of Tenant updated/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changes = screen.getByRole('table', { name: 'Changes' });
    expect(within(changes).getByRole('rowheader', { name: 'name' })).toBeInTheDocument();
    expect(within(changes).getByText('Old 1')).toBeInTheDocument();
    expect(within(changes).getByText('New 1')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.5')).toBeInTheDocument();
    expect(screen.getByText(/Really done by Sam Super/)).toBeInTheDocument();
    expect(requests[0]!.pathname).toBe('/core/api/audit');
  });

  it('filters by action on the server and says when nothing matches', async () => {
    const user = userEvent.setup();
    serve([entry(1), entry(2, { action: 'user.deleted' })]);
    renderPage();
    await screen.findByText('Tenant 1');
    await user.click(screen.getByLabelText('Action', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'User deleted' }));
    await waitFor(() => expect(screen.queryByText('Tenant 1')).not.toBeInTheDocument());
    expect(screen.getByText('Tenant 2')).toBeInTheDocument();
    expect(
      requests
        .filter((r) => r.pathname === '/core/api/audit')
        .at(-1)!
        .searchParams.get('action'),
    ).toBe('user.deleted');
    await user.click(screen.getByLabelText('Action', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Group deleted' }));
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
  });

  it('sends the period with the browser’s time zone and the record filter from the URL', async () => {
    serve([entry(1)]);
    renderPage('/admin/audit?from=2026-11-01&to=2026-11-30&recordId=record-1');
    await screen.findByText('Tenant 1');
    const query = requests.find((r) => r.pathname === '/core/api/audit')!.searchParams;
    expect(query.get('from')).toBe('2026-11-01');
    expect(query.get('to')).toBe('2026-11-30');
    expect(query.get('recordId')).toBe('record-1');
    expect(query.get('tz')).toBe(String(new Date().getTimezoneOffset()));
    expect(screen.getByRole('textbox', { name: 'Record id' })).toHaveValue('record-1');
  });

  it('exports the filtered entries as CSV', async () => {
    const user = userEvent.setup();
    serve([entry(1)]);
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderPage('/admin/audit?action=tenant.updated');
    await screen.findByText('Tenant 1');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(requests.some((r) => r.pathname === '/core/api/audit/export.csv')).toBe(true));
    const exported = requests.find((r) => r.pathname === '/core/api/audit/export.csv')!;
    expect(exported.searchParams.get('action')).toBe('tenant.updated');
    await waitFor(() => expect(created).toHaveBeenCalled());
  });

  it('says so when nothing is recorded yet, and when loading fails', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('Nothing has been recorded yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('shows a failed load with a retry', async () => {
    serve([], { fail: true });
    renderPage();
    expect(await screen.findByText('Could not load the audit log')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows one expandable card per entry on a phone', async () => {
    const user = userEvent.setup();
    setViewportWidth(375);
    serve([entry(1), entry(2)]);
    renderPage();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The card's own text names its button (action, actor, tenant, time).
    const button = within(items[0]!).getByRole('button', { name: /Tenant updated.*Ada Admin/ });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await within(items[0]!).findByText('New 1')).toBeInTheDocument();
  });
});

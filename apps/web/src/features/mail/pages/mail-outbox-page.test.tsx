import { decideAccess } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxMail } from '@/features/mail/api/outbox';
import { policyFor } from '@/shared/access/policy';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import MailOutboxPage from './mail-outbox-page';

const mail = (n: number, overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  to: `person${n}@atrium.test`,
  subject: `Subject ${n}`,
  html: `<p>Hello ${n}</p><p><a href="https://atrium.test/resetpassword?id=x&amp;token=y">Choose a new password</a></p><script>parent.stolen = true</script>`,
  text: `Hello ${n}\n\nhttps://atrium.test/resetpassword?id=x&token=y`,
  status: 'stored',
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-21T09:05:00.000Z',
  sentAt: null,
  ...overrides,
});

let requests: URL[];
function serve(all: OutboxMail[]) {
  requests = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const u = new URL(url, 'http://localhost');
    requests.push(u);
    const search = u.searchParams.get('search') ?? '';
    const page = Number(u.searchParams.get('page') ?? 1);
    const take = Number(u.searchParams.get('take') ?? 20);
    const found = all.filter((m) => !search || m.to.includes(search) || m.subject.includes(search));
    return json({ data: found.slice((page - 1) * take, page * take), total: found.length, page, take });
  });
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <MailOutboxPage />
    </MemoryRouter>,
  );
}

beforeEach(() => acceptAuthResult(authResult({ roles: ['Superadmin'], isSuperadmin: true })));

describe('/admin/mail', () => {
  it('is for super administrators only', () => {
    const subject = (roles: ('Superadmin' | 'TenantAdmin' | 'PartnerManager' | 'User')[]) => ({ roles, features: [] });
    expect(decideAccess(policyFor('admin/mail'), subject(['Superadmin']))).toBe('allow');
    for (const role of ['TenantAdmin', 'PartnerManager', 'User'] as const) {
      expect(decideAccess(policyFor('admin/mail'), subject([role]))).toBe('forbidden');
    }
    expect(decideAccess(policyFor('admin/mail'), null)).toBe('unauthenticated');
  });

  it('lists the outbox newest first with date, recipient, subject, status and attempts', async () => {
    serve([mail(1, { status: 'failed', attempts: 3, lastError: 'connection refused' }), mail(2)]);
    renderPage();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByText('person1@atrium.test')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Subject 1' })).toBeInTheDocument();
    expect(first.getByText('Failed')).toBeInTheDocument();
    expect(first.getByText('3')).toBeInTheDocument();
    expect(first.getByText(/^21-11-2026 \d\d:05$/)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Stored')).toBeInTheDocument();
    expect(requests[0]!.pathname).toBe('/core/api/mail/outbox');
    expect(requests[0]!.searchParams.get('page')).toBe('1');
  });

  it('searches on the server as the user types, and says when nothing matches', async () => {
    const user = userEvent.setup();
    serve([mail(1), mail(2)]);
    renderPage();
    await screen.findByText('person1@atrium.test');
    await user.type(screen.getByRole('textbox', { name: 'Search recipient or subject' }), 'person2');
    await waitFor(() => expect(screen.queryByText('person1@atrium.test')).not.toBeInTheDocument());
    expect(screen.getByText('person2@atrium.test')).toBeInTheDocument();
    expect(requests.at(-1)!.searchParams.get('search')).toBe('person2');
    await user.type(screen.getByRole('textbox', { name: 'Search recipient or subject' }), 'zzz');
    expect(await screen.findByText('No mail matches your search.')).toBeInTheDocument();
  });

  it('says so when there is no mail yet', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No mail yet.')).toBeInTheDocument();
  });

  it('pages through more than one page', async () => {
    const user = userEvent.setup();
    serve(Array.from({ length: 25 }, (_, i) => mail(i + 1)));
    renderPage();
    await screen.findByText('person1@atrium.test');
    expect(screen.getByText('25 mails')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('person21@atrium.test')).toBeInTheDocument();
    expect(requests.at(-1)!.searchParams.get('page')).toBe('2');
  });

  it('opens a mail with its HTML in a sandboxed frame, its text, and its last error', async () => {
    const user = userEvent.setup();
    serve([mail(1, { status: 'failed', attempts: 2, lastError: 'connection refused' })]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Subject 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subject 1' });
    expect(within(dialog).getByText('connection refused')).toBeInTheDocument();
    const frame = within(dialog).getByTitle('Message') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Choose a new password');
    await user.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    expect(within(dialog).getByText(/resetpassword\?id=x&token=y/)).toBeInTheDocument();
  });

  it('shows one card per mail on a phone, the subject first, and opens it', async () => {
    const user = userEvent.setup();
    setViewportWidth(375);
    serve([mail(1), mail(2, { status: 'sent', sentAt: '2026-11-21T09:06:00.000Z' })]);
    renderPage();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Subject 2')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Sent')).toBeInTheDocument();
    await user.click(within(items[0]!).getByRole('button'));
    expect(await screen.findByRole('dialog', { name: 'Subject 1' })).toBeInTheDocument();
  });
});

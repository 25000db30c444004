import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/shared/api/session';
import { authUser, fakeToken } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OfflineBanner, UnsyncedLabel } from './offline-status';
import { clearQueue, listQueued, notify } from './queue';
import { offlineDb, type QueuedRequest } from './queue-db';
import { resetSyncForTests } from './replay';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const CLIENT = '44444444-4444-4444-8444-444444444444';

const entry = (over: Partial<QueuedRequest>): QueuedRequest => ({
  id: crypto.randomUUID(),
  url: '/companies/updateCompany',
  method: 'PATCH',
  body: {},
  userId: ME,
  createdAt: new Date(2026, 10, 26, 9, 5).toISOString(),
  responseIdPath: null,
  idempotencyKey: crypto.randomUUID(),
  refusal: null,
  ...over,
});

let online = false;
beforeEach(async () => {
  await clearQueue();
  resetSyncForTests();
  resetSessionForTests({
    status: 'authenticated',
    user: authUser({ id: ME }),
    token: fakeToken(),
    expiresAt: Date.now() + 900_000,
  });
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
});

async function seed() {
  await (await offlineDb()).requests.bulkAdd([
    entry({
      id: CLIENT,
      url: '/companies/postCompany',
      method: 'POST',
      responseIdPath: 'id',
      body: { id: CLIENT, title: 'Offline Co' },
      label: { key: 'newClient', values: { name: 'Offline Co' } },
    }),
    entry({ url: '/contacts/postContact', method: 'POST', responseIdPath: 'id', body: { companyId: CLIENT } }),
    entry({ userId: OTHER, body: { id: 'x', title: 'Theirs' } }),
  ]);
  notify();
}

const renderShell = () =>
  renderWithProviders(
    <MemoryRouter>
      <OfflineBanner />
      <UnsyncedLabel />
    </MemoryRouter>,
  );

describe('offline banner, label and dialog', () => {
  it('shows offline with the count, and the entries with their icons, dates and marks', async () => {
    await seed();
    renderShell();
    const banner = await screen.findByTestId('offline-banner');
    await within(banner).findByText('3 unsynced changes');
    expect(within(banner).getByText('You are offline')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('unsynced-label'));
    const dialog = await screen.findByRole('dialog', { name: 'Unsynced changes' });
    const rows = within(dialog).getAllByTestId('queue-entry');
    expect(rows).toHaveLength(3);
    // Named by the record where the page that made it said, else by its kind and path.
    expect(within(rows[0]!).getByText('New client Offline Co')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText(/postCompany/)).toBeNull();
    expect(within(rows[1]!).getByText('New record')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('POST /contacts/postContact')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Change')).toBeInTheDocument();
    // The icons only repeat the title (no aria-label on an element without a role), and closing has a name.
    expect(dialog.querySelectorAll('[aria-label]:not([role]):not(button)')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Close the list of unsynced changes' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('26-11-2026 09:05')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('Linked')).toBeNull();
    expect(within(rows[1]!).getByText('Linked')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Changed by another user')).toBeInTheDocument();
    expect(within(dialog).queryByText('Sign in to sync')).toBeNull();
    // Offline: nothing to sync with.
    expect(within(dialog).getByRole('button', { name: 'Sync' })).toBeDisabled();
  });

  it('marks every entry "sign in to sync" while nobody is signed in, and lets nobody send, edit or drop them', async () => {
    await seed();
    await (await offlineDb()).requests.add(entry({ refusal: { status: 400, message: 'Title is required' } }));
    notify();
    online = true;
    resetSessionForTests({ status: 'anonymous' });
    renderShell();
    await userEvent.click(await screen.findByTestId('unsynced-label'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Sign in to sync')).toHaveLength(4);
    expect(within(dialog).getByText(/Title is required/)).toBeInTheDocument();
    for (const name of ['Sync', 'Dismiss all', 'Edit', 'Drop']) {
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    }
  });

  it('keeps the page footer clear of the floating label, and docked (phones) floats over nothing', async () => {
    await seed();
    const view = renderShell();
    await screen.findByTestId('unsynced-label');
    // The page layouts end this much higher, so the footer is above the label.
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--atrium-unsynced-room')).toBe('64px'));
    view.unmount();
    expect(document.documentElement.style.getPropertyValue('--atrium-unsynced-room')).toBe('');
    renderWithProviders(
      <MemoryRouter>
        <UnsyncedLabel docked />
      </MemoryRouter>,
    );
    const docked = await screen.findByTestId('unsynced-label');
    expect(docked).toHaveClass('docked');
    expect(docked).not.toHaveClass('label');
    expect(document.documentElement.style.getPropertyValue('--atrium-unsynced-room')).toBe('');
  });

  it('asks before dismissing all, then empties the queue', async () => {
    await seed();
    renderShell();
    await userEvent.click(await screen.findByTestId('unsynced-label'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss all' }));
    expect(await listQueued()).toHaveLength(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss all' }));
    within(dialog).getByText(/Dismiss every unsynced change/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss all' }));
    await waitFor(async () => expect(await listQueued()).toEqual([]));
    await waitFor(() => expect(screen.queryByTestId('unsynced-label')).toBeNull());
  });

  it("shows a refused entry's reason, and lets the user edit its JSON or drop it", async () => {
    const refused = entry({ body: { id: CLIENT, title: '' }, refusal: { status: 400, message: 'title: required' } });
    await (await offlineDb()).requests.bulkAdd([refused, entry({})]);
    notify();
    renderShell();
    await userEvent.click(await screen.findByTestId('unsynced-label'));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('The server refused this change: title: required');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const fields = within(dialog).getByRole('textbox', { name: 'Fields (JSON)' });
    await userEvent.clear(fields);
    await userEvent.type(fields, '{{"title"');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and sync' }));
    within(dialog).getByText('This is not valid JSON');
    await userEvent.clear(fields);
    await userEvent.type(fields, `{{"id":"${CLIENT}","title":"Fixed"}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and sync' }));
    await waitFor(async () =>
      expect((await listQueued())[0]).toMatchObject({ body: { title: 'Fixed' }, refusal: null }),
    );
    expect((await listQueued())[0]!.idempotencyKey).not.toBe(refused.idempotencyKey);

    await (await offlineDb()).requests
      .where('id')
      .equals(refused.id)
      .modify({ refusal: { status: 404, message: 'Not found' } });
    notify();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Drop' }));
    await waitFor(async () => expect((await listQueued()).map((e) => e.id)).not.toContain(refused.id));
  });
});

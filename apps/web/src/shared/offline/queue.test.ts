import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, NetworkError, setOfflineWriter } from '@/shared/api/client';
import { resetSessionForTests } from '@/shared/api/session';
import { authUser, fakeToken, json, problem } from '@/test/fixtures';
import { clearQueue, editQueued, enqueue, isQueued, listQueued } from './queue';
import { offlineDb, type QueuedRequest } from './queue-db';
import { BACKOFF_MS, getSyncStatus, resetSyncForTests, sync, syncNow } from './replay';
import { viewEntries } from './use-offline-queue';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const REAL_CLIENT = '33333333-3333-4333-8333-333333333333';

let fetchMock: ReturnType<typeof vi.fn>;
let online = true;
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => {
    const request = init as RequestInit;
    const headers = request.headers as Record<string, string>;
    return {
      call: `${request.method} ${url}`,
      body: request.body ? JSON.parse(String(request.body)) : undefined,
      key: headers['idempotency-key'],
    };
  });

function signInAs(id: string | null) {
  resetSessionForTests(
    id
      ? { status: 'authenticated', user: authUser({ id }), token: fakeToken(), expiresAt: Date.now() + 900_000 }
      : { status: 'anonymous' },
  );
}

beforeEach(async () => {
  await clearQueue();
  resetSyncForTests();
  signInAs(ME);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setOfflineWriter(enqueue);
});
afterEach(() => setOfflineWriter(null));

/** Offline: a client created, then a contact added to it and the client renamed. */
async function queueClientAndContact() {
  online = false;
  const client = await api<{ id: string; title: string }>('/companies/postCompany', {
    method: 'POST',
    body: { title: 'Nordlys' },
  });
  const contact = await api('/contacts/postContact', {
    method: 'POST',
    body: { companyId: client.id, name: 'Ada', email: 'ada@example.test' },
  });
  const renamed = await api(`/companies/updateCompany`, {
    method: 'PATCH',
    body: { id: client.id, title: 'Nordlys ApS' },
  });
  online = true;
  return { client, contact, renamed };
}

describe('the offline queue', () => {
  it('queues a change made offline, in the spec shape, and answers with a pending echo', async () => {
    const { client, contact, renamed } = await queueClientAndContact();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(isQueued(client) && isQueued(contact) && isQueued(renamed)).toBe(true);
    expect(client.title).toBe('Nordlys');
    const [first, second, third] = await listQueued();
    expect(first).toMatchObject({
      id: client.id,
      url: '/companies/postCompany',
      method: 'POST',
      body: { title: 'Nordlys', id: client.id },
      userId: ME,
      responseIdPath: 'id',
    });
    expect(new Date(first!.createdAt).getTime()).toBeGreaterThan(Date.now() - 5000);
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatchObject({ method: 'POST', body: { companyId: client.id } });
    expect(third).toMatchObject({ method: 'PATCH', responseIdPath: null, body: { id: client.id } });
  });

  it('queues a change whose request fails on the network, and survives a new database handle', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const saved = await api('/timelogs/mark', { method: 'POST', body: { day: '2026-11-26' } });
    expect(isQueued(saved)).toBe(true);
    const db = await offlineDb();
    db.close();
    await db.open();
    expect(await listQueued()).toHaveLength(1);
  });

  it('never queues reads, deletes, session calls, or anything while nobody is signed in', async () => {
    online = false;
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/companies', {})).rejects.toBeInstanceOf(NetworkError);
    await expect(api('/companies/x', { method: 'DELETE' })).rejects.toBeInstanceOf(NetworkError);
    await expect(api('/auth/login', { method: 'POST', body: {} })).rejects.toBeInstanceOf(NetworkError);
    await expect(api('/auth/changepassword', { method: 'POST', body: {} })).rejects.toBeInstanceOf(NetworkError);
    // Two-factor: a setup's secret is the answer itself, and a password never waits in the queue.
    await expect(api('/me/2fa/setup', { method: 'POST' })).rejects.toBeInstanceOf(NetworkError);
    await expect(
      api('/me/2fa/disable', { method: 'POST', body: { password: 'x', code: '123456' } }),
    ).rejects.toBeInstanceOf(NetworkError);
    await expect(api('/me/2fa/confirm', { method: 'POST', body: { code: '123456' } })).rejects.toBeInstanceOf(
      NetworkError,
    );
    await expect(api('/tenants/t/mailsettings/m/test', { method: 'POST' })).rejects.toBeInstanceOf(NetworkError);
    // Mail settings carry a client secret.
    await expect(
      api('/tenants/t/mailsettings', { method: 'POST', body: { msGraphClientSecret: 's' } }),
    ).rejects.toBeInstanceOf(NetworkError);
    await expect(
      api('/tenants/t/mailsettings/m', { method: 'PUT', body: { msGraphClientSecret: 's' } }),
    ).rejects.toBeInstanceOf(NetworkError);
    signInAs(null);
    await expect(api('/companies/postCompany', { method: 'POST', body: {} })).rejects.toBeInstanceOf(NetworkError);
    expect(await listQueued()).toEqual([]);
  });

  it('replays in order, takes the placeholder out and puts the real id in later URLs and bodies', async () => {
    const { client } = await queueClientAndContact();
    fetchMock
      .mockResolvedValueOnce(json({ id: REAL_CLIENT, title: 'Nordlys' }, 201))
      .mockResolvedValueOnce(json({ id: 'c1', companyId: REAL_CLIENT }, 201))
      .mockResolvedValueOnce(json({ id: REAL_CLIENT, title: 'Nordlys ApS' }));
    const keys = (await listQueued()).map((e) => e.idempotencyKey);
    await sync();
    expect(sent()).toEqual([
      { call: 'POST /core/api/companies/postCompany', body: { title: 'Nordlys' }, key: keys[0] },
      {
        call: 'POST /core/api/contacts/postContact',
        body: { companyId: REAL_CLIENT, name: 'Ada', email: 'ada@example.test' },
        key: keys[1],
      },
      {
        call: 'PATCH /core/api/companies/updateCompany',
        body: { id: REAL_CLIENT, title: 'Nordlys ApS' },
        key: keys[2],
      },
    ]);
    expect(JSON.stringify(sent())).not.toContain(client.id);
    expect(await listQueued()).toEqual([]);
    expect(getSyncStatus().sent).toBe(3);
  });

  it('dismisses every entry at once', async () => {
    await queueClientAndContact();
    await clearQueue();
    expect(await listQueued()).toEqual([]);
  });

  it('stops at a refused entry (4xx) until it is edited, with a new Idempotency-Key', async () => {
    const { client } = await queueClientAndContact();
    fetchMock.mockResolvedValueOnce(problem(400, 'validation', 'title: tooLong'));
    await sync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [refused, ...waiting] = await listQueued();
    expect(refused!.refusal).toEqual({ status: 400, message: 'title: tooLong' });
    expect(waiting).toHaveLength(2);
    // Sync again: still stopped there.
    await syncNow();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await editQueued(client.id, { title: 'Short', id: client.id });
    const edited = (await listQueued())[0]!;
    expect(edited.refusal).toBeNull();
    expect(edited.idempotencyKey).not.toBe(refused!.idempotencyKey);
    fetchMock.mockImplementation(async (_url, init: RequestInit) =>
      json({ id: REAL_CLIENT, ...JSON.parse(String(init.body)) }, 201),
    );
    await sync();
    expect(sent()[1]).toMatchObject({ body: { title: 'Short' }, key: edited.idempotencyKey });
    expect(await listQueued()).toEqual([]);
  });

  it('retries a 5xx or a lost network with growing waits, sending the same Idempotency-Key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await queueClientAndContact();
    const key = (await listQueued())[0]!.idempotencyKey;
    fetchMock
      .mockResolvedValueOnce(problem(503, 'unavailable', 'down'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => json({ id: REAL_CLIENT }, 201));
    await sync();
    expect(getSyncStatus()).toMatchObject({ failures: 1, retryAt: Date.now() + BACKOFF_MS[0]! });
    expect(await listQueued()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(BACKOFF_MS[0]!);
    expect(getSyncStatus()).toMatchObject({ failures: 2, retryAt: Date.now() + BACKOFF_MS[1]! });
    await vi.advanceTimersByTimeAsync(BACKOFF_MS[1]!);
    await vi.waitFor(async () => expect(await listQueued()).toEqual([]));
    expect(
      sent()
        .slice(0, 3)
        .map((s) => s.key),
    ).toEqual([key, key, key]);
    expect(getSyncStatus().failures).toBe(0);
  });

  it("leaves another user's entries, and those depending on them, alone; replays its own", async () => {
    signInAs(OTHER);
    const { client } = await queueClientAndContact();
    signInAs(ME);
    online = false;
    await api('/timelogs/mark', { method: 'POST', body: { day: '2026-11-26' } });
    online = true;
    fetchMock.mockResolvedValue(json({ ok: true }));
    await sync();
    expect(sent().map((s) => s.call)).toEqual(['POST /core/api/timelogs/mark']);
    expect((await listQueued()).map((e) => e.userId)).toEqual([OTHER, OTHER, OTHER]);
    expect((await listQueued())[0]!.id).toBe(client.id);
  });

  it('does not sync while nobody is signed in, nor while offline', async () => {
    await queueClientAndContact();
    signInAs(null);
    await sync();
    signInAs(ME);
    online = false;
    await syncNow();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await listQueued()).toHaveLength(3);
  });
});

describe('the entry marks', () => {
  const entry = (over: Partial<QueuedRequest>): QueuedRequest => ({
    id: crypto.randomUUID(),
    url: '/x',
    method: 'PATCH',
    body: {},
    userId: ME,
    createdAt: '2026-11-26T10:00:00.000Z',
    responseIdPath: null,
    idempotencyKey: crypto.randomUUID(),
    ...over,
  });

  it('marks creates and edits, linked entries, sign in to sync, and another user', () => {
    const create = entry({ method: 'POST', responseIdPath: 'id' });
    const inBody = entry({ method: 'POST', responseIdPath: 'id', body: { companyId: create.id } });
    const inUrl = entry({ url: `/things/${inBody.id}` });
    const theirs = entry({ userId: OTHER });
    const views = viewEntries([create, inBody, inUrl, theirs], ME);
    expect(views.map((v) => v.kind)).toEqual(['create', 'create', 'edit', 'edit']);
    expect(views.map((v) => v.linked)).toEqual([false, true, true, false]);
    expect(views.map((v) => v.otherUser)).toEqual([false, false, false, true]);
    expect(views.every((v) => !v.signInToSync)).toBe(true);
    const anonymous = viewEntries([create, theirs], null);
    expect(anonymous.map((v) => [v.signInToSync, v.otherUser])).toEqual([
      [true, false],
      [true, false],
    ]);
  });
});

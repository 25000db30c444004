import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { authResult, authUser, json, problem } from '@/test/fixtures';
import { signedOutWithFetchMock } from '@/test/signed-out-fetch';
import { signOut } from './auth';
import { api, NetworkError } from './client';
import { persistedQueriesKey, persistedQueriesStorage } from './persisted-store';
import { acceptAuthResult, bootstrapSession, getSession, isOfflineSession, resetSessionForTests } from './session';

const ME = authUser({ id: '11111111-1111-4111-8111-111111111111', displayName: 'Ada Lovelace' });
const { fetchMock, calls } = signedOutWithFetchMock();
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

/** A signed-in visit: the user is remembered and a page's data is kept for them. */
async function visitOnline() {
  fetchMock.mockResolvedValueOnce(json(authResult(ME)));
  resetSessionForTests({ status: 'loading' });
  await bootstrapSession();
  await persistedQueriesStorage.setItem(persistedQueriesKey(ME.id), '{"clientState":{}}');
}

describe('a reload with no network', () => {
  it('shows the last signed-in user offline, with no token kept anywhere', async () => {
    await visitOnline();
    const stored = JSON.stringify({ ...localStorage });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastUser)!)).toEqual(ME);
    // The access token is in memory only: not in localStorage under any key.
    const session = getSession();
    expect(session.status === 'authenticated' && session.token.length > 20).toBe(true);
    expect(stored).not.toContain(session.status === 'authenticated' ? session.token : 'x');

    fetchMock.mockImplementation(noNetwork);
    resetSessionForTests({ status: 'loading' });
    await bootstrapSession();
    expect(getSession()).toEqual({ status: 'authenticated', user: ME, token: '', expiresAt: 0, offline: true });
    expect(isOfflineSession()).toBe(true);
    // The data kept for this user stays for the pages.
    expect(await persistedQueriesStorage.getItem(persistedQueriesKey(ME.id))).toBe('{"clientState":{}}');
  });

  it('asks to sign in when this browser has no signed-in user to show', async () => {
    fetchMock.mockImplementation(noNetwork);
    resetSessionForTests({ status: 'loading' });
    await bootstrapSession();
    expect(getSession().status).toBe('anonymous');
  });

  it('is over when the server refuses the refresh: the user and their kept data are forgotten', async () => {
    await visitOnline();
    fetchMock.mockResolvedValueOnce(problem(401, 'sessionExpired', 'Your session has ended'));
    resetSessionForTests({ status: 'loading' });
    await bootstrapSession();
    expect(getSession().status).toBe('anonymous');
    expect(localStorage.getItem(STORAGE_KEYS.lastUser)).toBeNull();
    await vi.waitFor(async () =>
      expect(await persistedQueriesStorage.getItem(persistedQueriesKey(ME.id))).toBeUndefined(),
    );
  });

  it('gets its token back once the network returns, before the first call is sent', async () => {
    await visitOnline();
    fetchMock.mockImplementation(noNetwork);
    resetSessionForTests({ status: 'loading' });
    await bootstrapSession();
    // Still no network: a read fails as the network does, with no call sent without a token.
    await expect(api('/me/info')).rejects.toBeInstanceOf(NetworkError);
    expect(calls().slice(-2)).toEqual(['POST /core/api/auth/refresh', 'POST /core/api/auth/refresh']);

    const fresh = authResult(ME);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/auth/refresh') ? json(fresh) : json({ ok: 1 }),
    );
    await expect(api('/me/info')).resolves.toEqual({ ok: 1 });
    expect(calls()).toEqual(['POST /core/api/auth/refresh', 'GET /core/api/me/info']);
    const init = fetchMock.mock.calls[1]![1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${fresh.token}`);
    expect(getSession()).toMatchObject({ status: 'authenticated', token: fresh.token });
    expect(isOfflineSession()).toBe(false);
  });

  it('refreshes by itself when the browser comes online', async () => {
    await visitOnline();
    fetchMock.mockImplementation(noNetwork);
    resetSessionForTests({ status: 'loading' });
    await bootstrapSession();
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(authResult(ME)));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(isOfflineSession()).toBe(false));
    expect(calls()).toEqual(['POST /core/api/auth/refresh']);
  });
});

describe('kept data is per user', () => {
  it('is forgotten at sign-out, with the remembered user', async () => {
    await visitOnline();
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await signOut();
    expect(localStorage.getItem(STORAGE_KEYS.lastUser)).toBeNull();
    await vi.waitFor(async () =>
      expect(await persistedQueriesStorage.getItem(persistedQueriesKey(ME.id))).toBeUndefined(),
    );
    // A reload with no network now asks to sign in.
    fetchMock.mockImplementation(noNetwork);
    resetSessionForTests({ status: 'loading' });
    await bootstrapSession();
    expect(getSession().status).toBe('anonymous');
  });

  it('is forgotten when another user signs in on this browser', async () => {
    await visitOnline();
    const other = authUser({ id: '22222222-2222-4222-8222-222222222222' });
    acceptAuthResult(authResult(other));
    await vi.waitFor(async () =>
      expect(await persistedQueriesStorage.getItem(persistedQueriesKey(ME.id))).toBeUndefined(),
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastUser)!)).toEqual(other);
  });
});

import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { authResult, fakeToken, json, problem } from '@/test/fixtures';
import { signedOutWithFetchMock } from '@/test/signed-out-fetch';
import { ApiError, api, NetworkError, REQUEST_TIMEOUT_MS } from './client';
import { createQueryClient } from './query-client';
import {
  acceptAuthResult,
  bootstrapSession,
  getSession,
  onSessionOver,
  REFRESH_MARGIN_MS,
  refreshSession,
  resetSessionForTests,
  tokenExpiry,
} from './session';

const { fetchMock, calls } = signedOutWithFetchMock();
const authHeader = (index: number) => {
  const init = fetchMock.mock.calls[index]?.[1] as RequestInit | undefined;
  return (init?.headers as Record<string, string> | undefined)?.authorization;
};

describe('session', () => {
  it('keeps the access token in memory only', () => {
    const result = authResult({ activeTenantId: '1281b56c-18d1-484b-9f61-2d324b63bb40' });
    acceptAuthResult(result);
    const session = getSession();
    expect(session.status === 'authenticated' && session.token).toBe(result.token);
    const stored = Object.keys(localStorage).map((k) => localStorage.getItem(k) ?? '');
    expect(stored.some((value) => value.includes(result.token))).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBe('1281b56c-18d1-484b-9f61-2d324b63bb40');
  });

  it('reads the expiry from the token', () => {
    const now = Date.now();
    expect(Math.abs(tokenExpiry(fakeToken(600), now) - (now + 600_000))).toBeLessThan(1500);
    expect(tokenExpiry('not-a-jwt', now)).toBe(now + 15 * 60_000);
  });

  it('restores a session on page load with the refresh cookie', async () => {
    fetchMock.mockResolvedValue(json(authResult()));
    resetSessionForTests({ status: 'loading' });
    await bootstrapSession();
    expect(calls()).toEqual(['POST /core/api/auth/refresh']);
    expect(getSession().status).toBe('authenticated');
  });

  it('is anonymous on page load without a session, and that is not "session over"', async () => {
    const over = vi.fn();
    const off = onSessionOver(over);
    fetchMock.mockResolvedValue(problem(401, 'sessionExpired', 'Your session has ended'));
    resetSessionForTests({ status: 'loading' });
    await bootstrapSession();
    expect(getSession().status).toBe('anonymous');
    expect(over).not.toHaveBeenCalled();
    off();
  });

  it('is anonymous on page load when the server has no refresh cookie to renew (204)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    resetSessionForTests({ status: 'loading' });
    await bootstrapSession();
    expect(calls()).toEqual(['POST /core/api/auth/refresh']);
    expect(getSession().status).toBe('anonymous');
  });

  it('refreshes a minute before the access token expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    acceptAuthResult(authResult({}, fakeToken(15 * 60)));
    fetchMock.mockImplementation(async () => json(authResult({}, fakeToken(15 * 60))));
    await vi.advanceTimersByTimeAsync(15 * 60_000 - REFRESH_MARGIN_MS - 2000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls()).toEqual(['POST /core/api/auth/refresh']);
    // The new token is scheduled the same way: nothing more until a minute before it expires.
    await vi.advanceTimersByTimeAsync(13 * 60_000);
    expect(fetchMock).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('ends in "session over" when the timed refresh is refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const over = vi.fn();
    const off = onSessionOver(over);
    acceptAuthResult(authResult({}, fakeToken(120)));
    fetchMock.mockResolvedValue(problem(401, 'sessionExpired', 'Your session has ended'));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(over).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(getSession().status).toBe('anonymous');
    expect(over).toHaveBeenCalledOnce();
    off();
  });

  it('serialises refreshes across tabs with a Web Lock and shares one request within the tab', async () => {
    const request = vi.fn((_name: string, fn: () => Promise<unknown>) => fn());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    fetchMock.mockResolvedValue(json(authResult()));
    const [a, b] = await Promise.all([refreshSession(), refreshSession()]);
    expect(a).toEqual(b);
    expect(request).toHaveBeenCalledOnce();
    expect(request.mock.calls[0]?.[0]).toBe('atrium-refresh');
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('api', () => {
  it('sends the bearer token and parses JSON', async () => {
    const result = authResult();
    acceptAuthResult(result);
    fetchMock.mockResolvedValue(json({ ok: 1 }));
    await expect(api('/me/info')).resolves.toEqual({ ok: 1 });
    expect(authHeader(0)).toBe(`Bearer ${result.token}`);
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    acceptAuthResult(authResult({}, fakeToken(900)));
    const renewed = authResult({}, `${fakeToken(900)}x`);
    fetchMock
      .mockResolvedValueOnce(problem(401, 'unauthenticated', 'Sign in to continue'))
      .mockResolvedValueOnce(json(renewed))
      .mockResolvedValueOnce(json({ ok: 2 }));
    await expect(api('/me/info')).resolves.toEqual({ ok: 2 });
    expect(calls()).toEqual(['GET /core/api/me/info', 'POST /core/api/auth/refresh', 'GET /core/api/me/info']);
    expect(authHeader(2)).toBe(`Bearer ${renewed.token}`);
  });

  it('when the refresh fails too, the session is over', async () => {
    const over = vi.fn();
    const off = onSessionOver(over);
    acceptAuthResult(authResult());
    fetchMock
      .mockResolvedValueOnce(problem(401, 'unauthenticated', 'Sign in to continue'))
      .mockResolvedValueOnce(problem(401, 'sessionExpired', 'Your session has ended'));
    const error = await api('/me/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getSession().status).toBe('anonymous');
    expect(over).toHaveBeenCalledOnce();
    off();
  });

  it('does not refresh for a wrong password', async () => {
    fetchMock.mockResolvedValue(problem(401, 'invalidCredentials', 'Wrong email or password'));
    const error = await api('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('invalidCredentials');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('carries the problem details and Retry-After of an error', async () => {
    fetchMock.mockResolvedValue(problem(429, 'tooManyRequests', 'Too many attempts', { 'retry-after': '30' }));
    const error = (await api('/auth/login', { method: 'POST' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 429, code: 'tooManyRequests', retryAfter: 30, message: 'Too many attempts' });
  });
});

describe('a request that cannot reach the server', () => {
  it('fails as NetworkError when no answer comes within REQUEST_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        ),
    );
    const call = api('/tenants', { method: 'POST', body: {} });
    const settled = expect(call).rejects.toBeInstanceOf(NetworkError);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await settled;
  });

  it("keeps the caller's own abort an abort", async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const call = api('/tenants', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toHaveProperty('name', 'AbortError');
  });

  it('ends a mutation made offline with NetworkError instead of pausing it for ever', async () => {
    onlineManager.setOnline(false);
    try {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const observer = new MutationObserver(createQueryClient(), {
        mutationFn: () => api('/tenants', { method: 'POST', body: {} }),
      });
      await expect(observer.mutate()).rejects.toBeInstanceOf(NetworkError);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

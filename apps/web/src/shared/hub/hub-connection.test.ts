import { HUB_EVENTS } from '@atrium/contracts';
import { HttpTransportType, HubConnectionBuilder, type IHttpConnectionOptions } from '@microsoft/signalr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult, resetSessionForTests } from '@/shared/api/session';
import { authResult, fakeToken, json } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { buildHubConnection, currentAccessToken, type HubLike, startHub } from './hub-connection';

describe('buildHubConnection', () => {
  // Vitest runs in Node, where the client would take Node's code paths (absolute URLs only); make it
  // see the browser that jsdom provides, as it does in the app.
  const release = Object.getOwnPropertyDescriptor(process, 'release')!;
  beforeEach(() => {
    Object.defineProperty(process, 'release', { ...release, value: { ...process.release, name: 'jsdom' } });
  });
  afterEach(() => {
    Object.defineProperty(process, 'release', release);
  });

  it('connects to /core/tenantHub with the spec’s transports, timeouts and reconnect delays', () => {
    const withUrl = vi.spyOn(HubConnectionBuilder.prototype, 'withUrl');
    const withAutomaticReconnect = vi.spyOn(HubConnectionBuilder.prototype, 'withAutomaticReconnect');
    const withStatefulReconnect = vi.spyOn(HubConnectionBuilder.prototype, 'withStatefulReconnect');

    const connection = buildHubConnection();

    expect(withUrl).toHaveBeenCalledTimes(1);
    const [url, options] = withUrl.mock.calls[0] as [string, IHttpConnectionOptions];
    expect(url).toBe('/core/tenantHub');
    // All three, which the client tries in the server's order: WebSockets, Server-Sent Events, long polling.
    expect(options.transport).toBe(
      HttpTransportType.WebSockets | HttpTransportType.ServerSentEvents | HttpTransportType.LongPolling,
    );
    expect(options.timeout).toBe(100_000);
    expect(options.skipNegotiation).toBeFalsy();
    expect(withAutomaticReconnect).toHaveBeenCalledExactlyOnceWith([0, 2000, 10_000, 30_000]);
    // The server does not offer stateful reconnect, so the message buffer setting has nothing to apply to.
    expect(withStatefulReconnect).not.toHaveBeenCalled();
    expect(connection.serverTimeoutInMilliseconds).toBe(30_000);
    expect(connection.keepAliveIntervalInMilliseconds).toBe(15_000);
    expect(connection.baseUrl).toMatch(/\/core\/tenantHub$/);
  });

  it('hands the client whatever access token the session holds at the time it asks', async () => {
    const withUrl = vi.spyOn(HubConnectionBuilder.prototype, 'withUrl');
    buildHubConnection();
    const options = withUrl.mock.calls[0]![1] as IHttpConnectionOptions;
    const factory = options.accessTokenFactory!;

    const first = authResult();
    acceptAuthResult(first);
    expect(await factory()).toBe(first.token);
    const second = authResult({}, fakeToken(600));
    acceptAuthResult(second);
    expect(await factory()).toBe(second.token);
  });
  it('tries WebSockets, then Server-Sent Events, then long polling, each with the bearer token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const session = authResult();
    acceptAuthResult(session);
    const tried: { transport: string; url: string; authorization?: string | null }[] = [];
    const failSoon = (target: { onerror: ((e: Event) => void) | null; onclose?: ((e: unknown) => void) | null }) =>
      setTimeout(() => {
        target.onerror?.(new Event('error'));
        target.onclose?.({ code: 1006, reason: '', wasClean: false });
      });
    class BlockedWebSocket {
      static readonly OPEN = 1;
      onopen = null;
      onmessage = null;
      onerror: ((e: Event) => void) | null = null;
      onclose: ((e: unknown) => void) | null = null;
      readyState = 0;
      constructor(url: string) {
        tried.push({ transport: 'WebSockets', url });
        failSoon(this);
      }
      close() {}
    }
    class BlockedEventSource {
      onopen = null;
      onmessage = null;
      onerror: ((e: Event) => void) | null = null;
      constructor(url: string) {
        tried.push({ transport: 'ServerSentEvents', url });
        failSoon(this);
      }
      close() {}
    }
    vi.stubGlobal('WebSocket', BlockedWebSocket);
    vi.stubGlobal('EventSource', BlockedEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.includes('/negotiate')) {
          return json({
            negotiateVersion: 1,
            connectionId: 'c1',
            connectionToken: 'k1',
            availableTransports: [
              { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
              { transport: 'ServerSentEvents', transferFormats: ['Text'] },
              { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
            ],
          });
        }
        const authorization = new Headers(init?.headers).get('authorization');
        tried.push({ transport: 'LongPolling', url, authorization });
        return new Response('blocked', { status: 502 });
      }),
    );

    await expect(buildHubConnection().start()).rejects.toThrow(/any of the available transports/);

    expect(tried.map((t) => t.transport)).toEqual(['WebSockets', 'ServerSentEvents', 'LongPolling']);
    expect(tried[0]!.url).toMatch(/^ws:\/\/[^/]+\/core\/tenantHub\?id=k1&access_token=/);
    expect(new URL(tried[0]!.url).searchParams.get('access_token')).toBe(session.token);
    expect(new URL(tried[1]!.url).searchParams.get('access_token')).toBe(session.token);
    expect(tried[2]!.url).toMatch(/\/core\/tenantHub\?id=k1/);
    expect(tried[2]!.authorization).toBe(`Bearer ${session.token}`);
  });
});

describe('currentAccessToken', () => {
  it('renews a token that is about to expire before handing it out', async () => {
    acceptAuthResult(authResult({}, fakeToken(2)));
    const renewed = authResult({}, fakeToken(900));
    const fetchMock = vi.fn(async () => json(renewed));
    vi.stubGlobal('fetch', fetchMock);
    expect(await currentAccessToken()).toBe(renewed.token);
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith('/core/api/auth/refresh', expect.anything());
  });

  it('refuses when nobody is signed in', async () => {
    resetSessionForTests({ status: 'anonymous' });
    await expect(currentAccessToken()).rejects.toThrow('nobody is signed in');
  });
});

/** A HubConnection stand-in whose start fails as many times as asked. */
function fakeHub(failures: number) {
  let calls = 0;
  const registered = new Map<string, unknown>();
  const hub = {
    registered,
    starts: () => calls,
    on: vi.fn((name: string, handler: unknown) => void registered.set(name, handler)),
    onclose: vi.fn(),
    onreconnecting: vi.fn(),
    onreconnected: vi.fn(),
    start: vi.fn(async () => {
      calls += 1;
      if (calls <= failures) throw new Error('Failed to complete negotiation with the server: Error: Bad Gateway');
    }),
    stop: vi.fn(async () => {}),
  };
  return hub;
}

const deps = () => ({ queryClient: createTestQueryClient(), navigate: vi.fn(), reload: vi.fn() });

describe('startHub', () => {
  it('registers the spec’s handlers and starts the connection', async () => {
    const hub = fakeHub(0);
    const stop = startHub(deps(), () => hub as unknown as HubLike);
    await vi.waitFor(() => expect(hub.start).toHaveBeenCalledTimes(1));
    expect([...hub.registered.keys()].sort()).toEqual(Object.values(HUB_EVENTS).sort());
    await stop();
    expect(hub.stop).toHaveBeenCalledTimes(1);
  });

  it('retries a failed first start after 0, 2, 10 and 30 s, then gives up; failures are only logged', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hub = fakeHub(Number.POSITIVE_INFINITY);
    const stop = startHub(deps(), () => hub as unknown as HubLike);

    await vi.advanceTimersByTimeAsync(0);
    expect(hub.starts()).toBe(2); // the first try and the immediate retry
    await vi.advanceTimersByTimeAsync(1999);
    expect(hub.starts()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(hub.starts()).toBe(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(hub.starts()).toBe(4);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(hub.starts()).toBe(5);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.starts()).toBe(5);
    expect(warn).toHaveBeenLastCalledWith('hub: could not connect, giving up', expect.any(Error));
    await stop();
  });

  it('stops retrying once stopped', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hub = fakeHub(Number.POSITIVE_INFINITY);
    const stop = startHub(deps(), () => hub as unknown as HubLike);
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.starts()).toBe(2);
    await stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(hub.starts()).toBe(2);
  });

  it('refetches what the reload events keep fresh once it reconnects, since events sent meanwhile are lost', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const hub = fakeHub(0);
    // What the features declare (app/live-events.test.ts checks their real declarations).
    const live = [{ ReloadNotifications: [['notifications']] }, { ReloadMessages: [['messages']] }];
    const d = { ...deps(), live };
    const keys = [
      ['notifications', 'count', 't1'],
      ['notifications', 'inbox', 1],
      ['messages', 'user', 'u2'],
      ['messages', 'group', 'g1'],
      ['messages', 'conversations'],
      ['me', 'generaldata'],
      ['home', 'content'],
      ['timelogs', 'week', '2026-11-23'],
    ];
    for (const key of keys) d.queryClient.setQueryData(key, { cached: true });
    const stop = startHub(d, () => hub as unknown as HubLike);
    const [[onReconnected]] = hub.onreconnected.mock.calls as unknown as [[() => void]];
    onReconnected();
    await vi.waitFor(() =>
      expect(keys.slice(0, -1).every((key) => d.queryClient.getQueryState(key)?.isInvalidated)).toBe(true),
    );
    // Data no event keeps fresh stays as it is.
    expect(d.queryClient.getQueryState(keys.at(-1)!)?.isInvalidated).toBe(false);
    await stop();
  });

  it('refetches the notification count once it first connects, since events sent before are lost', async () => {
    const hub = fakeHub(1);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const d = { ...deps(), live: [{ ReloadNotifications: [['notifications', 'count']] }] };
    const count = ['notifications', 'count', 'u1', 't1'];
    d.queryClient.setQueryData(count, []);
    const stop = startHub(d, () => hub as unknown as HubLike);
    await vi.waitFor(() => expect(d.queryClient.getQueryState(count)?.isInvalidated).toBe(true));
    expect(hub.starts()).toBe(2); // after the retry that connected, not the failed first try
    await stop();
  });

  it('keeps one connection per tab: starting again stops the previous one', async () => {
    const first = fakeHub(0);
    const second = fakeHub(0);
    startHub(deps(), () => first as unknown as HubLike);
    const stop = startHub(deps(), () => second as unknown as HubLike);
    await vi.waitFor(() => expect(second.start).toHaveBeenCalledTimes(1));
    expect(first.stop).toHaveBeenCalledTimes(1);
    expect(second.stop).not.toHaveBeenCalled();
    await stop();
  });
});

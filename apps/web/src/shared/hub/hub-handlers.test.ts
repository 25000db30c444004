import { HUB_EVENTS } from '@atrium/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { generalDataQuery } from '@/shared/api/general-data';
import { acceptAuthResult, getSession } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { i18n, setLanguage } from '@/shared/i18n/i18n';
import { authResult, json, problem } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { createHubHandlers, type HubHandlerDeps, registerHubHandlers } from './hub-handlers';
import { impersonationElsewhereNotice } from './hub-notice';

const UMA = 'affd95ac-3933-4c04-8d50-2a9d6c59fcda';
const SAM = '5a0c9d43-6f1e-4b8a-9c2d-3e4f5a6b7c8d';
const NORTHWIND = '1281b56c-18d1-484b-9f61-2d324b63bb40';
const HARBOUR = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';

/** A stand-in for HubConnection: remembers what was registered and lets a test play the server. */
function fakeConnection() {
  const registered = new Map<string, (...args: unknown[]) => unknown>();
  return {
    registered,
    on(name: string, handler: (...args: unknown[]) => unknown) {
      registered.set(name, handler);
    },
    /** Delivers an invocation the way the client does, and waits until its handler is done. */
    async receive(target: string, ...args: unknown[]) {
      const handler = registered.get(target);
      if (!handler) throw new Error(`nothing registered for ${target}`);
      await handler(...args);
    },
  };
}

/** The refresh endpoint, answering what the session behind this browser's cookie is now. */
function serveRefresh(answer: () => Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/core/api/auth/refresh') return answer();
    return problem(404, 'notFound', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

let queryClient: QueryClient;
let navigate: Mock<HubHandlerDeps['navigate']>;
let reload: Mock<HubHandlerDeps['reload']>;
let notify: Mock<HubHandlerDeps['notify']>;
let connection: ReturnType<typeof fakeConnection>;

const isInvalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;

beforeEach(() => {
  queryClient = createTestQueryClient();
  navigate = vi.fn();
  reload = vi.fn();
  notify = vi.fn();
  connection = fakeConnection();
  registerHubHandlers(
    connection,
    createHubHandlers({ queryClient, navigate, reload, notify, impersonationElsewhere: impersonationElsewhereNotice }),
  );
});

describe('registerHubHandlers', () => {
  it('registers one handler under each event name of the spec, and of every module', () => {
    const registered = [...connection.registered.keys()];
    expect(registered.sort()).toEqual(Object.values(HUB_EVENTS).sort());
    expect(registered).toEqual(
      expect.arrayContaining([
        'ImpersonateStarted',
        'ImpersonateStoped',
        'LogOut',
        'ReloadGroupMessages',
        'ReloadMessages',
        'ReloadNotifications',
        'TenantChanged',
      ]),
    );
  });

  it('logs a failing handler instead of throwing into the client', async () => {
    acceptAuthResult(authResult({ activeTenantId: NORTHWIND }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(connection.receive(HUB_EVENTS.TenantChanged, HARBOUR)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('hub: the TenantChanged handler failed', expect.any(Error));
  });
});

describe('TenantChanged(tenantId)', () => {
  const seedGeneralData = (tenantId: string) => {
    const key = generalDataQuery(UMA, tenantId).queryKey;
    queryClient.setQueryData(key, { tenants: [] } as never);
    return key;
  };

  it('for the current tenant (its settings changed) reloads its general data and home content in place', async () => {
    acceptAuthResult(authResult({ id: UMA, activeTenantId: NORTHWIND }));
    const key = seedGeneralData(NORTHWIND);
    const homeKey = ['home', 'content', UMA, NORTHWIND];
    queryClient.setQueryData(homeKey, { headline: null });
    const counts = ['notifications', 'count', UMA, NORTHWIND];
    queryClient.setQueryData(counts, []);
    const fetchMock = serveRefresh(() => json(authResult({ id: UMA, activeTenantId: NORTHWIND })));
    await connection.receive(HUB_EVENTS.TenantChanged, NORTHWIND);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(isInvalidated(key)).toBe(true);
    expect(queryClient.getQueryState(homeKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(counts)?.isInvalidated).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('takes a token for the new tenant, stores it, refreshes general data and goes to /home', async () => {
    acceptAuthResult(authResult({ id: UMA, activeTenantId: NORTHWIND }));
    const key = seedGeneralData(NORTHWIND);
    const fetchMock = serveRefresh(() => json(authResult({ id: UMA, activeTenantId: HARBOUR })));

    await connection.receive(HUB_EVENTS.TenantChanged, HARBOUR);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST' });
    const session = getSession();
    expect(session.status === 'authenticated' && session.user.activeTenantId).toBe(HARBOUR);
    expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBe(HARBOUR);
    expect(isInvalidated(key)).toBe(true);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/home');
    expect(reload).not.toHaveBeenCalled();
  });

  it('follows a switch to no tenant (a super administrator clearing it)', async () => {
    acceptAuthResult(authResult({ id: SAM, isSuperadmin: true, roles: ['Superadmin'], activeTenantId: NORTHWIND }));
    serveRefresh(() => json(authResult({ id: SAM, isSuperadmin: true, roles: ['Superadmin'], activeTenantId: null })));
    await connection.receive(HUB_EVENTS.TenantChanged, null);
    expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/home');
  });

  it('stays put when this browser’s session did not move (an impersonation viewing as the user)', async () => {
    acceptAuthResult(authResult({ id: UMA, activeTenantId: NORTHWIND }));
    const key = seedGeneralData(NORTHWIND);
    serveRefresh(() => json(authResult({ id: UMA, activeTenantId: NORTHWIND })));
    await connection.receive(HUB_EVENTS.TenantChanged, HARBOUR);
    expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBe(NORTHWIND);
    expect(isInvalidated(key)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does nothing when the session cannot be refreshed', async () => {
    acceptAuthResult(authResult({ id: UMA, activeTenantId: NORTHWIND }));
    serveRefresh(() => problem(401, 'sessionExpired', 'Session expired'));
    await connection.receive(HUB_EVENTS.TenantChanged, HARBOUR);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('ImpersonateStarted(userId, tenantId)', () => {
  const asSuperadmin = () =>
    acceptAuthResult(authResult({ id: SAM, isSuperadmin: true, roles: ['Superadmin'], activeTenantId: null }));

  it('is ignored by the tab that already is that user (the one that started the impersonation)', async () => {
    acceptAuthResult(authResult({ id: UMA, activeTenantId: NORTHWIND, impersonatorId: SAM }));
    const fetchMock = serveRefresh(() => json(authResult({ id: UMA, impersonatorId: SAM })));
    await connection.receive(HUB_EVENTS.ImpersonateStarted, UMA, NORTHWIND);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.isImpersonatingMode)).toBeNull();
  });

  it('is ignored by the tab whose own impersonate answer arrives just after the event', async () => {
    asSuperadmin();
    const fetchMock = serveRefresh(() => json(authResult({ id: UMA, impersonatorId: SAM })));
    const handled = connection.receive(HUB_EVENTS.ImpersonateStarted, UMA, NORTHWIND);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // What the view-as dialog does with the answer to POST /auth/impersonate.
    acceptAuthResult(authResult({ id: UMA, activeTenantId: NORTHWIND, impersonatorId: SAM }));
    await handled;
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('takes over the impersonation: its user and token, its language, impersonation mode, then reloads', async () => {
    asSuperadmin();
    const fetchMock = serveRefresh(() =>
      json(authResult({ id: UMA, language: 'da', activeTenantId: NORTHWIND, impersonatorId: SAM })),
    );

    await connection.receive(HUB_EVENTS.ImpersonateStarted, UMA, NORTHWIND);

    expect(fetchMock).toHaveBeenCalledExactlyOnceWith('/core/api/auth/refresh', expect.anything());
    const session = getSession();
    expect(session.status === 'authenticated' && session.user).toMatchObject({ id: UMA, impersonatorId: SAM });
    expect(i18n.language).toBe('da');
    expect(localStorage.getItem(STORAGE_KEYS.isImpersonatingMode)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.activeTenantId)).toBe(NORTHWIND);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a browser whose cookie still names the super administrator as it is (another device)', async () => {
    asSuperadmin();
    serveRefresh(() => json(authResult({ id: SAM, isSuperadmin: true, roles: ['Superadmin'] })));
    await connection.receive(HUB_EVENTS.ImpersonateStarted, UMA, NORTHWIND);
    expect(localStorage.getItem(STORAGE_KEYS.isImpersonatingMode)).toBeNull();
    expect(i18n.language).toBe('en');
    expect(reload).not.toHaveBeenCalled();
    const session = getSession();
    expect(session.status === 'authenticated' && session.user.id).toBe(SAM);
  });

  /** The refresh still answers the super administrator; the user lookup answers `users`. */
  const anotherDevice = (users: () => Response) => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/core/api/auth/refresh')
        return json(authResult({ id: SAM, isSuperadmin: true, roles: ['Superadmin'] }));
      if (url.startsWith('/core/api/users/dataselect?')) return users();
      return problem(404, 'notFound', 'Not found');
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('tells another device whom its super administrator started viewing as, in a notice that stays', async () => {
    asSuperadmin();
    const fetchMock = anotherDevice(() =>
      json([{ id: UMA, fullName: 'Uma User', email: 'uma@atrium.test', imagePath: null }]),
    );
    await connection.receive(HUB_EVENTS.ImpersonateStarted, UMA, NORTHWIND);
    expect(fetchMock).toHaveBeenCalledWith(`/core/api/users/dataselect?ids=${UMA}`, expect.anything());
    expect(notify).toHaveBeenCalledExactlyOnceWith({
      id: `impersonation-elsewhere-${UMA}`,
      title: 'Viewing as another user started on another device',
      message: 'You started viewing as Uma User on another device. This device stays signed in as you.',
    });
    expect(reload).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says it in Danish too, and without the name when it cannot be read', async () => {
    asSuperadmin();
    await setLanguage('da');
    anotherDevice(() => problem(403, 'forbidden', 'Forbidden'));
    await connection.receive(HUB_EVENTS.ImpersonateStarted, UMA, NORTHWIND);
    expect(notify).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        title: 'Visning som en anden bruger startet på en anden enhed',
        message: 'Du begyndte at se som en anden bruger på en anden enhed. Denne enhed er stadig logget ind som dig.',
      }),
    );
  });

  it('shows no notice in the browser that follows into the impersonation', async () => {
    asSuperadmin();
    serveRefresh(() => json(authResult({ id: UMA, activeTenantId: NORTHWIND, impersonatorId: SAM })));
    await connection.receive(HUB_EVENTS.ImpersonateStarted, UMA, NORTHWIND);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows no notice when the session is over', async () => {
    asSuperadmin();
    serveRefresh(() => problem(401, 'sessionExpired', 'Session expired'));
    await connection.receive(HUB_EVENTS.ImpersonateStarted, UMA, NORTHWIND);
    expect(notify).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('ImpersonateStoped()', () => {
  it('ends impersonation mode without a request and reloads after 100 ms', async () => {
    vi.useFakeTimers();
    acceptAuthResult(authResult({ id: UMA, impersonatorId: SAM }));
    localStorage.setItem(STORAGE_KEYS.isImpersonatingMode, 'true');
    const fetchMock = serveRefresh(() => json(authResult()));

    await connection.receive(HUB_EVENTS.ImpersonateStoped);

    expect(localStorage.getItem(STORAGE_KEYS.isImpersonatingMode)).toBe('false');
    vi.advanceTimersByTime(99);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('LogOut()', () => {
  it('clears local storage, sets impersonation off, forgets the session and goes to /signin', async () => {
    acceptAuthResult(authResult({ id: UMA, activeTenantId: NORTHWIND }));
    localStorage.setItem(STORAGE_KEYS.isSuperadmin, 'false');
    localStorage.setItem(STORAGE_KEYS.userExists, 'true');
    localStorage.setItem(STORAGE_KEYS.isImpersonatingMode, 'true');
    localStorage.setItem(STORAGE_KEYS.firebaseToken, 'push-token');
    localStorage.setItem(STORAGE_KEYS.uiState, JSON.stringify({ darkMode: true }));
    const fetchMock = serveRefresh(() => json(authResult()));

    await connection.receive(HUB_EVENTS.LogOut);

    expect(getSession().status).toBe('anonymous');
    expect(localStorage.getItem(STORAGE_KEYS.isImpersonatingMode)).toBe('false');
    // The device's colour scheme and menu preferences are not the user's and stay.
    const left = Object.keys(localStorage).sort();
    expect(left).toEqual([STORAGE_KEYS.isImpersonatingMode, STORAGE_KEYS.uiState].sort());
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/signin', { replace: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

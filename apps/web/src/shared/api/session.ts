import { AUTH, type AuthResult, type AuthUser } from '@atrium/contracts';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { NetworkError, toApiError } from './api-error';
import { forgetPersistedQueries } from './persisted-store';

export const API_BASE = '/core/api';

/**
 * Where the signed-in session stands. The access token lives here, in memory only. `offline`: the page
 * loaded with no network, so the refresh could not be asked; the last signed-in user of this browser is
 * shown with the data kept for them, with no token (token '') until the network returns.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: AuthUser; token: string; expiresAt: number; offline?: boolean };

type Listener = () => void;
let state: SessionState = { status: 'loading' };
const listeners = new Set<Listener>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let inflightRefresh: Promise<AuthResult | null> | undefined;
const sessionOverListeners = new Set<() => void>();

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;
const RETRY_MS = 30_000;
const MIN_DELAY_MS = 10_000;

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const getSession = () => state;
export const subscribeSession = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Signed in from this browser's memory only: no token until the session is refreshed online. */
export const isOfflineSession = (session: SessionState = state) =>
  session.status === 'authenticated' && session.offline === true;

/**
 * The last signed-in user, kept in localStorage so that a reload with no network can show the app (and
 * the data kept for that user) instead of the sign-in page. Only the user as the server described them:
 * never the access token, which lives in memory, nor the refresh cookie, which JavaScript cannot read.
 */
function rememberUser(user: AuthUser) {
  try {
    localStorage.setItem(STORAGE_KEYS.lastUser, JSON.stringify(user));
  } catch {
    // Storage full or refused: a reload offline then asks to sign in, as before.
  }
}

export function lastSignedInUser(): AuthUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(STORAGE_KEYS.lastUser) ?? 'null') as AuthUser | null;
    return user && typeof user.id === 'string' && Array.isArray(user.roles) ? user : null;
  } catch {
    return null;
  }
}

/** Nobody is signed in any more: the remembered user and the data kept for them go. */
function forgetUser() {
  localStorage.removeItem(STORAGE_KEYS.lastUser);
  void forgetPersistedQueries();
}

/** The `exp` claim of a JWT in ms, or a full token lifetime from now when it cannot be read. */
export function tokenExpiry(token: string, now = Date.now()): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // fall through
  }
  return now + AUTH.accessTokenSeconds * 1000;
}

function schedule(expiresAt: number) {
  clearTimeout(refreshTimer);
  // Never sooner than MIN_DELAY_MS: a token that is already short-lived must not cause a refresh loop.
  const delay = Math.max(MIN_DELAY_MS, expiresAt - Date.now() - REFRESH_MARGIN_MS);
  refreshTimer = setTimeout(() => {
    refreshSession().then(
      (result) => {
        if (result === null) endSession({ sessionOver: true });
      },
      () => {
        // Offline or the server is down: try again soon; a 401 on the next call retries as well.
        if (state.status === 'authenticated') schedule(Date.now() + REFRESH_MARGIN_MS + RETRY_MS);
      },
    );
  }, delay);
}

/** Makes a fresh {user, token} answer the current session. */
export function acceptAuthResult(result: AuthResult) {
  const expiresAt = tokenExpiry(result.token);
  // Another user than the one remembered: nothing kept for the previous one may stay on this device.
  if (lastSignedInUser()?.id !== result.user.id) void forgetPersistedQueries();
  rememberUser(result.user);
  clearTimeout(reconnectTimer);
  setState({ status: 'authenticated', user: result.user, token: result.token, expiresAt });
  if (result.user.activeTenantId) localStorage.setItem(STORAGE_KEYS.activeTenantId, result.user.activeTenantId);
  else localStorage.removeItem(STORAGE_KEYS.activeTenantId);
  schedule(expiresAt);
}

/** Called when a signed-in session could not be renewed: the app shows the session-over screen. */
export function onSessionOver(listener: () => void) {
  sessionOverListeners.add(listener);
  return () => {
    sessionOverListeners.delete(listener);
  };
}

export function endSession({ sessionOver }: { sessionOver: boolean }) {
  const wasSignedIn = state.status === 'authenticated';
  clearTimeout(refreshTimer);
  clearTimeout(reconnectTimer);
  forgetUser();
  setState({ status: 'anonymous' });
  if (sessionOver && wasSignedIn) for (const listener of sessionOverListeners) listener();
}

/** Runs fn while holding a lock shared by every tab, so two tabs never present the same refresh cookie. */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('atrium-refresh', fn) : fn();
}

/**
 * Exchanges the refresh cookie for a new access token. Concurrent callers share one request;
 * null means there is no session (the server said 204 or 401), a NetworkError means it could not ask.
 */
export function refreshSession(): Promise<AuthResult | null> {
  inflightRefresh ??= withRefreshLock(async () => {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}/auth/refresh`, { method: 'POST', credentials: 'same-origin' });
    } catch (err) {
      throw new NetworkError(err);
    }
    // 204: no refresh cookie at all (signed out); 401/403: the session is gone.
    if (response.status === 204 || response.status === 401 || response.status === 403) return null;
    if (!response.ok) throw await toApiError(response);
    const result = (await response.json()) as AuthResult;
    acceptAuthResult(result);
    return result;
  }).finally(() => {
    inflightRefresh = undefined;
  });
  return inflightRefresh;
}

let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * An offline session asks for its token again: at once when the browser says it is online, else every
 * RETRY_MS. The server's answer decides: a token (signed in again, the queue replays), no session (the
 * session is over: sign in), or still no network (try again later).
 */
function reconnect() {
  clearTimeout(reconnectTimer);
  if (!isOfflineSession()) return;
  refreshSession().then(
    (result) => {
      if (result === null) endSession({ sessionOver: true });
    },
    () => {
      if (isOfflineSession()) reconnectTimer = setTimeout(reconnect, RETRY_MS);
    },
  );
}

/**
 * On page load: the access token is not stored anywhere, so ask for one with the refresh cookie. With no
 * network (not a refusal) the last signed-in user is shown offline, if this browser has one.
 */
export async function bootstrapSession(): Promise<void> {
  try {
    const result = await refreshSession();
    if (!result) {
      forgetUser();
      setState({ status: 'anonymous' });
    }
  } catch (err) {
    const user = err instanceof NetworkError ? lastSignedInUser() : null;
    if (!user) {
      setState({ status: 'anonymous' });
      return;
    }
    setState({ status: 'authenticated', user, token: '', expiresAt: 0, offline: true });
    reconnectTimer = setTimeout(reconnect, RETRY_MS);
  }
}

/**
 * The token of the session, asked for first when the session is offline (the page loaded with no
 * network). Throws NetworkError while there is still none; undefined when nobody is signed in.
 */
export async function currentToken(): Promise<string | undefined> {
  if (isOfflineSession()) {
    const result = await refreshSession();
    if (result === null) {
      endSession({ sessionOver: true });
      return undefined;
    }
    return result.token;
  }
  return state.status === 'authenticated' ? state.token : undefined;
}

if (typeof window !== 'undefined') window.addEventListener('online', reconnect);

// A tab that slept through its timer refreshes as soon as it is visible again.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || state.status !== 'authenticated') return;
    if (state.expiresAt - Date.now() <= REFRESH_MARGIN_MS) schedule(state.expiresAt);
  });
}

/** Test helper: puts the module back to its first state. */
export function resetSessionForTests(next: SessionState = { status: 'anonymous' }) {
  clearTimeout(refreshTimer);
  clearTimeout(reconnectTimer);
  inflightRefresh = undefined;
  state = next;
  for (const listener of listeners) listener();
}

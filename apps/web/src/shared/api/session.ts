import { AUTH, type AuthResult, type AuthUser } from '@atrium/contracts';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { NetworkError, toApiError } from './api-error';

export const API_BASE = '/core/api';

/** Where the signed-in session stands. The access token lives here, in memory only. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: AuthUser; token: string; expiresAt: number };

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

/** On page load: the access token is not stored anywhere, so ask for one with the refresh cookie. */
export async function bootstrapSession(): Promise<void> {
  try {
    const result = await refreshSession();
    if (!result) setState({ status: 'anonymous' });
  } catch {
    setState({ status: 'anonymous' });
  }
}

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
  inflightRefresh = undefined;
  state = next;
  for (const listener of listeners) listener();
}

import { ApiError, NetworkError, toApiError } from './api-error';
import { API_BASE, currentToken, endSession, getSession, isOfflineSession, refreshSession } from './session';

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** false: never put in the offline queue (the queue's own replay). */
  queue?: boolean;
  /** How the unsynced changes list names this change should it wait offline ('New client Offline Co'). */
  label?: OfflineLabel;
};

/** A translation key under `offline.records` (its strings are in the first load) and its values. */
export type OfflineLabel = { key: string; values?: Record<string, string> };

/**
 * Takes a change the network could not carry (shared/offline installs it): it returns what the call
 * answers instead (a queued echo), or undefined when the change cannot be queued.
 */
export type OfflineWriter = (path: string, request: ApiRequest) => Promise<unknown> | undefined;
let offlineWriter: OfflineWriter | null = null;
export function setOfflineWriter(writer: OfflineWriter | null) {
  offlineWriter = writer;
}

/** A request with no answer after this long fails as NetworkError instead of waiting for ever. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The caller's signal (if any) and the timeout, as one signal; `timedOut` tells which fired. */
function withTimeout(signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  const done = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };
  return { signal: controller.signal, timedOut: () => timedOut, done };
}

/** Calls that are themselves about the session: a 401 from them is the answer, not a stale token. */
const NO_RETRY = new Set(['/auth/login', '/auth/refresh', '/auth/logout']);

async function send(path: string, { method = 'GET', body, signal, headers: extra }: ApiRequest, token?: string) {
  const headers: Record<string, string> = { ...extra, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const limit = withTimeout(signal);
  try {
    return await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: limit.signal,
    });
  } catch (err) {
    // The caller's own abort stays an abort; no answer in time is the network's failure.
    if (signal?.aborted && !limit.timedOut()) throw err;
    throw new NetworkError(err);
  } finally {
    limit.done();
  }
}

async function read<T>(response: Response): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}

/** The token as it stands, for the session calls themselves. */
function tokenNow() {
  const session = getSession();
  return session.status === 'authenticated' && session.token ? session.token : undefined;
}

/**
 * Sends with the in-memory access token. A 401 gets one silent refresh and one retry; when the
 * refresh fails too the session is over and the first answer stands. Every call to the API goes
 * through here: JSON calls, uploads and downloads alike.
 */
export async function withToken<T extends { status: number }>(send: (token: string | undefined) => Promise<T>) {
  // A session that loaded offline asks for its token first (NetworkError while there is no network).
  const token = isOfflineSession() ? await currentToken() : tokenNow();
  const first = await send(token);
  if (first.status !== 401 || !token) return first;
  const renewed = await refreshSession().catch((err: unknown) => {
    if (err instanceof NetworkError) throw err;
    return null;
  });
  if (!renewed) {
    endSession({ sessionOver: true });
    return first;
  }
  return send(renewed.token);
}

/** Calls the API with JSON in and out. */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const queue = request.queue !== false && offlineWriter ? offlineWriter : null;
  // Offline, a change goes to the queue at once (when it can) instead of failing.
  const queued = queue && typeof navigator !== 'undefined' && !navigator.onLine ? queue(path, request) : undefined;
  if (queued) return (await queued) as T;
  let response: Response;
  try {
    // A 401 from a session call is the answer itself, not a stale token.
    response = NO_RETRY.has(path)
      ? await send(path, request, tokenNow())
      : await withToken((token) => send(path, request, token));
  } catch (err) {
    const late = err instanceof NetworkError && queue ? queue(path, request) : undefined;
    if (late) return (await late) as T;
    throw err;
  }
  return read<T>(response);
}

export { ApiError, NetworkError };

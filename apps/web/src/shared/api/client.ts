import { ApiError, NetworkError, toApiError } from './api-error';
import { API_BASE, endSession, getSession, refreshSession } from './session';

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls that are themselves about the session: a 401 from them is the answer, not a stale token. */
const NO_RETRY = new Set(['/auth/login', '/auth/refresh', '/auth/logout']);

async function send(path: string, { method = 'GET', body, signal }: ApiRequest, token?: string) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new NetworkError(err);
  }
}

async function read<T>(response: Response): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}

/**
 * Calls the API with the in-memory access token. A 401 gets one silent refresh and one retry;
 * when the refresh fails too the session is over.
 */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const session = getSession();
  const token = session.status === 'authenticated' ? session.token : undefined;
  const response = await send(path, request, token);
  if (response.status !== 401 || !token || NO_RETRY.has(path)) return read<T>(response);

  const renewed = await refreshSession().catch((err: unknown) => {
    if (err instanceof NetworkError) throw err;
    return null;
  });
  if (!renewed) {
    endSession({ sessionOver: true });
    throw await toApiError(response);
  }
  return read<T>(await send(path, request, renewed.token));
}

export { ApiError, NetworkError };

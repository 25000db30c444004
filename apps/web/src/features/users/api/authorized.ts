import { ApiError, NetworkError } from '../../../shared/api/api-error';
import { API_BASE, endSession, getSession, refreshSession } from '../../../shared/api/session';

/**
 * The shared API client speaks JSON only; file uploads and downloads go through here with the same
 * in-memory token, one silent refresh after a 401, and the session-over screen when that fails too.
 */
export async function withToken<T extends { status: number }>(send: (token: string | undefined) => Promise<T>) {
  const session = getSession();
  const token = session.status === 'authenticated' ? session.token : undefined;
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

export type XhrAnswer = { status: number; body: unknown };

/** POSTs a form with XMLHttpRequest, which (unlike fetch) reports upload progress. */
export function postWithProgress(
  path: string,
  form: FormData,
  token: string | undefined,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress?.(1);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new NetworkError(new Error('XMLHttpRequest failed')));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** An XHR answer that is not 2xx, as the ApiError the rest of the app knows. */
export function answerError(answer: XhrAnswer): ApiError {
  const problem = answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : {};
  return new ApiError(answer.status, problem);
}

import { parse as parseDisposition } from 'content-disposition';
import { ApiError, NetworkError, toApiError } from './api-error';
import { withToken } from './client';
import { API_BASE } from './session';

const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** POSTs a file as multipart (field `file`) and answers the server's JSON. */
export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const form = formOf(file);
  const response = await withToken(async (token) => {
    try {
      return await fetch(`${API_BASE}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: form,
        credentials: 'same-origin',
      });
    } catch (err) {
      throw new NetworkError(err);
    }
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

type XhrAnswer = { status: number; body: unknown };

/**
 * As uploadFile, reporting upload progress (0..1) for files large enough to show it. This one goes
 * through XMLHttpRequest because fetch cannot report upload progress.
 */
export async function uploadFileWithProgress<T>(
  path: string,
  file: File,
  {
    onProgress,
    signal,
    method = 'POST',
  }: { onProgress?: (fraction: number) => void; signal?: AbortSignal; method?: 'POST' | 'PATCH' | 'PUT' } = {},
): Promise<T> {
  const form = formOf(file);
  const answer = await withToken(
    (token) =>
      new Promise<XhrAnswer>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(method, `${API_BASE}${path}`);
        xhr.responseType = 'text';
        xhr.setRequestHeader('accept', 'application/json');
        if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
        };
        xhr.upload.onload = () => onProgress?.(1);
        xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
        xhr.onerror = () => reject(new NetworkError(new Error('XMLHttpRequest failed')));
        xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
        signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(form);
      }),
  );
  if (answer.status < 200 || answer.status >= 300) {
    const problem = answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : {};
    throw new ApiError(answer.status, problem);
  }
  return answer.body as T;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** GETs a file; answers it with the name the server gave it (Content-Disposition), else `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await withToken(async (token) => {
    try {
      return await fetch(`${API_BASE}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
      });
    } catch (err) {
      throw new NetworkError(err);
    }
  });
  if (!response.ok) throw await toApiError(response);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName),
  };
}

/** The file name a Content-Disposition header gives (its UTF-8 filename* when there is one), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  try {
    return parseDisposition(disposition).parameters.filename || fallback;
  } catch {
    return fallback;
  }
}

/** Hands a downloaded file to the browser to save. */
export function saveFile({ blob, fileName }: { blob: Blob; fileName: string }) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

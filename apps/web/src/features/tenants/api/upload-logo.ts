import { TENANT_LIMITS } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { NetworkError, toApiError } from '../../../shared/api/api-error';
import { API_BASE, endSession, getSession, refreshSession } from '../../../shared/api/session';

/** File types the logo inputs offer (the server checks the content as well). */
export const LOGO_ACCEPT =
  '.png,.jpg,.jpeg,.svg,.ico,image/png,image/jpeg,image/svg+xml,image/x-icon,image/vnd.microsoft.icon';

/** The client-side check before uploading: type by extension, size by the server's limit. */
export function logoProblem(file: File): 'unsupportedImage' | 'imageTooLarge' | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const allowed: readonly string[] = [...TENANT_LIMITS.logoTypes, 'jpeg'];
  if (!allowed.includes(ext)) return 'unsupportedImage';
  if (file.size > TENANT_LIMITS.logoMaxBytes) return 'imageTooLarge';
  return null;
}

async function post(form: FormData, token: string | undefined) {
  try {
    return await fetch(`${API_BASE}/tenants/media`, {
      method: 'POST',
      headers: token
        ? { authorization: `Bearer ${token}`, accept: 'application/json' }
        : { accept: 'application/json' },
      body: form,
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new NetworkError(err);
  }
}

/**
 * POST /tenants/media (multipart field `file`): stores a logo and answers the path it is served at.
 * The shared API client sends JSON only, so this call carries the token itself (one refresh on 401).
 */
export async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const session = getSession();
  const token = session.status === 'authenticated' ? session.token : undefined;
  let response = await post(form, token);
  if (response.status === 401 && token) {
    const renewed = await refreshSession().catch(() => null);
    if (!renewed) {
      endSession({ sessionOver: true });
      throw await toApiError(response);
    }
    response = await post(form, renewed.token);
  }
  if (!response.ok) throw await toApiError(response);
  return ((await response.json()) as { path: string }).path;
}

export const useUploadLogo = () => useMutation({ mutationFn: uploadLogo });

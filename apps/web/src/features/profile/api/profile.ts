import type { AuthUser, ProfileBody } from '@atrium/contracts';
import { toApiError } from '../../../shared/api/api-error';
import { api, NetworkError } from '../../../shared/api/client';
import { API_BASE, acceptAuthResult, getSession, refreshSession } from '../../../shared/api/session';

/** PATCH /me; the session takes the answer, so the menu, avatar and language follow at once. */
export async function updateProfile(body: ProfileBody): Promise<AuthUser> {
  const user = await api<AuthUser>('/me', { method: 'PATCH', body });
  const session = getSession();
  if (session.status === 'authenticated' && session.user.id === user.id) {
    acceptAuthResult({ user, token: session.token });
  }
  return user;
}

/** POST /auth/changepassword: the user's other sessions end; this one stays. */
export const changePassword = (body: { password: string; currentPassword: string }) =>
  api<void>('/auth/changepassword', { method: 'POST', body });

async function postFile(file: File, token: string | undefined) {
  const data = new FormData();
  data.append('file', file);
  try {
    return await fetch(`${API_BASE}/me/avatar`, {
      method: 'POST',
      headers: { accept: 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: data,
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new NetworkError(err);
  }
}

/**
 * POST /me/avatar as multipart; answers the path to save with PATCH /me. A stale token gets one
 * silent refresh, as with every other call.
 */
export async function uploadAvatar(file: File): Promise<string> {
  const session = getSession();
  let response = await postFile(file, session.status === 'authenticated' ? session.token : undefined);
  if (response.status === 401) {
    const renewed = await refreshSession().catch(() => null);
    if (renewed) response = await postFile(file, renewed.token);
  }
  if (!response.ok) throw await toApiError(response);
  return ((await response.json()) as { path: string }).path;
}

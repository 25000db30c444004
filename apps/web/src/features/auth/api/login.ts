import type { AuthResult, LoginBody } from '@atrium/contracts';
import { api } from '@/shared/api/client';
import { acceptAuthResult } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/** POST /auth/login; on success the session holds the new token and the local flags are set. */
export async function login(body: LoginBody): Promise<AuthResult> {
  const result = await api<AuthResult>('/auth/login', { method: 'POST', body });
  // Spec part 2 §4: kept for the active-tenant step, removed when it completes.
  localStorage.setItem(STORAGE_KEYS.isSuperadmin, String(result.user.isSuperadmin));
  localStorage.setItem(STORAGE_KEYS.userExists, 'true');
  acceptAuthResult(result);
  return result;
}

import type { AuthResult, LoginBody, LoginResult, TwoFactorChallenge } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { MutationCallbacks } from '@/shared/api/mutation-callbacks';
import { acceptAuthResult } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/** The session starts: the token is held and the local flags are set. */
export function completeSignIn(result: AuthResult): AuthResult {
  // Spec part 2 §4: kept for the active-tenant step, removed when it completes.
  localStorage.setItem(STORAGE_KEYS.isSuperadmin, String(result.user.isSuperadmin));
  localStorage.setItem(STORAGE_KEYS.userExists, 'true');
  acceptAuthResult(result);
  return result;
}

export const isChallenge = (result: LoginResult): result is TwoFactorChallenge => 'challenge' in result;

/**
 * POST /auth/login; on success the session holds the new token and the local flags are set. When
 * two-factor sign-in comes first, the answer is its challenge and no session starts yet.
 */
export async function login(body: LoginBody): Promise<LoginResult> {
  const result = await api<LoginResult>('/auth/login', { method: 'POST', body });
  return isChallenge(result) ? result : completeSignIn(result);
}

export const useLogin = (callbacks?: MutationCallbacks<LoginResult, LoginBody>) =>
  useMutation({ mutationFn: login, ...callbacks });

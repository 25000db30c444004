import type { AuthResult } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/shared/api/client';
import { acceptAuthResult } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { setLanguage } from '@/shared/i18n/i18n';

/** POST /auth/unimpersonate: back to the super administrator's own session; the caller then reloads. */
export async function endImpersonation(): Promise<AuthResult> {
  try {
    const result = await api<AuthResult>('/auth/unimpersonate', { method: 'POST' });
    localStorage.removeItem(STORAGE_KEYS.isImpersonatingMode);
    acceptAuthResult(result);
    await setLanguage(result.user.language);
    return result;
  } catch (error) {
    // The server answered, so the impersonation is over even when going back failed; offline it is not.
    if (error instanceof ApiError) localStorage.removeItem(STORAGE_KEYS.isImpersonatingMode);
    throw error;
  }
}

export const useEndImpersonation = () => useMutation({ mutationFn: endImpersonation });

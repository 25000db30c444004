import type { AuthResult } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { acceptAuthResult } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { setLanguage } from '@/shared/i18n/i18n';

/**
 * POST /auth/impersonate. Success (spec part 1 §4) stores the impersonating flag, the user, token,
 * language and active tenant; the caller then reloads. The refresh cookie now names the
 * impersonation session, so the reloaded page carries on as the user.
 */
export async function impersonate(body: { userId: string; tenantId: string | null }): Promise<AuthResult> {
  const result = await api<AuthResult>('/auth/impersonate', { method: 'POST', body });
  localStorage.setItem(STORAGE_KEYS.isImpersonatingMode, 'true');
  // Also keeps the active tenant in localStorage.
  acceptAuthResult(result);
  await setLanguage(result.user.language);
  return result;
}

export const useImpersonate = () => useMutation({ mutationFn: impersonate });

import type { AuthResult } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { api } from './client';
import type { MutationCallbacks } from './mutation-callbacks';
import { acceptAuthResult, endSession } from './session';

/** Makes tenantId (or none) the active tenant; the answer carries a token scoped to it. */
export async function setActiveTenant(tenantId: string | null): Promise<AuthResult> {
  const result = await api<AuthResult>('/auth/activetenant', { method: 'POST', body: { tenantId } });
  acceptAuthResult(result);
  return result;
}

/** setActiveTenant as a mutation: the active-tenant page's choice, a deep link's tenant switch. */
export const useSetActiveTenant = (callbacks?: MutationCallbacks<AuthResult, string | null>) =>
  useMutation({ mutationFn: setActiveTenant, ...callbacks });

/** Keys that belong to a signed-in user and must not outlive the session. */
const SESSION_KEYS = [
  STORAGE_KEYS.activeTenantId,
  STORAGE_KEYS.isSuperadmin,
  STORAGE_KEYS.userExists,
  STORAGE_KEYS.isImpersonatingMode,
] as const;

/** Revokes the session on the server (best effort) and forgets it here. */
export async function signOut(): Promise<void> {
  // This device stops getting the leaving user's pushes (its code loads only when push is on here).
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    await import('@/shared/pwa/push').then((push) => push.forgetPush()).catch(() => undefined);
  }
  try {
    await api<void>('/auth/logout', { method: 'POST' });
  } catch {
    // Signing out locally must work even when the server cannot be reached.
  }
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
  endSession({ sessionOver: false });
}

/** signOut as a mutation, for a button that signs out and then moves on. */
export const useSignOut = (callbacks?: MutationCallbacks<void>) => useMutation({ mutationFn: signOut, ...callbacks });

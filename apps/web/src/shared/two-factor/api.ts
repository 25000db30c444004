import type { TwoFactorSetup } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { MutationCallbacks } from '@/shared/api/mutation-callbacks';

/** POST /me/2fa/setup: a new secret and its QR code, shown once (the signed-in user's own setup). */
export const startTwoFactorSetup = () => api<TwoFactorSetup>('/me/2fa/setup', { method: 'POST' });

/** POST /me/2fa/confirm: the first code turns it on; answers the recovery codes. */
export const enableTwoFactor = (code: string) =>
  api<{ recoveryCodes: string[] }>('/me/2fa/confirm', { method: 'POST', body: { code } });

export const useStartTwoFactorSetup = (callbacks?: MutationCallbacks<TwoFactorSetup>) =>
  useMutation({ mutationFn: startTwoFactorSetup, ...callbacks });

export const useEnableTwoFactor = (callbacks?: MutationCallbacks<{ recoveryCodes: string[] }, string>) =>
  useMutation({ mutationFn: enableTwoFactor, ...callbacks });

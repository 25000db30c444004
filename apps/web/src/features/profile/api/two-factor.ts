import type { TwoFactorDisableBody, TwoFactorSetup, TwoFactorStatus } from '@atrium/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { MutationCallbacks } from '@/shared/api/mutation-callbacks';

export const twoFactorKey = ['me', 'twofactor'] as const;

/** GET /me/2fa: whether it is on, recovery codes left, remembered devices. */
export const twoFactorQuery = () =>
  queryOptions({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api<TwoFactorStatus>('/me/2fa', { signal }),
  });
export const useTwoFactorStatus = () => useQuery(twoFactorQuery());

/** POST /me/2fa/setup: a new secret and its QR code, shown once. */
export const startTwoFactorSetup = () => api<TwoFactorSetup>('/me/2fa/setup', { method: 'POST' });

/** POST /me/2fa/confirm: the first code turns it on; answers the recovery codes. */
export const enableTwoFactor = (code: string) =>
  api<{ recoveryCodes: string[] }>('/me/2fa/confirm', { method: 'POST', body: { code } });

/** POST /me/2fa/disable: the password and a code. */
export const disableTwoFactor = (body: TwoFactorDisableBody) => api<void>('/me/2fa/disable', { method: 'POST', body });

export const useStartTwoFactorSetup = (callbacks?: MutationCallbacks<TwoFactorSetup>) =>
  useMutation({ mutationFn: startTwoFactorSetup, ...callbacks });

export const useEnableTwoFactor = (callbacks?: MutationCallbacks<{ recoveryCodes: string[] }, string>) =>
  useMutation({ mutationFn: enableTwoFactor, ...callbacks });

export const useDisableTwoFactor = (callbacks?: MutationCallbacks<void, TwoFactorDisableBody>) =>
  useMutation({ mutationFn: disableTwoFactor, ...callbacks });

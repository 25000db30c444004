import type { TwoFactorDisableBody, TwoFactorStatus } from '@atrium/contracts';
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

// Turning it on is shared with the tenant chooser, which leads there when a tenant requires it.
export {
  enableTwoFactor,
  startTwoFactorSetup,
  useEnableTwoFactor,
  useStartTwoFactorSetup,
} from '@/shared/two-factor/api';

/** POST /me/2fa/disable: the password and a code. */
export const disableTwoFactor = (body: TwoFactorDisableBody) => api<void>('/me/2fa/disable', { method: 'POST', body });

export const useDisableTwoFactor = (callbacks?: MutationCallbacks<void, TwoFactorDisableBody>) =>
  useMutation({ mutationFn: disableTwoFactor, ...callbacks });

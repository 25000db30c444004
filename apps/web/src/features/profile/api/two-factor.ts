import type { TwoFactorDisableBody, TwoFactorStatus } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export const twoFactorKey = ['me', 'twofactor'] as const;

/** GET /me/twofactor: whether it is on, recovery codes left, remembered devices. */
export const twoFactorQuery = () =>
  queryOptions({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api<TwoFactorStatus>('/me/twofactor', { signal }),
  });
export const useTwoFactorStatus = () => useQuery(twoFactorQuery());

// Turning it on is shared with the tenant chooser, which leads there when a tenant requires it.
export { enableTwoFactor, startTwoFactorSetup } from '@/shared/two-factor/api';

/** POST /me/twofactor/disable: the password and a code. */
export const disableTwoFactor = (body: TwoFactorDisableBody) =>
  api<void>('/me/twofactor/disable', { method: 'POST', body });

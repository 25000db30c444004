import type { TwoFactorDisableBody, TwoFactorSetup, TwoFactorStatus } from '@atrium/contracts';
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

/** POST /me/twofactor/setup: a new secret and its QR code, shown once. */
export const startTwoFactorSetup = () => api<TwoFactorSetup>('/me/twofactor/setup', { method: 'POST' });

/** POST /me/twofactor/enable: the first code turns it on; answers the recovery codes. */
export const enableTwoFactor = (code: string) =>
  api<{ recoveryCodes: string[] }>('/me/twofactor/enable', { method: 'POST', body: { code } });

/** POST /me/twofactor/disable: the password and a code. */
export const disableTwoFactor = (body: TwoFactorDisableBody) =>
  api<void>('/me/twofactor/disable', { method: 'POST', body });

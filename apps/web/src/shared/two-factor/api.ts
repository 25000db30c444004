import type { TwoFactorSetup } from '@atrium/contracts';
import { api } from '@/shared/api/client';

/** POST /me/twofactor/setup: a new secret and its QR code, shown once (the signed-in user's own setup). */
export const startTwoFactorSetup = () => api<TwoFactorSetup>('/me/twofactor/setup', { method: 'POST' });

/** POST /me/twofactor/enable: the first code turns it on; answers the recovery codes. */
export const enableTwoFactor = (code: string) =>
  api<{ recoveryCodes: string[] }>('/me/twofactor/enable', { method: 'POST', body: { code } });

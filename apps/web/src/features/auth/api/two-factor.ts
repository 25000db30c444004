import type { AuthResult, TwoFactorSetup, TwoFactorVerifyBody } from '@atrium/contracts';
import { api } from '@/shared/api/client';
import { problemMessages } from '@/shared/api/problem-messages';
import { completeSignIn } from './login';

/** POST /auth/twofactor/verify: the code (or a recovery code) after the password; the session starts. */
export async function verifyTwoFactor(body: TwoFactorVerifyBody): Promise<AuthResult> {
  return completeSignIn(await api<AuthResult>('/auth/twofactor/verify', { method: 'POST', body }));
}

/** POST /auth/twofactor/setup: the secret for the setup the tenant requires. */
export const startRequiredSetup = (challenge: string) =>
  api<TwoFactorSetup>('/auth/twofactor/setup', { method: 'POST', body: { challenge } });

/** POST /auth/twofactor/setup/confirm: answers the session and the recovery codes (the session starts once they are saved). */
export const confirmRequiredSetup = (challenge: string, code: string) =>
  api<AuthResult & { recoveryCodes: string[] }>('/auth/twofactor/setup/confirm', {
    method: 'POST',
    body: { challenge, code },
  });

/** What a failed two-factor step shows: the limit, an expired step, else the field's message. */
export const { problemText: twoFactorProblem } = problemMessages({
  rules: [
    (error, t) =>
      error.status === 429
        ? t('errorCodes.tooManyRequests', { minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)) })
        : undefined,
    (error, t) => (error.status === 401 ? t('twoFactor.challengeExpired') : undefined),
  ],
});

import type { AuthResult, TwoFactorSetup, TwoFactorVerifyBody } from '@atrium/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { MutationCallbacks } from '@/shared/api/mutation-callbacks';
import { problemMessages } from '@/shared/api/problem-messages';
import { completeSignIn } from './login';

/** POST /auth/login/2fa: the code (or a recovery code) after the password; the session starts. */
export async function verifyTwoFactor(body: TwoFactorVerifyBody): Promise<AuthResult> {
  return completeSignIn(await api<AuthResult>('/auth/login/2fa', { method: 'POST', body }));
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

export const useVerifyTwoFactor = (callbacks?: MutationCallbacks<AuthResult, TwoFactorVerifyBody>) =>
  useMutation({ mutationFn: verifyTwoFactor, ...callbacks });

export const useStartRequiredSetup = (challenge: string) =>
  useMutation({ mutationFn: () => startRequiredSetup(challenge) });

export const useConfirmRequiredSetup = (
  challenge: string,
  callbacks?: MutationCallbacks<Awaited<ReturnType<typeof confirmRequiredSetup>>, string>,
) => useMutation({ mutationFn: (code: string) => confirmRequiredSetup(challenge, code), ...callbacks });

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

import { AUTH, passwordEmailProblem, passwordSchema, passwordUserInputs } from '@atrium/contracts';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { fieldError } from '../../http/errors.js';

// The one password rule (ASVS 6.2): every endpoint that sets a password checks it here, in words the
// forms translate. The cheap parts are the contracts' (the web app checks them as one types, and shows
// zxcvbn's own estimate beside the field); the server has the last word.

let estimator: Promise<{ common: Set<string>; zxcvbn: ZxcvbnFactory }> | undefined;

/**
 * zxcvbn-ts with its ~49,000 most common and breached passwords, loaded on first use: the lists cost a
 * few MB and ~100 ms, which only a password change should pay.
 */
function strength() {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { dictionary, adjacencyGraphs }]) => ({
      common: new Set(dictionary['passwords-common']),
      zxcvbn: new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
    }),
  );
  return estimator;
}

export type PasswordProblem =
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordBlank'
  | 'passwordContainsEmail'
  | 'passwordTooCommon'
  | 'passwordTooWeak';

/** Why this password may not be the account's (the first reason), or null when it may. */
export async function passwordProblem(password: string, email: string): Promise<PasswordProblem | null> {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) return (parsed.error.issues[0]?.message ?? 'passwordTooShort') as PasswordProblem;
  const withEmail = passwordEmailProblem(password, email);
  if (withEmail) return withEmail;
  const { common, zxcvbn } = await strength();
  if (common.has(password.toLowerCase())) return 'passwordTooCommon';
  return zxcvbn.check(password, passwordUserInputs(email)).score < AUTH.passwordMinScore ? 'passwordTooWeak' : null;
}

/** Throws a 400 naming `field` when the password may not be the account's with this email. */
export async function assertPasswordAllowed(password: string, email: string, field = 'password') {
  const problem = await passwordProblem(password, email);
  if (problem) throw fieldError(field, problem);
}

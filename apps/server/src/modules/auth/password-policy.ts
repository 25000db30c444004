import { passwordEmailProblem, passwordSchema } from '@atrium/contracts';
import { fieldError } from '../../http/errors.js';

// The one password rule (ASVS 6.2): every endpoint that sets a password checks it here, in words the
// forms translate. The cheap parts are the contracts' (the web app checks them as one types); the
// list of common and breached passwords lives only here, on the server.

let common: Promise<Set<string>> | undefined;

/**
 * The ~49,000 most common and breached passwords of zxcvbn-ts (lower case), loaded on first use:
 * the list costs a few MB and ~70 ms, which only a password change should pay.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

export type PasswordProblem =
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordBlank'
  | 'passwordContainsEmail'
  | 'passwordTooCommon';

/** Why this password may not be the account's (the first reason), or null when it may. */
export async function passwordProblem(password: string, email: string): Promise<PasswordProblem | null> {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) return (parsed.error.issues[0]?.message ?? 'passwordTooShort') as PasswordProblem;
  const withEmail = passwordEmailProblem(password, email);
  if (withEmail) return withEmail;
  return (await commonPasswords()).has(password.toLowerCase()) ? 'passwordTooCommon' : null;
}

/** Throws a 400 naming `field` when the password may not be the account's with this email. */
export async function assertPasswordAllowed(password: string, email: string, field = 'password') {
  const problem = await passwordProblem(password, email);
  if (problem) throw fieldError(field, problem);
}

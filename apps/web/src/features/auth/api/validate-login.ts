import { AUTH, type LoginBody } from '@atrium/contracts';

/** The sign-in form's values: the body it sends. */
export type LoginValues = LoginBody;

/**
 * An address with a local part, a domain and a top-level domain of two or more letters. The server's
 * schema (loginBodySchema) has the final word; a test keeps the two in agreement on common cases.
 */
const EMAIL =
  /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/**
 * The sign-in rules of spec part 1 §5 with the contracts' message keys ('required', 'invalidEmail',
 * 'passwordTooLong'). Written out rather than running loginBodySchema so the sign-in page does not
 * load zod: the page has a 200 KB budget.
 */
export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return 'required';
  return EMAIL.test(email) ? null : 'invalidEmail';
}

export function validatePassword(value: string): string | null {
  if (!value) return 'required';
  return value.length > AUTH.passwordMax ? 'passwordTooLong' : null;
}

/** The body POST /auth/login takes. */
export const toLoginBody = (values: LoginValues) => ({ ...values, email: values.email.trim() });

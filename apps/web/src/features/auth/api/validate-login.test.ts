import { loginBodySchema } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { toLoginBody, validateEmail, validatePassword } from './validate-login';

const serverMessage = (email: string, password: string, field: 'email' | 'password') => {
  const result = loginBodySchema.safeParse({ email, password, rememberMe: false });
  return result.success ? null : (result.error.issues.find((i) => i.path[0] === field)?.message ?? null);
};

describe('sign-in validation agrees with the contracts schema', () => {
  it.each([
    'user@atrium.test',
    ' user@atrium.test ',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    '',
    '   ',
    'user',
    'user@',
    '@atrium.test',
    'user@atrium',
    'user@@atrium.test',
    'user atrium@test.dk',
    'user@-atrium.test',
  ])('email %j', (email) => {
    expect(validateEmail(email)).toBe(serverMessage(email, 'x', 'email'));
  });

  it.each(['', 'a', 'Atrium-demo-1', 'x'.repeat(128), 'x'.repeat(129)])('password of length %#', (password) => {
    expect(validatePassword(password)).toBe(serverMessage('user@atrium.test', password, 'password'));
  });

  it('sends the email trimmed', () => {
    expect(toLoginBody({ email: ' a@b.dk ', password: ' p ', rememberMe: true })).toEqual({
      email: 'a@b.dk',
      password: ' p ',
      rememberMe: true,
    });
  });
});

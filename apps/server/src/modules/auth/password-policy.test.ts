import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { assertPasswordAllowed, passwordProblem } from './password-policy.js';

describe('the password rule (ASVS 6.2)', () => {
  it('ships an offline list of at least 10,000 common and breached passwords', () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses common passwords in any case', async () => {
    for (const common of ['password1', 'Password123', 'QWERTYUIOP', 'iloveyou1', '1q2w3e4r5t']) {
      expect(await passwordProblem(common, 'someone@example.test'), common).toBe('passwordTooCommon');
    }
  });

  it('refuses a password of whitespace only, and keeps the length limits', async () => {
    expect(await passwordProblem(' '.repeat(12), 'someone@example.test')).toBe('passwordBlank');
    expect(await passwordProblem('\t \n'.repeat(4), 'someone@example.test')).toBe('passwordBlank');
    expect(await passwordProblem('short', 'someone@example.test')).toBe('passwordTooShort');
    expect(await passwordProblem('x'.repeat(129), 'someone@example.test')).toBe('passwordTooLong');
  });

  it('refuses a password holding the email’s local part (any case), unless that part is under 3 characters', async () => {
    expect(await passwordProblem('Maria.Jensen-2024', 'maria.jensen@example.test')).toBe('passwordContainsEmail');
    expect(await passwordProblem('my-MARIA.JENSEN!', 'Maria.Jensen@Example.test')).toBe('passwordContainsEmail');
    expect(await passwordProblem('bob-the-builder-9', 'bob@example.test')).toBe('passwordContainsEmail');
    // "jo" occurs in too many good passwords to refuse them.
    expect(await passwordProblem('major-joke-tree-9', 'jo@example.test')).toBeNull();
  });

  it('refuses a guessable password that is on no list (zxcvbn-ts score under 3)', async () => {
    for (const weak of ['aaaaaaaa', 'abcdefgh', 'qwertzui', 'zxcvbnmq', 'ababababab', 'Summer2024']) {
      expect(await passwordProblem(weak, 'someone@example.test'), weak).toBe('passwordTooWeak');
    }
    // The account's own name parts count as guessed already.
    expect(await passwordProblem('jensenharbour', 'someone@example.test')).toBeNull();
    expect(await passwordProblem('jensenharbour', 'maria@jensen-harbour.example')).toBe('passwordTooWeak');
  });

  it('accepts a long, uncommon password', async () => {
    expect(await passwordProblem('Correct-horse-1', 'someone@example.test')).toBeNull();
    await expect(assertPasswordAllowed('Correct-horse-1', 'someone@example.test')).resolves.toBeUndefined();
  });

  it('throws a 400 naming the field and the reason', async () => {
    const refused = await assertPasswordAllowed('password1', 'a@example.test', 'newPassword').catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 400, errors: [{ field: 'newPassword', message: 'passwordTooCommon' }] });
  });
});

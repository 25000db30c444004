import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PRODUCT_NAME, productLanguage } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { dailyDigestMail } from '../src/modules/notifications/notifications.mail.js';
import { resetPasswordMail } from '../src/modules/passwords/passwords.mail.js';

const src = join(import.meta.dirname, '../src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );

describe('the product name and the default language', () => {
  it('come from the contracts: no server code writes the name in its own strings', () => {
    const own: string[] = [];
    for (const file of sources(src)) {
      for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
        const code = line.trim();
        if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) continue;
        // The demo accounts' published password is a password, not the product naming itself.
        if (code.includes('DEMO_PASSWORD =')) continue;
        // A string literal naming the product (the demo data's addresses are @atrium.test, lower case).
        if (/(['"`])[^'"`]*\bAtrium\b[^'"`]*\1/.test(code)) own.push(`${relative(src, file)}:${i + 1}`);
      }
    }
    expect(own).toEqual([]);
  });

  it('write mails in the account language when the product has it, else in the default one', () => {
    expect(productLanguage('da')).toBe('da');
    expect(productLanguage('sv')).toBe('en');
    expect(productLanguage(null)).toBe('en');
    const user = { email: 'a@example.test', name: 'A', language: 'sv' };
    expect(resetPasswordMail(user, 'https://x.example/r').subject).toBe(`Reset your ${PRODUCT_NAME} password`);
    expect(dailyDigestMail(user, [], 'https://x.example').subject).toBe(`Your daily ${PRODUCT_NAME} summary`);
  });
});

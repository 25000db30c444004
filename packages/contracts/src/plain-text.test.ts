import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { chatSendBodySchema } from './chat.js';
import { companyBodySchema } from './clients.js';
import { documentTypeBodySchema } from './documents.js';
import { tenantContentBodySchemaFor } from './home.js';
import { mailSettingsBodySchema } from './mail-settings.js';
import { profileBodySchema } from './me.js';
import { plainText, stripUnsafeText } from './plain-text.js';
import { checklistBodySchema, tagBodySchema } from './tenant-lists.js';
import { cloneTenantBodySchema } from './tenants.js';
import { userBodySchema } from './users.js';

// BEL, an ESC colour sequence, backspace, vertical tab, form feed, DEL, a C1 control (CSI), and every
// bidirectional embedding, override and isolate.
const UNSAFE = '\u0007\u001b[31m\b\u000b\u000c\u007f\u009b\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';

describe('plainText', () => {
  it('removes control characters but line breaks and tabs, and the bidirectional controls', () => {
    expect(stripUnsafeText(`a${UNSAFE}b\nc\r\nd\te`)).toBe('a[31mb\nc\r\nd\te');
    expect(stripUnsafeText('invoice\u202Efdp.txt')).toBe('invoicefdp.txt');
  });

  it('keeps every script, emoji sequences (zero-width joiners) and marks', () => {
    const text = 'Ærø 東京 مرحبا 👩‍👩‍👧 e\u0301 \u200F';
    expect(plainText().parse(text)).toBe(text);
  });

  it('strips before the later checks: a value of nothing else is empty', () => {
    expect(plainText().trim().min(1).safeParse('\u0007\u202e\u2066 \u0008 ').success).toBe(false);
  });

  // Every plain-text field others see goes through it.
  const cases: [string, z.ZodType, (text: string) => object, (out: never) => unknown][] = [
    ['chat text', chatSendBodySchema, (text) => ({ text }), (o: { text: string }) => o.text],
    [
      'user name',
      userBodySchema,
      (name) => ({ name, surname: name, email: 'a@b.test', roles: ['User'] }),
      (o: { name: string; surname: string }) => [o.name, o.surname],
    ],
    [
      'profile name',
      profileBodySchema,
      (name) => ({ name, surname: name }),
      (o: { name: string; surname: string }) => [o.name, o.surname],
    ],
    ['tenant clone title', cloneTenantBodySchema, (title) => ({ title }), (o: { title: string }) => o.title],
    ['tag', tagBodySchema, (title) => ({ title }), (o: { title: string }) => o.title],
    [
      'checklist',
      checklistBodySchema,
      (title) => ({ title, items: [{ title }] }),
      (o: { title: string; items: { title: string }[] }) => [o.title, o.items[0]!.title],
    ],
    [
      'client',
      companyBodySchema,
      (title) => ({ title, notes: title }),
      (o: { title: string; notes: string }) => [o.title, o.notes],
    ],
    ['document type', documentTypeBodySchema, (name) => ({ name }), (o: { name: string }) => o.name],
    [
      'home headline',
      tenantContentBodySchemaFor([]),
      (headline) => ({ headline }),
      (o: { headline: string }) => o.headline,
    ],
    [
      'mail settings title',
      mailSettingsBodySchema,
      (title) => ({ title, msGraphTenantId: 't', msGraphClientId: 'c', msGraphFromMail: 'a@b.test' }),
      (o: { title: string }) => o.title,
    ],
  ];
  it.each(cases)('applies to the %s', (_, schema, body, fields) => {
    const out = schema.parse(body(`Bo${UNSAFE}b`)) as never;
    for (const value of [fields(out)].flat()) expect(value).toBe('Bo[31mb');
  });
});

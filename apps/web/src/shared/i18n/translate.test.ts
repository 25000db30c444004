import { describe, expect, it } from 'vitest';
import { type Bundle, candidateKeys, interpolate, lookup, translate } from './translate';

const en: Bundle = {
  greeting: 'Hello {{name}}',
  nested: { deeper: { leaf: 'Leaf' } },
  files_zero: 'No files',
  files_one: 'One file',
  files_other: '{{count}} files',
  bare: 'Count {{count}}',
  onlyEnglish: 'Only in English',
};
const da: Bundle = { greeting: 'Hej {{name}}', files_one: 'Én fil', files_other: '{{count}} filer' };
const english = [{ bundle: en, locale: 'en-GB' }];
const danish = [{ bundle: da, locale: 'da-DK' }, ...english];

describe('lookup', () => {
  it('follows dotted paths and finds only strings', () => {
    expect(lookup(en, 'nested.deeper.leaf')).toBe('Leaf');
    expect(lookup(en, 'nested.deeper')).toBeUndefined();
    expect(lookup(en, 'greeting.more')).toBeUndefined();
    expect(lookup(en, 'missing.key')).toBeUndefined();
  });
});

describe('candidateKeys', () => {
  it('tries the plural category, then the key; _zero first for zero', () => {
    expect(candidateKeys('files', 'en-GB', undefined)).toEqual(['files']);
    expect(candidateKeys('files', 'en-GB', 1)).toEqual(['files_one', 'files']);
    expect(candidateKeys('files', 'en-GB', 2)).toEqual(['files_other', 'files']);
    expect(candidateKeys('files', 'en-GB', 0)).toEqual(['files_zero', 'files_other', 'files']);
  });
});

describe('interpolate', () => {
  it('fills placeholders, with or without spaces, and keeps those without a value', () => {
    expect(interpolate('{{a}} and {{ b }} and {{c}}', { a: 1, b: 'two' })).toBe('1 and two and {{c}}');
    expect(interpolate('{{a}}', { a: null })).toBe('{{a}}');
    expect(interpolate('{{a}}', { a: 0 })).toBe('0');
  });

  it('does not read placeholders inside values', () => {
    expect(interpolate('{{a}} {{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
  });
});

describe('translate', () => {
  it('fills the string in', () => {
    expect(translate(english, 'greeting', { name: 'Uma' })).toBe('Hello Uma');
    expect(translate(danish, 'greeting', { name: 'Uma' })).toBe('Hej Uma');
  });

  it('chooses the plural form by count, in the language', () => {
    expect(translate(english, 'files', { count: 0 })).toBe('No files');
    expect(translate(english, 'files', { count: 1 })).toBe('One file');
    expect(translate(english, 'files', { count: 7 })).toBe('7 files');
    expect(translate(danish, 'files', { count: 1 })).toBe('Én fil');
    expect(translate(danish, 'files', { count: 3 })).toBe('3 filer');
    // Danish has no _zero form: its own plural comes before English's special zero.
    expect(translate(danish, 'files', { count: 0 })).toBe('0 filer');
    expect(translate(english, 'bare', { count: 4 })).toBe('Count 4');
  });

  it('falls back to English, then the default value, then the key', () => {
    expect(translate(danish, 'onlyEnglish')).toBe('Only in English');
    expect(translate(danish, 'missing', { defaultValue: 'Fallback {{n}}', n: 2 })).toBe('Fallback 2');
    expect(translate(danish, 'missing', { defaultValue: '' })).toBe('');
    expect(translate(danish, 'missing.key')).toBe('missing.key');
  });
});

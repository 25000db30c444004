import { describe, expect, it } from 'vitest';
import { safeFileName } from './document-file.js';

describe('safeFileName', () => {
  it('strips bidi overrides and isolates, so a name shows as what it is', () => {
    // Displayed as 'invoicetxt.pdf' with the override in place.
    expect(safeFileName('invoice\u202Efdp.txt')).toBe('invoicefdp.txt');
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ]) {
      expect(safeFileName(`re${c}port.pdf`)).toBe('report.pdf');
    }
  });

  it('strips zero-width characters and the byte order mark', () => {
    for (const c of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']) {
      expect(safeFileName(`pay${c}roll.xlsx`)).toBe('payroll.xlsx');
    }
  });

  it('keeps letters of every script, and still removes paths and control characters', () => {
    expect(safeFileName('Referat æøå ñ 日本 عربى.txt')).toBe('Referat æøå ñ 日本 عربى.txt');
    expect(safeFileName('../../etc/lo\u0007go<>.png')).toBe('logo.png');
    expect(safeFileName('\u202E')).toBe('file');
  });
});

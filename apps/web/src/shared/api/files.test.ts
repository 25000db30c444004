import { describe, expect, it } from 'vitest';
import { fileNameOf } from './files';

describe('fileNameOf', () => {
  it('takes the UTF-8 name over its ASCII stand-in', () => {
    expect(
      fileNameOf(`attachment; filename="Referat ???.txt"; filename*=UTF-8''Referat%20%C3%A6%C3%B8%C3%A5.txt`, 'x'),
    ).toBe('Referat æøå.txt');
  });

  it('reads plain and quoted names', () => {
    expect(fileNameOf('attachment; filename=users-2026-03-05.xlsx', 'x')).toBe('users-2026-03-05.xlsx');
    expect(fileNameOf('inline; filename="it\'s (1).png"', 'x')).toBe("it's (1).png");
  });

  it('falls back when there is no header, no name or a malformed header', () => {
    expect(fileNameOf(null, 'fallback.txt')).toBe('fallback.txt');
    expect(fileNameOf('attachment', 'fallback.txt')).toBe('fallback.txt');
    expect(fileNameOf('attachment; filename="unterminated', 'fallback.txt')).toBe('fallback.txt');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date';

// Built from local parts so the expectations hold in any time zone the tests run in.
const local = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('formatDateTime', () => {
  it('writes dd-MM-yyyy HH:mm in local time with zero padding', () => {
    expect(formatDateTime(local(2025, 11, 24, 9, 30))).toBe('24-12-2025 09:30');
    expect(formatDateTime(local(2026, 0, 5, 0, 7))).toBe('05-01-2026 00:07');
  });

  it('reads the hour as the hour of the day, so evening and morning differ', () => {
    expect(formatDateTime(local(2026, 2, 5, 21, 0))).toBe('05-03-2026 21:00');
    expect(formatDateTime(local(2026, 2, 5, 9, 0))).toBe('05-03-2026 09:00');
  });

  it('shows text that is not a date as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatDate', () => {
  it('writes the day in the locale of the UI language', () => {
    const iso = local(2026, 1, 1, 10, 0);
    expect(formatDate(iso, 'en')).toBe('01/02/2026');
    expect(formatDate(iso, 'da')).toBe('1.2.2026');
  });

  it('falls back to British English for a language the product does not have', () => {
    expect(formatDate(local(2026, 1, 1, 10, 0), 'fr')).toBe('01/02/2026');
  });

  it('shows text that is not a date as it came', () => {
    expect(formatDate('never', 'en')).toBe('never');
  });
});

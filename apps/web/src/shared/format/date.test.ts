import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatMonth, formatWeekday } from './date';

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
  it('writes dd-MM-yyyy in English and Danish alike, as the spec fixes it', () => {
    expect(formatDate(local(2026, 1, 1, 10, 0))).toBe('01-02-2026');
    expect(formatDate('2026-11-23')).toBe('23-11-2026');
  });

  it('reads a calendar day in local time, so it never becomes the day before', () => {
    expect(formatDate('2026-01-01')).toBe('01-01-2026');
  });

  it('shows text that is not a date as it came', () => {
    expect(formatDate('never')).toBe('never');
  });
});

describe('words follow the UI language', () => {
  it('names the weekday and the month in English and Danish', () => {
    expect(formatWeekday('2026-11-23', 'en')).toBe('Mon');
    expect(formatWeekday('2026-11-23', 'da')).toBe('man.');
    expect(formatMonth('2026-11-01', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11-01', 'da')).toBe('november 2026');
  });

  it('writes a column day as dd-MM', () => {
    expect(formatDay('2026-11-23')).toBe('23-11');
  });
});

import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatHours,
  isDateString,
  isHoursTyping,
  isMonday,
  markInputSchema,
  mondayOf,
  monthRange,
  parseHours,
  roundHours,
  weekDates,
} from './timelogs.js';

const ID = '00000000-0000-4000-8000-000000000001';

// The hours rule of spec part 2 §5, example by example: the web cell and the server both use it.
describe('the hours rule', () => {
  it.each([
    ['7', 7],
    ['7.5', 7.5],
    ['7,5', 7.5],
    ['7,25', 7.25],
    ['07', 7],
    ['0', 0],
    ['', 0],
    ['  ', 0],
    ['8.', 8],
    ['8,', 8],
    [',5', 0.5],
    ['.25', 0.25],
    ['23.99', 23.99],
    ['24', 23.99],
    ['24,00', 23.99],
    ['99.99', 23.99],
    [7.5, 7.5],
    [0.1, 0.1],
    [30, 23.99],
  ])('reads %j as %d', (input, hours) => {
    expect(parseHours(input)).toBe(hours);
  });

  it.each([
    ['1.234'],
    ['100'],
    ['-1'],
    ['1..5'],
    ['1,5,0'],
    ['1.5,0'],
    ['.'],
    [','],
    ['abc'],
    ['1e2'],
    ['7 h'],
    ['0x10'],
    ['½'],
    ['٣'],
    [-1],
    [100],
    [1.005],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])('refuses %j', (input) => {
    expect(parseHours(input)).toBeNull();
    expect(
      markInputSchema.safeParse({
        hours: input,
        dateString: '2026-11-23',
        taskId: ID,
        projectId: ID,
      }).success,
    ).toBe(false);
  });

  it.each([
    ['', true],
    ['1', true],
    ['12', true],
    ['12.', true],
    ['12,3', true],
    ['12.34', true],
    ['.5', true],
    [',', true],
    ['123', false],
    ['1.234', false],
    ['1.2.', false],
    ['1,2,', false],
    ['a', false],
    ['-', false],
    [' 1', false],
  ])('lets %j be typed: %s', (text, ok) => {
    expect(isHoursTyping(text)).toBe(ok);
  });

  it('rounds totals to two decimals without binary noise', () => {
    expect(roundHours(0.1 + 0.2)).toBe(0.3);
    expect(roundHours(1.005)).toBe(1.01);
    expect(formatHours(7.5)).toBe('7.5');
    expect(formatHours(8)).toBe('8');
  });
});

describe('calendar weeks', () => {
  it('starts every week on Monday, across year ends and daylight-saving changes', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2027-01-03')).toBe('2026-12-28');
    expect(weekDates('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(mondayOf('2026-03-29')).toBe('2026-03-23');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(isMonday('2026-11-23')).toBe(true);
    expect(isMonday('2026-11-24')).toBe(false);
  });

  it('knows real dates and month ends', () => {
    expect(isDateString('2026-02-29')).toBe(false);
    expect(isDateString('2024-02-29')).toBe(true);
    expect(isDateString('2026-13-01')).toBe(false);
    expect(isDateString('2026-1-01')).toBe(false);
    // PostgreSQL has no year 0, and no date here is older than EARLIEST_DATE.
    expect(isDateString('0000-01-01')).toBe(false);
    expect(isDateString('1899-12-31')).toBe(false);
    expect(isDateString('1900-01-01')).toBe(true);
    // The last date is the last Sunday whose week a grid can show (its Monday's week ends by 9999-12-31).
    expect(isDateString('9999-12-26')).toBe(true);
    expect(isDateString('9999-12-27')).toBe(false);
    expect(isDateString('9999-12-31')).toBe(false);
    expect(monthRange('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

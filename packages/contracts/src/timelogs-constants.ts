import { EARLIEST_DATE, LATEST_DATE } from './constants.js';

// Weekly time logging (spec part 2 §2, §3, §4, §5, §7, §9; issue 14). Dates are calendar dates,
// 'YYYY-MM-DD' strings, never instants: a week is Monday..Sunday by the calendar, so no time zone or
// daylight-saving change can move a mark to another day.
//
// The rules without zod: the web's week grid uses these alone, and does not load zod for them (issue 48).

/** The most one hours cell holds (spec §9); larger values are clamped to it. */
export const MAX_CELL_HOURS = 23.99;
/** The most one user may log on one day, over every task. */
export const MAX_DAY_HOURS = 24;
/** The field message (a translation key) of a mark that would take a day past MAX_DAY_HOURS. */
export const DAY_FULL = 'dayOver24Hours';
/** The field message (a translation key) of a mark dated before its project's start date. */
export const BEFORE_PROJECT_START = 'beforeProjectStart';
/** The field message (a translation key) of a project start moved past hours already logged. */
export const START_AFTER_LOGGED_HOURS = 'startAfterLoggedHours';
/** Task names in the grid are cut at this many characters (spec §9). */
export const GRID_TASK_NAME_LENGTH = 20;

/** What an hours cell may hold while it is typed: digits, at most one dot or comma, at most 2 + 2 digits. */
export const HOURS_TYPING_PATTERN = /^\d{0,2}(?:[.,]\d{0,2})?$/;
/** A complete hours value: at least one digit, one separator at most, two integer and two decimal digits at most. */
const HOURS_VALUE_PATTERN = /^(?:\d{1,2}(?:[.,]\d{0,2})?|[.,]\d{1,2})$/;

/** Whether text may stand in an hours cell while typing (empty included). */
export const isHoursTyping = (text: string) => HOURS_TYPING_PATTERN.test(text);

/**
 * The one hours rule (spec §5), used by the grid's cells and by the server: digits with one dot or
 * comma, at most two integer digits and two decimals; a comma counts as a dot; above 23.99 is 23.99.
 * Empty means 0 (the cell was cleared). Answers null for anything else. A number is read as its
 * shortest decimal text, so 1.5 passes and 1.234, -1 and 100 do not.
 */
export function parseHours(input: string | number): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : 'x') : input.trim();
  if (text === '') return 0;
  if (!HOURS_VALUE_PATTERN.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return Math.min(roundHours(value), MAX_CELL_HOURS);
}

/** Hours rounded to two decimals (spec §5: totals too), without binary noise such as 0.30000000000000004. */
export const roundHours = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** Hours as the grid shows them: up to two decimals, no trailing zeros ('7.5', '8', '0.25'). */
export const formatHours = (value: number) => String(roundHours(value));

// ---- calendar dates -------------------------------------------------------------------------------

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

// Built from numbers and written field by field: a third of the cost of parsing and printing ISO text,
// and the week grid handles a dozen dates per request.
const toUtc = (date: string) => new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)));
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));
const fromUtc = (d: Date) => `${d.getUTCFullYear()}-${twoDigits(d.getUTCMonth() + 1)}-${twoDigits(d.getUTCDate())}`;

/**
 * Whether text is a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not), from EARLIEST_DATE to
 * LATEST_DATE: the one range of every date a call takes, marks and week grids alike.
 */
export const isDateString = (text: string) => {
  if (!DATE_PATTERN.test(text) || text < EARLIEST_DATE || text > LATEST_DATE) return false;
  const d = toUtc(text);
  return !Number.isNaN(d.getTime()) && fromUtc(d) === text;
};

/** A date `days` calendar days after `date` (negative: before). UTC arithmetic, so every day is 24 h. */
export const addDays = (date: string, days: number) => {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
};

/** The Monday of the week holding `date` (weeks run Monday to Sunday, as in en-GB and Danish). */
export const mondayOf = (date: string) => addDays(date, -((toUtc(date).getUTCDay() + 6) % 7));

export const isMonday = (date: string) => isDateString(date) && mondayOf(date) === date;

/** The seven dates of the week starting on `monday`. */
export const weekDates = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** Today's calendar date where the code runs (the browser: the user's own day). */
export const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** First and last day of the month holding `date`. */
export const monthRange = (date: string) => {
  const first = `${date.slice(0, 7)}-01`;
  const d = toUtc(first);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return { from: first, to: fromUtc(d) };
};

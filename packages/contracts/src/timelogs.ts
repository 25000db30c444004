import { z } from 'zod';
import { EARLIEST_DATE, LATEST_DATE } from './constants.js';
import { plainText } from './plain-text.js';

// Weekly time logging (spec part 2 §2, §3, §4, §5, §7, §9; issue 14). Dates are calendar dates,
// 'YYYY-MM-DD' strings, never instants: a week is Monday..Sunday by the calendar, so no time zone or
// daylight-saving change can move a mark to another day.

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

// ---- schemas ---------------------------------------------------------------------------------------

const DATE_MESSAGE = 'Must be a calendar date written YYYY-MM-DD';
/** Format `date` (the document shows it, the check is the same), then the range no format can say. */
export const dateStringSchema = z.iso
  .date({ message: DATE_MESSAGE, abort: true })
  .refine(isDateString, { message: DATE_MESSAGE })
  .describe(`A calendar date, YYYY-MM-DD, from ${EARLIEST_DATE} to ${LATEST_DATE}`);

export const mondaySchema = dateStringSchema
  .refine(isMonday, { message: 'Must be a Monday: weeks run Monday to Sunday' })
  .describe('The Monday a week starts on, YYYY-MM-DD');

/** Hours as JSON carries them: a number or the typed text ('7,5'); parseHours decides. */
export const hoursSchema = z
  .union([z.number(), z.string().max(10)])
  .refine((v) => parseHours(v) !== null, {
    message: 'Hours are digits with one dot or comma, at most two decimals and two integer digits',
  })
  .describe('Hours: 0 to 23.99 with up to two decimals (above 23.99 is clamped); a comma is read as a dot');

const nameSchema = plainText().trim().min(1).max(200);

/** POST /timelogs/mark (spec §3 "Mark payload"). Hours 0 removes the mark. */
export const markInputSchema = z.object({
  hours: hoursSchema,
  dateString: dateStringSchema,
  taskId: z.uuid(),
  projectId: z.uuid(),
});
export type MarkInput = z.infer<typeof markInputSchema>;

/** What POST /mark answers: the hours now stored and the user's total of that day. */
export const markResultSchema = z.object({
  hours: z.number(),
  dateString: z.string(),
  taskId: z.uuid(),
  projectId: z.uuid(),
  dayTotal: z.number(),
});
export type MarkResult = z.infer<typeof markResultSchema>;

export const taskInputSchema = z.object({ projectId: z.uuid(), name: nameSchema });
export const taskUpdateSchema = z.object({ id: z.uuid(), name: nameSchema });
export type TaskInput = z.infer<typeof taskInputSchema>;

export const projectInputSchema = z.object({
  name: nameSchema,
  startDate: dateStringSchema,
  /** The users who work on the project (members of the active tenant). */
  memberIds: z.array(z.uuid()).max(1000).default([]),
  /** Task names to create with the project. */
  tasks: z.array(nameSchema).max(100).default([]),
});
export const projectUpdateSchema = z.object({
  id: z.uuid(),
  name: nameSchema,
  startDate: dateStringSchema,
  memberIds: z.array(z.uuid()).max(1000),
});
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

export const taskSchema = z.object({ id: z.uuid(), name: z.string() });
export const taskWithHoursSchema = taskSchema.extend({ projectId: z.uuid(), totalHours: z.number() });

/** A project (spec §3: id, name, startDate) with what the admin list shows beside it. */
export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startDate: z.string(),
  taskCount: z.number().int(),
  memberCount: z.number().int(),
  totalHours: z.number(),
});
export type Project = z.infer<typeof projectSchema>;

/** GET /loadOneProject/{id}: the project, its tasks with their hours, and who works on it. */
export const projectDetailSchema = projectSchema.extend({
  tasks: z.array(taskWithHoursSchema),
  memberIds: z.array(z.uuid()),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** A project the caller works on, with its tasks (the grid's "add a row" choices). */
export const personalProjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startDate: z.string(),
  tasks: z.array(taskSchema),
});
export type PersonalProject = z.infer<typeof personalProjectSchema>;

/** One day's hours of a task (spec §3 "marks": seven entries, Monday to Sunday, with decimalHours). */
export const dayMarkSchema = z.object({ date: z.string(), decimalHours: z.number() });

/** A task row of the week grid: seven marks and the row total. */
export const gridTaskSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  marks: z.array(dayMarkSchema).length(7),
  total: z.number(),
});

/** A project of the week grid (spec §3 "Project with tasks": id, name, projectTasks, totalHours). */
export const gridProjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** No hours can be logged on the days before it. */
  startDate: z.string(),
  projectTasks: z.array(gridTaskSchema),
  totalHours: z.number(),
});
export type GridProject = z.infer<typeof gridProjectSchema>;
export type GridTask = z.infer<typeof gridTaskSchema>;

export const weekGridSchema = z.array(gridProjectSchema);
export type WeekGrid = z.infer<typeof weekGridSchema>;

/** POST /timelogs/copyLastWeek and POST /timelogs/weekRow (ours): rows shown in a week without hours. */
export const copyLastWeekSchema = z.object({ week: mondaySchema });
export const weekRowInputSchema = z.object({ week: mondaySchema, projectId: z.uuid(), taskId: z.uuid() });
export type WeekRowInput = z.infer<typeof weekRowInputSchema>;
export const copyLastWeekResultSchema = z.object({ rows: z.number().int() });

/** One mark as the overview and team calls list it. */
export const markRowSchema = z.object({
  userId: z.uuid(),
  projectId: z.uuid(),
  taskId: z.uuid(),
  date: z.string(),
  hours: z.number(),
});
export type MarkRow = z.infer<typeof markRowSchema>;

/** One line of an overview: who or what, and its hours in the period. */
export const overviewRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** For tasks: the project the task belongs to. */
  projectName: z.string().optional(),
  hours: z.number(),
});
export type OverviewRow = z.infer<typeof overviewRowSchema>;
export const overviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(overviewRowSchema),
  total: z.number(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const OVERVIEW_KINDS = ['users', 'projects', 'tasks'] as const;
export type OverviewKind = (typeof OVERVIEW_KINDS)[number];
/** The files the overview exports to (GET /timelogs/exportOverview/...?format=). */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /totalByDayForPersonalProjects: the caller's hours per date. */
export const dayTotalSchema = z.object({ date: z.string(), hours: z.number() });

/** GET /getWeeks and /getMonths: periods of the tenant that have hours, newest first. */
export const periodSchema = z.object({ from: z.string(), to: z.string(), hours: z.number() });
export type Period = z.infer<typeof periodSchema>;

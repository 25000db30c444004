import { z } from 'zod';
import { EARLIEST_DATE, LATEST_DATE } from './constants.js';
import { plainText } from './plain-text.js';
import { isDateString, isMonday, parseHours } from './timelogs-constants.js';

// Weekly time logging (spec part 2 §2, §3, §4, §5, §7, §9; issue 14): the hours rule and calendar dates
// are in timelogs-constants.ts, the schemas here.
export * from './timelogs-constants.js';

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

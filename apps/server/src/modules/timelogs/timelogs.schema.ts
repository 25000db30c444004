import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';

// Time logging (issue 14). Every table carries tenant_id for row-level security (decision 016);
// indexes are explained in docs/decisions/018-timelogs-indexes.md.

/** A project hours are logged against (spec part 2 §3: id, name, startDate). */
export const projects = pgTable(
  'projects',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    name: text().notNull(),
    startDate: date().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_tenant_name_idx').on(t.tenantId, t.name), tenantOwned()],
);

/** A task of a project (spec §3: id, name). */
export const projectTasks = pgTable(
  'project_tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    projectId: cascadeTo(() => projects.id),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_tasks_project_idx').on(t.projectId), tenantOwned()],
);

/** The users who work on a project: they see it in their grid and may log hours on it. */
export const projectMembers = pgTable(
  'project_members',
  {
    tenantId: cascadeTo(() => tenants.id),
    projectId: cascadeTo(() => projects.id),
    userId: cascadeTo(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_members_user_idx').on(t.userId, t.tenantId),
    tenantOwned(),
  ],
);

/** Hours one user logged on one task on one calendar day. No row means 0. */
export const timeMarks = pgTable(
  'time_marks',
  {
    tenantId: cascadeTo(() => tenants.id),
    userId: cascadeTo(() => users.id),
    projectId: cascadeTo(() => projects.id),
    taskId: cascadeTo(() => projectTasks.id),
    date: date().notNull(),
    hours: numeric({ precision: 4, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    // One mark per user, task and day; also serves "this task's marks" lookups by user.
    unique('time_marks_user_task_date_key').on(t.userId, t.taskId, t.date),
    // The week grid and the 24 h day rule: one user's marks over a few days.
    index('time_marks_user_date_idx').on(t.userId, t.date),
    // The overviews: a tenant's marks over a period.
    index('time_marks_tenant_date_idx').on(t.tenantId, t.date),
    // A task's or a project's hours (the admin list, the delete confirmation) and the cascades.
    index('time_marks_task_idx').on(t.taskId),
    index('time_marks_project_idx').on(t.projectId),
    check('time_marks_hours_check', sql`${t.hours} > 0 and ${t.hours} <= 23.99`),
    tenantOwned(),
  ],
);

/**
 * Rows a user keeps in a week's grid without hours yet: added by hand or by "copy last week's rows".
 * A week shows these plus every task with hours that week.
 */
export const timeWeekRows = pgTable(
  'time_week_rows',
  {
    tenantId: cascadeTo(() => tenants.id),
    userId: cascadeTo(() => users.id),
    projectId: cascadeTo(() => projects.id),
    taskId: cascadeTo(() => projectTasks.id),
    week: date().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week, t.taskId] }), tenantOwned()],
);

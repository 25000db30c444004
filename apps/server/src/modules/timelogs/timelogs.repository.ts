import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { compiledRead, type Db, queryRows } from '../../db/client.js';
import { tenantMemberships } from '../users/users.schema.js';
import { projectMembers, projects, projectTasks, timeMarks, timeWeekRows } from './timelogs.schema.js';

// Every query names the tenant (row-level security is the second line, decision 016). Dates travel
// as 'YYYY-MM-DD' text and hours as float8, so no driver turns a date into an instant.

// Correlated sub-selects spelled out: Drizzle leaves a lone table's columns unqualified, which inside a
// sub-select would name the sub-select's own table.
const projectHours = sql<number>`coalesce((select sum(m.hours)::float8 from time_marks m where m.project_id = projects.id), 0)`;
const taskHours = sql<number>`coalesce((select sum(m.hours)::float8 from time_marks m where m.task_id = project_tasks.id), 0)`;
const taskCount = sql<number>`(select count(*)::int from project_tasks t where t.project_id = projects.id)`;
const memberCount = sql<number>`(select count(*)::int from project_members pm where pm.project_id = projects.id)`;

/** A project as the lists and the single reads answer it: with its counts and all its hours. */
const projectColumns = {
  id: projects.id,
  name: projects.name,
  startDate: projects.startDate,
  taskCount,
  memberCount,
  totalHours: projectHours,
};
/** A task as the lists and the single reads answer it: with its project and all its hours. */
const taskColumns = {
  id: projectTasks.id,
  name: projectTasks.name,
  projectId: projectTasks.projectId,
  totalHours: taskHours,
};

export async function listProjects(db: Db, tenantId: string) {
  return db
    .select(projectColumns)
    .from(projects)
    .where(eq(projects.tenantId, tenantId))
    .orderBy(asc(projects.name), asc(projects.id));
}

export const findProject = async (db: Db, tenantId: string, id: string) =>
  (await listProjectsWhere(db, tenantId, id))[0];

const listProjectsWhere = (db: Db, tenantId: string, id: string) =>
  db
    .select(projectColumns)
    .from(projects)
    .where(and(eq(projects.tenantId, tenantId), eq(projects.id, id)));

export const listTasks = (db: Db, tenantId: string, projectId?: string) =>
  db
    .select(taskColumns)
    .from(projectTasks)
    .where(and(eq(projectTasks.tenantId, tenantId), projectId ? eq(projectTasks.projectId, projectId) : undefined))
    .orderBy(asc(projectTasks.name), asc(projectTasks.id));

export const findTask = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .select(taskColumns)
      .from(projectTasks)
      .where(and(eq(projectTasks.tenantId, tenantId), eq(projectTasks.id, id)))
  )[0];

export const memberIdsOf = async (db: Db, tenantId: string, projectId: string) =>
  (
    await db
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(and(eq(projectMembers.tenantId, tenantId), eq(projectMembers.projectId, projectId)))
  ).map((r) => r.userId);

/** Which of `userIds` belong to the tenant. */
export const tenantUsersAmong = async (db: Db, tenantId: string, userIds: string[]) =>
  userIds.length === 0
    ? []
    : (
        await db
          .select({ userId: tenantMemberships.userId })
          .from(tenantMemberships)
          .where(and(eq(tenantMemberships.tenantId, tenantId), inArray(tenantMemberships.userId, userIds)))
      ).map((r) => r.userId);

export async function insertProject(db: Db, tenantId: string, values: { name: string; startDate: string }) {
  const [row] = await db
    .insert(projects)
    .values({ tenantId, ...values })
    .returning({ id: projects.id });
  return row!.id;
}

/** Hours logged on the project before `date`, by everyone. */
export async function hoursBefore(db: Db, tenantId: string, projectId: string, date: string): Promise<number> {
  const [row] = await db
    .select({ hours: sql<string>`coalesce(sum(${timeMarks.hours}), 0)` })
    .from(timeMarks)
    .where(and(eq(timeMarks.tenantId, tenantId), eq(timeMarks.projectId, projectId), sql`${timeMarks.date} < ${date}`));
  return Number(row?.hours ?? 0);
}

export const updateProject = async (
  db: Db,
  tenantId: string,
  id: string,
  values: { name: string; startDate: string },
) =>
  (
    await db
      .update(projects)
      .set(values)
      .where(and(eq(projects.tenantId, tenantId), eq(projects.id, id)))
      .returning({ id: projects.id })
  ).length > 0;

export async function setMembers(db: Db, tenantId: string, projectId: string, userIds: string[]) {
  await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.tenantId, tenantId), eq(projectMembers.projectId, projectId)));
  if (userIds.length)
    await db.insert(projectMembers).values(userIds.map((userId) => ({ tenantId, projectId, userId })));
}

export const deleteProject = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .delete(projects)
      .where(and(eq(projects.tenantId, tenantId), eq(projects.id, id)))
      .returning({ id: projects.id })
  ).length > 0;

export async function insertTasks(db: Db, tenantId: string, projectId: string, names: string[]) {
  if (!names.length) return [];
  return (
    await db
      .insert(projectTasks)
      .values(names.map((name) => ({ tenantId, projectId, name })))
      .returning({ id: projectTasks.id })
  ).map((r) => r.id);
}

export const updateTask = async (db: Db, tenantId: string, id: string, name: string) =>
  (
    await db
      .update(projectTasks)
      .set({ name })
      .where(and(eq(projectTasks.tenantId, tenantId), eq(projectTasks.id, id)))
      .returning({ id: projectTasks.id })
  ).length > 0;

export const deleteTask = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .delete(projectTasks)
      .where(and(eq(projectTasks.tenantId, tenantId), eq(projectTasks.id, id)))
      .returning({ id: projectTasks.id })
  ).length > 0;

/** The projects the user works on in the tenant, each with its tasks. */
export async function personalProjects(db: Db, tenantId: string, userId: string) {
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      startDate: projects.startDate,
      taskId: projectTasks.id,
      taskName: projectTasks.name,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .leftJoin(projectTasks, eq(projectTasks.projectId, projects.id))
    .where(and(eq(projectMembers.tenantId, tenantId), eq(projectMembers.userId, userId)))
    .orderBy(asc(projects.name), asc(projects.id), asc(projectTasks.name), asc(projectTasks.id));
  const out: { id: string; name: string; startDate: string; tasks: { id: string; name: string }[] }[] = [];
  for (const r of rows) {
    let p = out.at(-1);
    if (p?.id !== r.id) {
      p = { id: r.id, name: r.name, startDate: r.startDate, tasks: [] };
      out.push(p);
    }
    if (r.taskId) p.tasks.push({ id: r.taskId, name: r.taskName! });
  }
  return out;
}

/** Whether the user works on the project, and the task belongs to it, in the tenant. */
/**
 * The start date of the project when the user works on it and the task is one of its tasks; null when
 * the user may not log hours on that task.
 */
export async function projectStartForLogging(
  db: Db,
  tenantId: string,
  userId: string,
  projectId: string,
  taskId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ startDate: projects.startDate })
    .from(projectTasks)
    .innerJoin(projects, eq(projects.id, projectTasks.projectId))
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projectTasks.projectId), eq(projectMembers.userId, userId)),
    )
    .where(
      and(eq(projectTasks.tenantId, tenantId), eq(projectTasks.id, taskId), eq(projectTasks.projectId, projectId)),
    );
  return row?.startDate ?? null;
}

export type GridRow = {
  project_id: string;
  project_name: string;
  project_start: string;
  task_id: string;
  task_name: string;
  date: string | null;
  hours: number | null;
};

type GridValues = { tenantId: string; userId: string; monday: string; sunday: string };

/**
 * The week grid's rows: every task the user has hours on in the week, or kept as a row of the week,
 * with that week's marks. One statement over time_marks (user_id, date) and time_week_rows' key. The
 * hottest read: built once, its values filled on every call (also run bare by the benches).
 */
export const weekGrid = compiledRead<Record<string, never>, GridValues>(
  'timelogs_grid',
  () => sql`with shown as (
      select project_id, task_id from time_marks
        where tenant_id = ${sql.placeholder('tenantId')} and user_id = ${sql.placeholder('userId')} and date between ${sql.placeholder('monday')}::date and ${sql.placeholder('sunday')}::date
      union
      select project_id, task_id from time_week_rows
        where tenant_id = ${sql.placeholder('tenantId')} and user_id = ${sql.placeholder('userId')} and week = ${sql.placeholder('monday')}::date
    )
    select p.id as project_id, p.name as project_name, p.start_date::text as project_start, t.id as task_id, t.name as task_name,
           m.date::text as date, m.hours::float8 as hours
      from shown s
      join projects p on p.id = s.project_id
      join project_tasks t on t.id = s.task_id
      left join time_marks m on m.user_id = ${sql.placeholder('userId')} and m.task_id = s.task_id
                            and m.date between ${sql.placeholder('monday')}::date and ${sql.placeholder('sunday')}::date
     order by p.name, p.id, t.name, t.id, m.date`,
);

export const weekGridRows = (db: Db, tenantId: string, userId: string, monday: string, sunday: string) =>
  weekGrid.rows<GridRow>(db, {}, { tenantId, userId, monday, sunday });

/** Takes the lock of one user's day, so two saves of that day's cells cannot both pass the 24 h rule. */
export const lockUserDay = (db: Db, userId: string, date: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${userId}/${date}`}, 0))`);

/** The user's hours on a day over every task but `exceptTaskId`. */
export const dayHoursExcept = async (db: Db, tenantId: string, userId: string, date: string, exceptTaskId: string) =>
  (
    await db
      .select({ hours: sql<number>`coalesce(sum(${timeMarks.hours}), 0)::float8` })
      .from(timeMarks)
      .where(
        and(
          eq(timeMarks.tenantId, tenantId),
          eq(timeMarks.userId, userId),
          eq(timeMarks.date, date),
          sql`${timeMarks.taskId} <> ${exceptTaskId}`,
        ),
      )
  )[0]?.hours ?? 0;

export const upsertMark = (db: Db, values: typeof timeMarks.$inferInsert) =>
  db
    .insert(timeMarks)
    .values(values)
    .onConflictDoUpdate({
      target: [timeMarks.userId, timeMarks.taskId, timeMarks.date],
      set: { hours: values.hours },
    });

export const deleteMark = (db: Db, tenantId: string, userId: string, taskId: string, date: string) =>
  db
    .delete(timeMarks)
    .where(
      and(
        eq(timeMarks.tenantId, tenantId),
        eq(timeMarks.userId, userId),
        eq(timeMarks.taskId, taskId),
        eq(timeMarks.date, date),
      ),
    );

/** Keeps a task as a row of the user's week (no hours). */
export const keepWeekRows = async (
  db: Db,
  rows: { tenantId: string; userId: string; projectId: string; taskId: string; week: string }[],
) => {
  if (rows.length) await db.insert(timeWeekRows).values(rows).onConflictDoNothing();
};

/** The tasks shown in a week (with hours or kept), still logged on by the user: last week's rows to copy. */
export const weekTasks = (db: Db, tenantId: string, userId: string, monday: string, sunday: string) =>
  queryRows<{ project_id: string; task_id: string }>(
    db,
    'timelogs_q1',
    sql`
    select project_id, task_id from time_marks
      where tenant_id = ${tenantId} and user_id = ${userId} and date between ${monday}::date and ${sunday}::date
    union
    select project_id, task_id from time_week_rows
      where tenant_id = ${tenantId} and user_id = ${userId} and week = ${monday}::date`,
  );

export type MarkRowDb = { user_id: string; project_id: string; task_id: string; date: string; hours: number };

export const marksOf = (
  db: Db,
  tenantId: string,
  filter: { userId?: string; taskId?: string; projectId?: string },
  from: string,
  to: string,
) =>
  queryRows<MarkRowDb>(
    db,
    'timelogs_q2',
    sql`
    select user_id, project_id, task_id, date::text as date, hours::float8 as hours from time_marks
     where tenant_id = ${tenantId} and date between ${from}::date and ${to}::date
       ${filter.userId ? sql`and user_id = ${filter.userId}` : sql``}
       ${filter.taskId ? sql`and task_id = ${filter.taskId}` : sql``}
       ${filter.projectId ? sql`and project_id = ${filter.projectId}` : sql``}
     order by date, user_id, task_id`,
  );

export const dayTotals = (db: Db, tenantId: string, userId: string, from: string, to: string) =>
  queryRows<{ date: string; hours: number }>(
    db,
    'timelogs_q3',
    sql`
    select date::text as date, sum(hours)::float8 as hours from time_marks
     where tenant_id = ${tenantId} and user_id = ${userId} and date between ${from}::date and ${to}::date
     group by date order by date`,
  );

export type OverviewRowDb = { id: string; name: string; project_name?: string; hours: number };

/** The overviews' statements (also run bare by bench/timelogs.ts): hours per user, project or task. */
export const overviewSql = {
  /** Hours per user in the period (on one project, when given). */
  users: (tenantId: string, from: string, to: string, projectId?: string) =>
    sql`select m.user_id as id, trim(u.name || ' ' || u.surname) as name, m.hours
          from (select user_id, sum(hours)::float8 as hours from time_marks
                 where tenant_id = ${tenantId} and date between ${from}::date and ${to}::date
                   and (${projectId ?? null}::uuid is null or project_id = ${projectId ?? null}::uuid)
                 group by user_id) m
          join users u on u.id = m.user_id
         order by name, id`,
  /** Hours per project in the period (of one user, when given). */
  projects: (tenantId: string, from: string, to: string, userId?: string) =>
    sql`select p.id, p.name, m.hours
          from (select project_id, sum(hours)::float8 as hours from time_marks
                 where tenant_id = ${tenantId} and date between ${from}::date and ${to}::date
                   and (${userId ?? null}::uuid is null or user_id = ${userId ?? null}::uuid)
                 group by project_id) m
          join projects p on p.id = m.project_id
         order by p.name, p.id`,
  tasks: (tenantId: string, from: string, to: string) =>
    sql`select t.id, t.name, p.name as project_name, m.hours
          from (select task_id, sum(hours)::float8 as hours from time_marks
                 where tenant_id = ${tenantId} and date between ${from}::date and ${to}::date
                 group by task_id) m
          join project_tasks t on t.id = m.task_id
          join projects p on p.id = t.project_id
         order by p.name, t.name, t.id`,
};

export const overviewUsers = (db: Db, tenantId: string, from: string, to: string, projectId?: string) =>
  queryRows<OverviewRowDb>(db, 'timelogs_ov_users', overviewSql.users(tenantId, from, to, projectId));

export const overviewProjects = (db: Db, tenantId: string, from: string, to: string, userId?: string) =>
  queryRows<OverviewRowDb>(db, 'timelogs_ov_projects', overviewSql.projects(tenantId, from, to, userId));

export const overviewTasks = (db: Db, tenantId: string, from: string, to: string) =>
  queryRows<OverviewRowDb>(db, 'timelogs_ov_tasks', overviewSql.tasks(tenantId, from, to));

/** Weeks ('week') or months ('month') of the tenant that have hours, newest first. */
export const periodsWithHours = (db: Db, tenantId: string, unit: 'week' | 'month') =>
  queryRows<{ from: string; hours: number }>(
    db,
    'timelogs_q4',
    sql`
    select date_trunc(${unit}, date)::date::text as "from", sum(hours)::float8 as hours
      from time_marks where tenant_id = ${tenantId}
     group by 1 order by 1 desc limit 520`,
  );

/**
 * Across tenants: the project members of live tenants with TimeLogs on, live users still in the
 * tenant, who logged no hours from `from` to `to` (the time-log reminder's recipients).
 */
export const membersWithoutHours = (db: Db, from: string, to: string) =>
  queryRows<{ tenant_id: string; user_id: string }>(
    db,
    'timelogs_members_without_hours',
    sql`select distinct pm.tenant_id, pm.user_id
          from project_members pm
          join tenants t on t.id = pm.tenant_id and t.deleted_at is null
          join tenant_features tf on tf.tenant_id = pm.tenant_id
          join features f on f.id = tf.feature_id and f.name = 'TimeLogs'
          join users u on u.id = pm.user_id and u.deleted_at is null
          join tenant_memberships tm on tm.tenant_id = pm.tenant_id and tm.user_id = pm.user_id
         where not exists (select 1 from time_marks m
                            where m.user_id = pm.user_id and m.tenant_id = pm.tenant_id
                              and m.date between ${from} and ${to})
         order by pm.tenant_id, pm.user_id`,
  );

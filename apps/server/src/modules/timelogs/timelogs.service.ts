import {
  addDays,
  BEFORE_PROJECT_START,
  can,
  DAY_FULL,
  type GridProject,
  href,
  MAX_DAY_HOURS,
  type MarkInput,
  type MarkResult,
  mondayOf,
  type Overview,
  type OverviewKind,
  POLICIES,
  type ProjectInput,
  type ProjectUpdate,
  parseHours,
  projectInputSchema,
  roundHours,
  START_AFTER_LOGGED_HOURS,
  weekDates,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/tokens.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { overviewCsv, overviewWorkbook } from './timelogs.export.js';
import * as repo from './timelogs.repository.js';

const isAdmin = (p: Principal) => can(p, POLICIES.tenantAdmins);

/** A period's dates must run forwards and stay within about ten years (the overviews' custom range). */
function checkPeriod(from: string, to: string) {
  if (to < from) throw fieldError('params.to', 'The end of the period is before its start');
  if (to > addDays(from, 3700)) throw fieldError('params.to', 'The period is longer than ten years');
}

/** Weekly time logging (issue 14): projects, tasks, a user's marks and the tenant's overviews. */
/** The time-log reminder goes out from Friday 12:00 UTC to the end of the week (Sunday). */
const REMINDER_FROM = { weekday: 5, hour: 12 };

const REMINDER_TEXT = {
  title: {
    en: 'Your hours for this week are not logged yet',
    da: 'Dine timer for denne uge er ikke registreret endnu',
  },
  body: {
    en: 'Log them in Time logging before the week ends.',
    da: 'Registrer dem under Tidsregistrering, før ugen slutter.',
  },
};

export function createTimelogsService({
  db,
  notifications,
}: {
  db: Db;
  /** Raises the time-log reminder; without it (some tests) remindMissingHours does nothing. */
  notifications?: Pick<NotificationsService, 'raise'>;
}) {
  async function requireProject(tenantId: string, id: string) {
    const project = await repo.findProject(db, tenantId, id);
    if (!project) throw new AppError('notFound', 'No such project in the active tenant');
    return project;
  }

  /** Members must be users of the tenant: another tenant's user id is refused, not silently kept. */
  async function checkMembers(tenantId: string, memberIds: string[]) {
    const unique = [...new Set(memberIds)];
    const found = await repo.tenantUsersAmong(db, tenantId, unique);
    if (found.length !== unique.length)
      throw fieldError('memberIds', 'Every member must be a user of the active tenant');
    return unique;
  }

  async function overview(tenantId: string, kind: OverviewKind, from: string, to: string, filter?: string) {
    checkPeriod(from, to);
    const rows =
      kind === 'users'
        ? await repo.overviewUsers(db, tenantId, from, to, filter)
        : kind === 'projects'
          ? await repo.overviewProjects(db, tenantId, from, to, filter)
          : await repo.overviewTasks(db, tenantId, from, to);
    const out: Overview = {
      from,
      to,
      rows: rows.map((r) => ({
        id: r.id,
        name: r.name,
        ...(r.project_name !== undefined && { projectName: r.project_name }),
        hours: roundHours(r.hours),
      })),
      total: roundHours(rows.reduce((sum, r) => sum + r.hours, 0)),
    };
    return out;
  }

  return {
    /**
     * The scheduler's time-log reminder: from Friday noon (UTC) to Sunday, every project member with
     * no hours this week in a tenant with TimeLogs on gets a TimeLogReminder notification, once per
     * tenant and ISO week (the claim makes it once across server processes and restarts). Answers how
     * many were reminded.
     */
    async remindMissingHours(now: Date = new Date()) {
      if (!notifications) return 0;
      const weekday = now.getUTCDay() || 7;
      if (
        weekday < REMINDER_FROM.weekday ||
        (weekday === REMINDER_FROM.weekday && now.getUTCHours() < REMINDER_FROM.hour)
      )
        return 0;
      const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (weekday - 1)));
      const from = monday.toISOString().slice(0, 10);
      const to = new Date(monday.getTime() + 6 * 86_400_000).toISOString().slice(0, 10);
      const rows = await crossTenant('timelogs: reminder', () => repo.membersWithoutHours(db, from, to));
      const byTenant = new Map<string, string[]>();
      for (const r of rows) byTenant.set(r.tenant_id, [...(byTenant.get(r.tenant_id) ?? []), r.user_id]);
      let reminded = 0;
      for (const [tenantId, userIds] of byTenant) {
        const raised = await notifications.raise(
          tenantId,
          { eventType: 'TimeLogReminder', userIds, ...REMINDER_TEXT, link: href('timelogs', 'index') },
          { once: { job: `reminder:TimeLogReminder:${tenantId}`, period: from } },
        );
        reminded += raised.length;
      }
      return reminded;
    },

    listProjects: (tenantId: string) => repo.listProjects(db, tenantId),

    personalProjects: (tenantId: string, principal: Principal) => repo.personalProjects(db, tenantId, principal.userId),

    async personalTasks(tenantId: string, principal: Principal, projectId: string) {
      const projects = await repo.personalProjects(db, tenantId, principal.userId);
      const project = projects.find((p) => p.id === projectId);
      if (!project) throw new AppError('notFound', 'You do not work on this project');
      return project.tasks;
    },

    listTasks: (tenantId: string) => repo.listTasks(db, tenantId),

    async loadProject(tenantId: string, id: string) {
      const project = await requireProject(tenantId, id);
      const [tasks, memberIds] = await Promise.all([
        repo.listTasks(db, tenantId, id),
        repo.memberIdsOf(db, tenantId, id),
      ]);
      return { ...project, tasks, memberIds };
    },

    async loadTask(tenantId: string, id: string) {
      const task = await repo.findTask(db, tenantId, id);
      if (!task) throw new AppError('notFound', 'No such task in the active tenant');
      return task;
    },

    async createProject(tenantId: string, input: ProjectInput) {
      const { name, startDate, memberIds, tasks } = projectInputSchema.parse(input);
      const members = await checkMembers(tenantId, memberIds);
      const id = await db.transaction(async (tx) => {
        const projectId = await repo.insertProject(tx, tenantId, { name, startDate });
        await repo.setMembers(tx, tenantId, projectId, members);
        await repo.insertTasks(tx, tenantId, projectId, tasks);
        return projectId;
      });
      return { id };
    },

    async updateProject(tenantId: string, input: ProjectUpdate) {
      await requireProject(tenantId, input.id);
      const members = await checkMembers(tenantId, input.memberIds);
      await db.transaction(async (tx) => {
        // The update locks the project, so no mark can be saved against its old start meanwhile.
        await repo.updateProject(tx, tenantId, input.id, { name: input.name, startDate: input.startDate });
        // A start after hours already logged would strand them before the project existed.
        const stranded = roundHours(await repo.hoursBefore(tx, tenantId, input.id, input.startDate));
        if (stranded > 0) {
          throw fieldError(
            'startDate',
            START_AFTER_LOGGED_HOURS,
            `${stranded} hours are logged before ${input.startDate}: the project cannot start after them`,
          );
        }
        await repo.setMembers(tx, tenantId, input.id, members);
      });
      return { id: input.id };
    },

    async deleteProject(tenantId: string, id: string) {
      if (!(await repo.deleteProject(db, tenantId, id))) {
        throw new AppError('notFound', 'No such project in the active tenant');
      }
    },

    async createTask(tenantId: string, input: { projectId: string; name: string }) {
      await requireProject(tenantId, input.projectId);
      const [id] = await repo.insertTasks(db, tenantId, input.projectId, [input.name]);
      return { id: id! };
    },

    async updateTask(tenantId: string, input: { id: string; name: string }) {
      if (!(await repo.updateTask(db, tenantId, input.id, input.name))) {
        throw new AppError('notFound', 'No such task in the active tenant');
      }
      return { id: input.id };
    },

    async deleteTask(tenantId: string, id: string) {
      if (!(await repo.deleteTask(db, tenantId, id))) {
        throw new AppError('notFound', 'No such task in the active tenant');
      }
    },

    /** The caller's grid for the week start..end (a Monday and the Sunday after it). */
    async weekGrid(tenantId: string, principal: Principal, start: string, end: string): Promise<GridProject[]> {
      if (end !== addDays(start, 6)) throw fieldError('params.end', 'The week ends on the Sunday after its Monday');
      const dates = weekDates(start);
      const rows = await repo.weekGridRows(db, tenantId, principal.userId, start, end);
      const grid: GridProject[] = [];
      const hours = new Map<string, number>();
      for (const r of rows) {
        let project = grid.at(-1);
        if (project?.id !== r.project_id) {
          project = {
            id: r.project_id,
            name: r.project_name,
            startDate: r.project_start,
            projectTasks: [],
            totalHours: 0,
          };
          grid.push(project);
        }
        let task = project.projectTasks.at(-1);
        if (task?.id !== r.task_id) {
          task = { id: r.task_id, name: r.task_name, marks: [], total: 0 };
          project.projectTasks.push(task);
        }
        if (r.date !== null && r.hours !== null) hours.set(`${r.task_id}/${r.date}`, r.hours);
      }
      for (const project of grid) {
        for (const task of project.projectTasks) {
          task.marks = dates.map((date) => ({ date, decimalHours: hours.get(`${task.id}/${date}`) ?? 0 }));
          task.total = roundHours(task.marks.reduce((sum, m) => sum + m.decimalHours, 0));
        }
        project.totalHours = roundHours(project.projectTasks.reduce((sum, t) => sum + t.total, 0));
      }
      return grid;
    },

    /**
     * Saves one cell: the caller's hours on a task on a day (0 removes the mark). The day's hours over
     * every task may not pass 24; the check and the write hold the lock of that user's day.
     */
    async saveMark(tenantId: string, principal: Principal, input: MarkInput): Promise<MarkResult> {
      const hours = parseHours(input.hours);
      if (hours === null) throw fieldError('hours', 'Hours are digits with one dot or comma and at most two decimals');
      const { taskId, projectId, dateString: date } = input;
      const projectStart = await repo.projectStartForLogging(db, tenantId, principal.userId, projectId, taskId);
      if (projectStart === null) throw new AppError('notFound', 'No such task on a project you work on');
      // Hours before a project started would count against a project that did not exist yet.
      if (date < projectStart) {
        throw fieldError(
          'dateString',
          BEFORE_PROJECT_START,
          `The project starts on ${projectStart}: no hours can be logged before it`,
        );
      }
      return db.transaction(async (tx) => {
        await repo.lockUserDay(tx, principal.userId, date);
        const others = await repo.dayHoursExcept(tx, tenantId, principal.userId, date, taskId);
        if (hours > 0 && roundHours(others + hours) > MAX_DAY_HOURS) {
          // The field's message is a key the web app translates; the detail says it in English.
          throw fieldError(
            'hours',
            DAY_FULL,
            `A day has at most ${MAX_DAY_HOURS} hours: ${roundHours(others)} are already logged on ${date}, so at most ${roundHours(MAX_DAY_HOURS - others)} more fit`,
          );
        }
        if (hours === 0) await repo.deleteMark(tx, tenantId, principal.userId, taskId, date);
        else await repo.upsertMark(tx, { tenantId, userId: principal.userId, projectId, taskId, date, hours });
        // A task given hours stays a row of its week even when its hours are later cleared.
        await repo.keepWeekRows(tx, [{ tenantId, userId: principal.userId, projectId, taskId, week: mondayOf(date) }]);
        return { hours, dateString: date, taskId, projectId, dayTotal: roundHours(others + hours) };
      });
    },

    /** Adds a task of one of the caller's projects as a row of a week, without hours. */
    async addWeekRow(
      tenantId: string,
      principal: Principal,
      input: { week: string; projectId: string; taskId: string },
    ) {
      if ((await repo.projectStartForLogging(db, tenantId, principal.userId, input.projectId, input.taskId)) === null) {
        throw new AppError('notFound', 'No such task on a project you work on');
      }
      await repo.keepWeekRows(db, [{ tenantId, userId: principal.userId, ...input }]);
    },

    /**
     * Shows last week's rows (its tasks, never its hours) in `week`, for tasks the caller still works on.
     * Answers how many rows the week gained.
     */
    async copyLastWeek(tenantId: string, principal: Principal, week: string) {
      const last = addDays(week, -7);
      const [previous, current, mine] = await Promise.all([
        repo.weekTasks(db, tenantId, principal.userId, last, addDays(last, 6)),
        repo.weekTasks(db, tenantId, principal.userId, week, addDays(week, 6)),
        repo.personalProjects(db, tenantId, principal.userId),
      ]);
      const allowed = new Set(mine.flatMap((p) => p.tasks.map((t) => t.id)));
      const shown = new Set(current.map((r) => r.task_id));
      const rows = previous
        .filter((r) => allowed.has(r.task_id) && !shown.has(r.task_id))
        .map((r) => ({ tenantId, userId: principal.userId, projectId: r.project_id, taskId: r.task_id, week }));
      await repo.keepWeekRows(db, rows);
      return { rows: rows.length };
    },

    /** A user's marks in a period: one's own, or anyone's for a tenant administrator. */
    async marksOfUser(tenantId: string, principal: Principal, userId: string, from: string, to: string) {
      if (userId !== principal.userId && !isAdmin(principal)) {
        throw new AppError('forbidden', "Only tenant administrators read other users' hours");
      }
      if (userId !== principal.userId && (await repo.tenantUsersAmong(db, tenantId, [userId])).length === 0) {
        throw new AppError('notFound', 'No such user in the active tenant');
      }
      checkPeriod(from, to);
      return (await repo.marksOf(db, tenantId, { userId }, from, to)).map(toMarkRow);
    },

    async teamMarksOfTask(tenantId: string, projectId: string, taskId: string, from: string, to: string) {
      checkPeriod(from, to);
      const task = await repo.findTask(db, tenantId, taskId);
      if (!task || task.projectId !== projectId) throw new AppError('notFound', 'No such task in the active tenant');
      return (await repo.marksOf(db, tenantId, { taskId, projectId }, from, to)).map(toMarkRow);
    },

    projectsWithTotalHours: (tenantId: string, userId: string | undefined, from: string, to: string) =>
      overview(tenantId, 'projects', from, to, userId),

    async dayTotals(tenantId: string, principal: Principal, from: string, to: string) {
      checkPeriod(from, to);
      return (await repo.dayTotals(db, tenantId, principal.userId, from, to)).map((r) => ({
        date: r.date,
        hours: roundHours(r.hours),
      }));
    },

    overview,

    async periods(tenantId: string, unit: 'week' | 'month') {
      const rows = await repo.periodsWithHours(db, tenantId, unit);
      return rows.map((r) => ({
        from: r.from,
        to: unit === 'week' ? addDays(r.from, 6) : lastOfMonth(r.from),
        hours: roundHours(r.hours),
      }));
    },

    async exportOverview(tenantId: string, kind: OverviewKind, from: string, to: string, format: 'xlsx' | 'csv') {
      const data = await overview(tenantId, kind, from, to);
      return format === 'csv' ? overviewCsv(kind, data) : overviewWorkbook(kind, data);
    },
  };
}
export type TimelogsService = ReturnType<typeof createTimelogsService>;

const toMarkRow = (r: repo.MarkRowDb) => ({
  userId: r.user_id,
  projectId: r.project_id,
  taskId: r.task_id,
  date: r.date,
  hours: roundHours(r.hours),
});

const lastOfMonth = (first: string) => {
  const d = new Date(`${first}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return d.toISOString().slice(0, 10);
};

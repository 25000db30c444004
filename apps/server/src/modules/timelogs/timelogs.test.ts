import type { FeatureName, Role } from '@atrium/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';

const API = '/core/api/timelogs';
const TIMELOGS: FeatureName[] = ['TimeLogs'];

type Actor = Awaited<ReturnType<TestContext['actor']>>;

/** A tenant with TimeLogs, its administrator, a user and a project the user works on with two tasks. */
async function setUp(ctx: TestContext, features: FeatureName[] = TIMELOGS) {
  const tenant = await ctx.factories.tenant({ features });
  const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
  const user = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
  let project = { id: '', tasks: [] as { id: string; name: string }[] };
  if (features.includes('TimeLogs')) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/project`,
      headers: admin.auth,
      payload: {
        name: 'Harbour bridge',
        startDate: '2026-01-01',
        memberIds: [user.user.id],
        tasks: ['Design', 'Build'],
      },
    });
    expect(res.statusCode).toBe(201);
    const detail = await ctx.app.inject({ url: `${API}/loadOneProject/${res.json().id}`, headers: admin.auth });
    project = detail.json();
  }
  const task = (name: string) => project.tasks.find((t) => t.name === name)!.id;
  return { tenant, admin, user, project, design: task('Design'), build: task('Build') };
}

const mark = (ctx: TestContext, who: Actor, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `${API}/mark`, headers: who.auth, payload: body });

const grid = async (ctx: TestContext, who: Actor, start: string, end: string) => {
  const res = await ctx.app.inject({
    url: `${API}/getPersonalProjectsWithMarksForWeek/${start}/${end}`,
    headers: who.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    id: string;
    name: string;
    startDate: string;
    totalHours: number;
    projectTasks: { id: string; name: string; total: number; marks: { date: string; decimalHours: number }[] }[];
  }[];
};

describe('timelogs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  describe('projects and tasks', () => {
    it('lets a tenant administrator create, list, load, edit and delete projects and tasks', async () => {
      const { admin, user, project, design } = await setUp(ctx);
      expect(project).toMatchObject({
        name: 'Harbour bridge',
        startDate: '2026-01-01',
        memberIds: [user.user.id],
        taskCount: 2,
        memberCount: 1,
        totalHours: 0,
      });

      const list = await ctx.app.inject({ url: `${API}/getprojects`, headers: admin.auth });
      expect(list.json()).toEqual([expect.objectContaining({ id: project.id, name: 'Harbour bridge', taskCount: 2 })]);

      const added = await ctx.app.inject({
        method: 'POST',
        url: `${API}/task`,
        headers: admin.auth,
        payload: { projectId: project.id, name: 'Test' },
      });
      expect(added.statusCode).toBe(201);
      const tasks = await ctx.app.inject({ url: `${API}/gettasks`, headers: admin.auth });
      expect(tasks.json().map((t: { name: string }) => t.name)).toEqual(['Build', 'Design', 'Test']);

      const renamed = await ctx.app.inject({
        method: 'PATCH',
        url: `${API}/updateTask`,
        headers: admin.auth,
        payload: { id: design, name: 'Drawings' },
      });
      expect(renamed.statusCode).toBe(200);
      const one = await ctx.app.inject({ url: `${API}/loadOneTask/${design}`, headers: admin.auth });
      expect(one.json()).toEqual({ id: design, name: 'Drawings', projectId: project.id, totalHours: 0 });

      const updated = await ctx.app.inject({
        method: 'PATCH',
        url: `${API}/updateProject`,
        headers: admin.auth,
        payload: { id: project.id, name: 'Harbour bridge II', startDate: '2026-02-01', memberIds: [] },
      });
      expect(updated.statusCode).toBe(200);
      const after = await ctx.app.inject({ url: `${API}/loadOneProject/${project.id}`, headers: admin.auth });
      expect(after.json()).toMatchObject({ name: 'Harbour bridge II', startDate: '2026-02-01', memberIds: [] });

      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `${API}/task/${added.json().id}`, headers: admin.auth }))
          .statusCode,
      ).toBe(204);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `${API}/project/${project.id}`, headers: admin.auth }))
          .statusCode,
      ).toBe(204);
      expect(
        (await ctx.app.inject({ url: `${API}/loadOneProject/${project.id}`, headers: admin.auth })).statusCode,
      ).toBe(404);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `${API}/project/${project.id}`, headers: admin.auth }))
          .statusCode,
      ).toBe(404);
    });

    it('counts the hours that go with a project or task, and deletes them with it', async () => {
      const { admin, user, project, design } = await setUp(ctx);
      await mark(ctx, user, { hours: '7,5', dateString: '2026-11-23', taskId: design, projectId: project.id });
      const detail = (await ctx.app.inject({ url: `${API}/loadOneProject/${project.id}`, headers: admin.auth })).json();
      expect(detail.totalHours).toBe(7.5);
      expect(detail.tasks.find((t: { id: string }) => t.id === design).totalHours).toBe(7.5);
      await ctx.app.inject({ method: 'DELETE', url: `${API}/task/${design}`, headers: admin.auth });
      const marks = await ctx.app.inject({
        url: `${API}/getMarksForweek/${user.user.id}/2026-11-23/2026-11-29`,
        headers: admin.auth,
      });
      expect(marks.json()).toEqual([]);
    });

    it('refuses members from another tenant and bad project fields', async () => {
      const { admin } = await setUp(ctx);
      const stranger = await ctx.factories.user();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${API}/project`,
        headers: admin.auth,
        payload: { name: 'X', startDate: '2026-01-01', memberIds: [stranger.id] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('memberIds');
      for (const payload of [
        { name: '', startDate: '2026-01-01' },
        { name: 'X', startDate: '2026-02-30' },
        { name: 'X', startDate: '0000-01-01' },
        { name: 'X', startDate: '1/1/2026' },
        { name: 'X' },
      ]) {
        const bad = await ctx.app.inject({ method: 'POST', url: `${API}/project`, headers: admin.auth, payload });
        expect(bad.statusCode).toBe(400);
        expect(bad.headers['content-type']).toContain('application/problem+json');
      }
    });

    it('keeps project and task writes and the overviews to tenant administrators', async () => {
      const { user, project, design } = await setUp(ctx);
      const calls: [string, string, unknown?][] = [
        ['GET', `${API}/getprojects`],
        ['GET', `${API}/gettasks`],
        ['POST', `${API}/project`, { name: 'Mine', startDate: '2026-01-01' }],
        ['POST', `${API}/task`, { projectId: project.id, name: 'Mine' }],
        ['PATCH', `${API}/updateProject`, { id: project.id, name: 'Mine', startDate: '2026-01-01', memberIds: [] }],
        ['PATCH', `${API}/updateTask`, { id: design, name: 'Mine' }],
        ['DELETE', `${API}/project/${project.id}`],
        ['DELETE', `${API}/task/${design}`],
        ['GET', `${API}/loadOneProject/${project.id}`],
        ['GET', `${API}/loadOneTask/${design}`],
        ['GET', `${API}/loadTaskMarksForTeam/${project.id}/${design}/2026-11-01/2026-11-30`],
        ['GET', `${API}/LoadProjectsWithTotalHours/all/2026-11-01/2026-11-30`],
        ['GET', `${API}/getTimeLogsOverviewUsers/all/2026-11-01/2026-11-30`],
        ['GET', `${API}/getTimeLogsOverviewTasks/2026-11-01/2026-11-30`],
        ['GET', `${API}/getTimeLogsOverviewProjects/2026-11-01/2026-11-30`],
        ['GET', `${API}/getWeeks`],
        ['GET', `${API}/getMonths`],
        ['GET', `${API}/exportOverview/users/2026-11-01/2026-11-30`],
      ];
      for (const [method, url, payload] of calls) {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: user.auth,
          ...(payload ? { payload: payload as object } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it('refuses every route while the tenant lacks TimeLogs', async () => {
      const tenant = await ctx.factories.tenant({ features: ['News'] });
      for (const role of ['TenantAdmin', 'User'] as Role[]) {
        const who = await ctx.actor([role], { tenants: [tenant.id], activeTenant: tenant.id });
        for (const url of [
          `${API}/getprojects`,
          `${API}/getpersonalprojects`,
          `${API}/getPersonalProjectsWithMarksForWeek/2026-11-23/2026-11-29`,
          `${API}/totalByDayForPersonalProjects/2026-11-23/2026-11-29`,
          `${API}/getWeeks`,
        ]) {
          const res = await ctx.app.inject({ url, headers: who.auth });
          expect(res.statusCode, `${role} ${url}`).toBe(403);
        }
        const res = await mark(ctx, who, {
          hours: 1,
          dateString: '2026-11-23',
          taskId: crypto.randomUUID(),
          projectId: crypto.randomUUID(),
        });
        expect(res.statusCode).toBe(403);
      }
    });

    it('answers 401 without a session and 400 without an active tenant', async () => {
      expect((await ctx.app.inject({ url: `${API}/getpersonalprojects` })).statusCode).toBe(401);
      const tenant = await ctx.factories.tenant({ features: TIMELOGS });
      const admin = await ctx.actor(['Superadmin'], { tenants: [tenant.id] });
      const res = await ctx.app.inject({ url: `${API}/getpersonalprojects`, headers: admin.auth });
      expect([400, 403]).toContain(res.statusCode);
    });
  });

  describe('the week grid and marks', () => {
    it('shows the personal projects and tasks of the caller only', async () => {
      const { user, admin, project } = await setUp(ctx);
      const mine = await ctx.app.inject({ url: `${API}/getpersonalprojects`, headers: user.auth });
      expect(mine.json()).toEqual([
        {
          id: project.id,
          name: 'Harbour bridge',
          startDate: '2026-01-01',
          tasks: [expect.objectContaining({ name: 'Build' }), expect.objectContaining({ name: 'Design' })],
        },
      ]);
      const tasks = await ctx.app.inject({ url: `${API}/getpersonaltasks/${project.id}`, headers: user.auth });
      expect(tasks.json().map((t: { name: string }) => t.name)).toEqual(['Build', 'Design']);
      // The administrator does not work on it.
      expect((await ctx.app.inject({ url: `${API}/getpersonalprojects`, headers: admin.auth })).json()).toEqual([]);
      expect(
        (await ctx.app.inject({ url: `${API}/getpersonaltasks/${project.id}`, headers: admin.auth })).statusCode,
      ).toBe(404);
    });

    it('saves a mark per cell, shows it in the week, totals it, and removes it at 0', async () => {
      const { user, project, design, build } = await setUp(ctx);
      const saved = await mark(ctx, user, {
        hours: '7,5',
        dateString: '2026-11-24',
        taskId: design,
        projectId: project.id,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        hours: 7.5,
        dateString: '2026-11-24',
        taskId: design,
        projectId: project.id,
        dayTotal: 7.5,
      });
      await mark(ctx, user, { hours: 0.1, dateString: '2026-11-24', taskId: build, projectId: project.id });
      await mark(ctx, user, { hours: 0.2, dateString: '2026-11-25', taskId: build, projectId: project.id });

      const week = await grid(ctx, user, '2026-11-23', '2026-11-29');
      expect(week).toHaveLength(1);
      expect(week[0]!.totalHours).toBe(7.8);
      const [b, d] = week[0]!.projectTasks;
      expect(b!.name).toBe('Build');
      expect(b!.total).toBe(0.3);
      expect(d!.marks.map((m) => m.decimalHours)).toEqual([0, 7.5, 0, 0, 0, 0, 0]);
      expect(d!.marks.map((m) => m.date)).toEqual([
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
        '2026-11-29',
      ]);

      // Overwrite, then clear: the row stays in its week with 0 hours.
      await mark(ctx, user, { hours: '8', dateString: '2026-11-24', taskId: design, projectId: project.id });
      expect((await grid(ctx, user, '2026-11-23', '2026-11-29'))[0]!.projectTasks[1]!.total).toBe(8);
      const cleared = await mark(ctx, user, {
        hours: 0,
        dateString: '2026-11-24',
        taskId: design,
        projectId: project.id,
      });
      expect(cleared.json().hours).toBe(0);
      const after = await grid(ctx, user, '2026-11-23', '2026-11-29');
      expect(after[0]!.projectTasks[1]).toMatchObject({ name: 'Design', total: 0 });

      const totals = await ctx.app.inject({
        url: `${API}/totalByDayForPersonalProjects/2026-11-23/2026-11-29`,
        headers: user.auth,
      });
      expect(totals.json()).toEqual([
        { date: '2026-11-24', hours: 0.1 },
        { date: '2026-11-25', hours: 0.2 },
      ]);
    });

    it.each([
      ['7,5', 7.5],
      ['7.5', 7.5],
      ['7.25', 7.25],
      [7.25, 7.25],
      ['24', 23.99],
      ['99.99', 23.99],
      [30, 23.99],
      ['0,5', 0.5],
      [',5', 0.5],
      ['8.', 8],
      ['08', 8],
    ])('reads hours %j as %d', async (hours, stored) => {
      const { user, project, design } = await setUp(ctx);
      const res = await mark(ctx, user, { hours, dateString: '2026-11-23', taskId: design, projectId: project.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().hours).toBe(stored);
    });

    it.each([
      ['1.234'],
      ['100'],
      [100],
      [-1],
      ['-1'],
      ['1..5'],
      ['1,5,0'],
      ['1.5,0'],
      ['abc'],
      ['1e2'],
      [1.005],
      ['.'],
      ['7 h'],
      [null],
      [true],
    ])('refuses hours %j with 400 naming the field', async (hours) => {
      const { user, project, design } = await setUp(ctx);
      const res = await mark(ctx, user, { hours, dateString: '2026-11-23', taskId: design, projectId: project.id });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[0].field).toMatch(/^hours/);
    });

    it('refuses bad dates and ids in a mark', async () => {
      const { user, project, design } = await setUp(ctx);
      for (const body of [
        { hours: 1, dateString: '2026-02-29', taskId: design, projectId: project.id },
        { hours: 1, dateString: '23-11-2026', taskId: design, projectId: project.id },
        { hours: 1, dateString: '2026-11-23', taskId: 'x', projectId: project.id },
        { hours: 1, dateString: '2026-11-23', taskId: design },
      ]) {
        expect((await mark(ctx, user, body)).statusCode).toBe(400);
      }
      // Year 0 looks like a date but PostgreSQL has none: refused before any query.
      const yearZero = await ctx.app.inject({
        url: `${API}/getPersonalProjectsWithMarksForWeek/0000-01-03/0000-01-09`,
        headers: user.auth,
      });
      expect(yearZero.statusCode).toBe(400);
      // A task of the project under another project id, or a project one does not work on: 404.
      const other = await setUp(ctx);
      expect(
        (await mark(ctx, user, { hours: 1, dateString: '2026-11-23', taskId: other.design, projectId: project.id }))
          .statusCode,
      ).toBe(404);
    });

    it('refuses a mark that takes the day past 24 hours, with the field and what still fits', async () => {
      const { user, project, design, build } = await setUp(ctx);
      expect(
        (await mark(ctx, user, { hours: '20', dateString: '2026-11-23', taskId: design, projectId: project.id }))
          .statusCode,
      ).toBe(200);
      const refused = await mark(ctx, user, {
        hours: '4.5',
        dateString: '2026-11-23',
        taskId: build,
        projectId: project.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'hours', message: 'dayOver24Hours' }]);
      expect(refused.json().detail).toContain('20 are already logged on 2026-11-23, so at most 4 more fit');
      const fits = await mark(ctx, user, {
        hours: '4',
        dateString: '2026-11-23',
        taskId: build,
        projectId: project.id,
      });
      expect(fits.json().dayTotal).toBe(24);
      // Replacing a cell's own hours counts the new value, not both.
      expect(
        (await mark(ctx, user, { hours: '19', dateString: '2026-11-23', taskId: design, projectId: project.id }))
          .statusCode,
      ).toBe(200);
      // Other days are not affected.
      expect(
        (await mark(ctx, user, { hours: '23.99', dateString: '2026-11-24', taskId: build, projectId: project.id }))
          .statusCode,
      ).toBe(200);
    });

    it('takes marks only on dates a week grid can show: the last is the Sunday 9999-12-26', async () => {
      const { user, project, design } = await setUp(ctx);
      const on = (dateString: string) =>
        mark(ctx, user, { hours: '1', dateString, taskId: design, projectId: project.id });
      expect((await on('9999-12-26')).statusCode).toBe(200);
      // The week of 9999-12-27 would end in the year 10000: no grid could show a mark there.
      const past = await on('9999-12-27');
      expect(past.statusCode).toBe(400);
      expect((await on('9999-12-31')).statusCode).toBe(400);
      // Every mark a call took, a grid shows.
      const last = await grid(ctx, user, '9999-12-20', '9999-12-26');
      expect(last[0]?.totalHours).toBe(1);
    });

    it('refuses to move a project start past hours already logged, and says how many', async () => {
      const { admin, user, project, design, build } = await setUp(ctx);
      await mark(ctx, user, { hours: '2.5', dateString: '2026-03-02', taskId: design, projectId: project.id });
      await mark(ctx, user, { hours: '1', dateString: '2026-03-03', taskId: build, projectId: project.id });
      const move = (startDate: string) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `${API}/updateProject`,
          headers: admin.auth,
          payload: { id: project.id, name: 'Harbour bridge', startDate, memberIds: [user.user.id] },
        });
      const res = await move('2026-03-04');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'startDate', message: 'startAfterLoggedHours' }]);
      expect(res.json().detail).toContain('3.5 hours');
      const loaded = await ctx.app.inject({ url: `${API}/loadOneProject/${project.id}`, headers: admin.auth });
      expect(loaded.json().startDate).toBe('2026-01-01');
      // Up to the first logged day is fine.
      expect((await move('2026-03-02')).statusCode).toBe(200);
    });

    it("refuses hours before the project's start date, and the grid names that date", async () => {
      const { user, project, design } = await setUp(ctx);
      const before = await mark(ctx, user, {
        hours: '2',
        dateString: '2025-12-31',
        taskId: design,
        projectId: project.id,
      });
      expect(before.statusCode).toBe(400);
      expect(before.json().errors).toEqual([{ field: 'dateString', message: 'beforeProjectStart' }]);
      expect(before.json().detail).toContain('2026-01-01');
      // Its first day is open, and the week holding it shows when the project starts.
      const first = await mark(ctx, user, {
        hours: '2',
        dateString: '2026-01-01',
        taskId: design,
        projectId: project.id,
      });
      expect(first.statusCode).toBe(200);
      const week = await grid(ctx, user, '2025-12-29', '2026-01-04');
      expect(week).toEqual([expect.objectContaining({ id: project.id, startDate: '2026-01-01', totalHours: 2 })]);
    });

    it('keeps the 24 hour rule when saves of one day race', async () => {
      const { user, project, design, build } = await setUp(ctx);
      const results = await Promise.all([
        mark(ctx, user, { hours: '13', dateString: '2026-11-26', taskId: design, projectId: project.id }),
        mark(ctx, user, { hours: '13', dateString: '2026-11-26', taskId: build, projectId: project.id }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('keeps the calendar week across a year end and daylight-saving changes', async () => {
      const { user, project, design } = await setUp(ctx);
      for (const date of ['2026-12-27', '2026-12-28', '2026-12-31', '2027-01-01', '2027-01-03', '2027-01-04']) {
        await mark(ctx, user, { hours: 1, dateString: date, taskId: design, projectId: project.id });
      }
      const yearEnd = await grid(ctx, user, '2026-12-28', '2027-01-03');
      expect(yearEnd[0]!.projectTasks[0]!.marks.map((m) => m.decimalHours)).toEqual([1, 0, 0, 1, 1, 0, 1]);
      expect(yearEnd[0]!.totalHours).toBe(4);
      // Summer time starts on Sunday 29 March 2026 and ends on Sunday 25 October 2026 in Europe.
      for (const date of ['2026-03-29', '2026-03-30', '2026-10-25', '2026-10-26']) {
        await mark(ctx, user, { hours: 2, dateString: date, taskId: design, projectId: project.id });
      }
      const spring = await grid(ctx, user, '2026-03-23', '2026-03-29');
      expect(spring[0]!.projectTasks[0]!.marks.at(-1)).toEqual({ date: '2026-03-29', decimalHours: 2 });
      expect(spring[0]!.totalHours).toBe(2);
      const autumn = await grid(ctx, user, '2026-10-26', '2026-11-01');
      expect(autumn[0]!.projectTasks[0]!.marks[0]).toEqual({ date: '2026-10-26', decimalHours: 2 });
      expect(autumn[0]!.totalHours).toBe(2);
    });

    it('refuses a week that does not run Monday to Sunday', async () => {
      const { user } = await setUp(ctx);
      for (const [start, end] of [
        ['2026-11-24', '2026-11-30'],
        ['2026-11-23', '2026-11-30'],
        ['2026-11-23', 'sunday'],
        ['2026-13-01', '2026-13-07'],
      ]) {
        const res = await ctx.app.inject({
          url: `${API}/getPersonalProjectsWithMarksForWeek/${start}/${end}`,
          headers: user.auth,
        });
        expect(res.statusCode, `${start}/${end}`).toBe(400);
      }
    });

    it("copies last week's rows, not its hours, once", async () => {
      const { user, project, design, build } = await setUp(ctx);
      await mark(ctx, user, { hours: 3, dateString: '2026-11-17', taskId: design, projectId: project.id });
      await ctx.app.inject({
        method: 'POST',
        url: `${API}/weekRow`,
        headers: user.auth,
        payload: { week: '2026-11-16', projectId: project.id, taskId: build },
      });
      expect(await grid(ctx, user, '2026-11-23', '2026-11-29')).toEqual([]);
      const copied = await ctx.app.inject({
        method: 'POST',
        url: `${API}/copyLastWeek`,
        headers: user.auth,
        payload: { week: '2026-11-23' },
      });
      expect(copied.json()).toEqual({ rows: 2 });
      const week = await grid(ctx, user, '2026-11-23', '2026-11-29');
      expect(week[0]!.projectTasks.map((t) => [t.name, t.total])).toEqual([
        ['Build', 0],
        ['Design', 0],
      ]);
      const again = await ctx.app.inject({
        method: 'POST',
        url: `${API}/copyLastWeek`,
        headers: user.auth,
        payload: { week: '2026-11-23' },
      });
      expect(again.json()).toEqual({ rows: 0 });
      const notMonday = await ctx.app.inject({
        method: 'POST',
        url: `${API}/copyLastWeek`,
        headers: user.auth,
        payload: { week: '2026-11-24' },
      });
      expect(notMonday.statusCode).toBe(400);
    });
  });

  describe('overviews', () => {
    it('sums hours per user, project and task, lists weeks and months, and exports the table', async () => {
      const { admin, user, project, design, build } = await setUp(ctx);
      await mark(ctx, user, { hours: 7.5, dateString: '2026-11-23', taskId: design, projectId: project.id });
      await mark(ctx, user, { hours: 0.25, dateString: '2026-11-24', taskId: build, projectId: project.id });
      await mark(ctx, user, { hours: 1, dateString: '2026-10-31', taskId: build, projectId: project.id });
      const name = `${user.user.name} ${user.user.surname}`;

      const users = await ctx.app.inject({
        url: `${API}/getTimeLogsOverviewUsers/all/2026-11-01/2026-11-30`,
        headers: admin.auth,
      });
      expect(users.json()).toEqual({
        from: '2026-11-01',
        to: '2026-11-30',
        rows: [{ id: user.user.id, name, hours: 7.75 }],
        total: 7.75,
      });
      const ofProject = await ctx.app.inject({
        url: `${API}/getTimeLogsOverviewUsers/${project.id}/2026-10-01/2026-11-30`,
        headers: admin.auth,
      });
      expect(ofProject.json().total).toBe(8.75);
      const projects = await ctx.app.inject({
        url: `${API}/getTimeLogsOverviewProjects/2026-11-01/2026-11-30`,
        headers: admin.auth,
      });
      expect(projects.json().rows).toEqual([{ id: project.id, name: 'Harbour bridge', hours: 7.75 }]);
      const tasks = await ctx.app.inject({
        url: `${API}/getTimeLogsOverviewTasks/2026-11-01/2026-11-30`,
        headers: admin.auth,
      });
      expect(tasks.json().rows).toEqual([
        { id: build, name: 'Build', projectName: 'Harbour bridge', hours: 0.25 },
        { id: design, name: 'Design', projectName: 'Harbour bridge', hours: 7.5 },
      ]);
      const withTotals = await ctx.app.inject({
        url: `${API}/LoadProjectsWithTotalHours/${user.user.id}/2026-10-01/2026-11-30`,
        headers: admin.auth,
      });
      expect(withTotals.json().total).toBe(8.75);

      const weeks = await ctx.app.inject({ url: `${API}/getWeeks`, headers: admin.auth });
      expect(weeks.json()).toEqual([
        { from: '2026-11-23', to: '2026-11-29', hours: 7.75 },
        { from: '2026-10-26', to: '2026-11-01', hours: 1 },
      ]);
      const months = await ctx.app.inject({ url: `${API}/getMonths`, headers: admin.auth });
      expect(months.json()).toEqual([
        { from: '2026-11-01', to: '2026-11-30', hours: 7.75 },
        { from: '2026-10-01', to: '2026-10-31', hours: 1 },
      ]);

      const team = await ctx.app.inject({
        url: `${API}/loadTaskMarksForTeam/${project.id}/${design}/2026-11-01/2026-11-30`,
        headers: admin.auth,
      });
      expect(team.json()).toEqual([
        { userId: user.user.id, projectId: project.id, taskId: design, date: '2026-11-23', hours: 7.5 },
      ]);

      const csv = await ctx.app.inject({
        url: `${API}/exportOverview/tasks/2026-11-01/2026-11-30?format=csv`,
        headers: admin.auth,
      });
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toContain('hours-tasks-2026-11-01-2026-11-30.csv');
      expect(csv.body).toBe(
        'Project,Task,Hours\r\nHarbour bridge,Build,0.25\r\nHarbour bridge,Design,7.5\r\nTotal,,7.75\r\n',
      );

      const xlsx = await ctx.app.inject({
        url: `${API}/exportOverview/users/2026-11-01/2026-11-30`,
        headers: admin.auth,
      });
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(2).values).toEqual([undefined, name, 7.75]);
      expect(sheet.getRow(3).values).toEqual([undefined, 'Total', 7.75]);
    });

    it("lets users read their own marks and not others'", async () => {
      const { admin, user, project, design } = await setUp(ctx);
      await mark(ctx, user, { hours: 2, dateString: '2026-11-23', taskId: design, projectId: project.id });
      const own = await ctx.app.inject({
        url: `${API}/getMarksForweek/${user.user.id}/2026-11-23/2026-11-29`,
        headers: user.auth,
      });
      expect(own.json()).toEqual([
        { userId: user.user.id, projectId: project.id, taskId: design, date: '2026-11-23', hours: 2 },
      ]);
      const other = await ctx.app.inject({
        url: `${API}/getMarksForweek/${admin.user.id}/2026-11-23/2026-11-29`,
        headers: user.auth,
      });
      expect(other.statusCode).toBe(403);
      const byAdmin = await ctx.app.inject({
        url: `${API}/getMarksForweek/${user.user.id}/2026-11-23/2026-11-29`,
        headers: admin.auth,
      });
      expect(byAdmin.json()).toHaveLength(1);
    });

    it('refuses periods that run backwards or are not dates', async () => {
      const { admin } = await setUp(ctx);
      for (const url of [
        `${API}/getTimeLogsOverviewTasks/2026-11-30/2026-11-01`,
        `${API}/getTimeLogsOverviewTasks/2026-11-01/2046-11-01`,
        `${API}/getTimeLogsOverviewProjects/november/2026-11-30`,
        `${API}/getTimeLogsOverviewUsers/some/2026-11-01/2026-11-30`,
        `${API}/exportOverview/teams/2026-11-01/2026-11-30`,
        `${API}/exportOverview/users/2026-11-01/2026-11-30?format=pdf`,
      ]) {
        const res = await ctx.app.inject({ url, headers: admin.auth });
        expect(res.statusCode, url).toBe(400);
      }
    });
  });
});

/** Tenant B's project with a task and a member, made through the API by B's administrator. */
async function projectOfB(ctx: TestContext, tenantBId: string) {
  const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenantBId], activeTenant: tenantBId });
  const member = await ctx.actor(['User'], { tenants: [tenantBId], activeTenant: tenantBId });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${API}/project`,
    headers: admin.auth,
    payload: {
      name: 'Secret project of B',
      startDate: '2026-01-01',
      memberIds: [member.user.id],
      tasks: ['Secret task of B'],
    },
  });
  if (res.statusCode !== 201) throw new Error(`project of B: ${res.body}`);
  const detail = (await ctx.app.inject({ url: `${API}/loadOneProject/${res.json().id}`, headers: admin.auth })).json();
  const taskId = detail.tasks[0].id as string;
  await ctx.app.inject({
    method: 'POST',
    url: `${API}/mark`,
    headers: member.auth,
    payload: { hours: 5, dateString: '2026-11-23', taskId, projectId: detail.id },
  });
  return { projectId: detail.id as string, taskId, memberId: member.user.id as string };
}

/** Isolation cases: tenant A has TimeLogs too, so each refusal is about the tenant, not the feature. */
const features = TIMELOGS;
const giveB = async (ctx: TestContext, tenantBId: string) => {
  const { features: featureTable, tenantFeatures } = await import('../tenants/tenants.schema.js');
  const { crossTenant } = await import('../../db/tenant-scope.js');
  const { eq } = await import('drizzle-orm');
  await crossTenant('test fixtures', async () => {
    const [f] = await ctx.db.select().from(featureTable).where(eq(featureTable.name, 'TimeLogs'));
    await ctx.db.insert(tenantFeatures).values({ tenantId: tenantBId, featureId: f!.id }).onConflictDoNothing();
  });
  return projectOfB(ctx, tenantBId);
};
const secret = 'Secret';

describeTenantIsolation([
  ...(
    [
      ['GET /getpersonaltasks/:id', 'GET', (id: string) => `${API}/getpersonaltasks/${id}`, 'project'],
      ['GET /loadOneProject/:id', 'GET', (id: string) => `${API}/loadOneProject/${id}`, 'project'],
      ['GET /loadOneTask/:id', 'GET', (id: string) => `${API}/loadOneTask/${id}`, 'task'],
      ['DELETE /project/:id', 'DELETE', (id: string) => `${API}/project/${id}`, 'project'],
      ['DELETE /task/:id', 'DELETE', (id: string) => `${API}/task/${id}`, 'task'],
      [
        'GET /getMarksForweek/:userId',
        'GET',
        (id: string) => `${API}/getMarksForweek/${id}/2026-11-23/2026-11-29`,
        'member',
      ],
    ] as const
  ).map(([name, method, url, which]) => ({
    name,
    method,
    url,
    features,
    async createInTenantB(ctx: TestContext, tenantBId: string) {
      const b = await giveB(ctx, tenantBId);
      return { id: which === 'project' ? b.projectId : which === 'task' ? b.taskId : b.memberId, secret };
    },
  })),
  {
    name: 'GET /loadTaskMarksForTeam',
    method: 'GET',
    features,
    url: (id) => `${API}/loadTaskMarksForTeam/${id.split('/')[0]}/${id.split('/')[1]}/2026-11-01/2026-11-30`,
    async createInTenantB(ctx, tenantBId) {
      const b = await giveB(ctx, tenantBId);
      return { id: `${b.projectId}/${b.taskId}`, secret };
    },
  },
  {
    name: 'PATCH /updateProject',
    method: 'PATCH',
    features,
    url: () => `${API}/updateProject`,
    payload: (id) => ({ id, name: 'Taken', startDate: '2026-01-01', memberIds: [] }),
    async createInTenantB(ctx, tenantBId) {
      return { id: (await giveB(ctx, tenantBId)).projectId, secret };
    },
  },
  {
    name: 'PATCH /updateTask',
    method: 'PATCH',
    features,
    url: () => `${API}/updateTask`,
    payload: (id) => ({ id, name: 'Taken' }),
    async createInTenantB(ctx, tenantBId) {
      return { id: (await giveB(ctx, tenantBId)).taskId, secret };
    },
  },
  {
    name: 'POST /task',
    method: 'POST',
    features,
    url: () => `${API}/task`,
    payload: (id) => ({ projectId: id, name: 'Planted' }),
    async createInTenantB(ctx, tenantBId) {
      return { id: (await giveB(ctx, tenantBId)).projectId, secret };
    },
  },
  {
    name: 'POST /mark',
    method: 'POST',
    features,
    url: () => `${API}/mark`,
    payload: (id) => ({ hours: 1, dateString: '2026-11-24', taskId: id.split('/')[1], projectId: id.split('/')[0] }),
    async createInTenantB(ctx, tenantBId) {
      const b = await giveB(ctx, tenantBId);
      return { id: `${b.projectId}/${b.taskId}`, secret };
    },
  },
  {
    name: 'POST /weekRow',
    method: 'POST',
    features,
    url: () => `${API}/weekRow`,
    payload: (id) => ({ week: '2026-11-23', taskId: id.split('/')[1], projectId: id.split('/')[0] }),
    async createInTenantB(ctx, tenantBId) {
      const b = await giveB(ctx, tenantBId);
      return { id: `${b.projectId}/${b.taskId}`, secret };
    },
  },
  ...(
    [
      ['GET /getprojects', `${API}/getprojects`],
      ['GET /gettasks', `${API}/gettasks`],
      ['GET /getpersonalprojects', `${API}/getpersonalprojects`],
      ['GET /getPersonalProjectsWithMarksForWeek', `${API}/getPersonalProjectsWithMarksForWeek/2026-11-23/2026-11-29`],
      ['GET /totalByDayForPersonalProjects', `${API}/totalByDayForPersonalProjects/2026-11-23/2026-11-29`],
      ['GET /getTimeLogsOverviewUsers', `${API}/getTimeLogsOverviewUsers/all/2026-11-01/2026-11-30`],
      ['GET /getTimeLogsOverviewTasks', `${API}/getTimeLogsOverviewTasks/2026-11-01/2026-11-30`],
      ['GET /getTimeLogsOverviewProjects', `${API}/getTimeLogsOverviewProjects/2026-11-01/2026-11-30`],
      ['GET /LoadProjectsWithTotalHours', `${API}/LoadProjectsWithTotalHours/all/2026-11-01/2026-11-30`],
      ['GET /getWeeks', `${API}/getWeeks`],
      ['GET /getMonths', `${API}/getMonths`],
      ['GET /exportOverview', `${API}/exportOverview/projects/2026-11-01/2026-11-30?format=csv`],
    ] as const
  ).map(([name, url]) => ({
    name,
    method: 'GET' as const,
    url: () => url,
    list: true,
    features,
    async createInTenantB(ctx: TestContext, tenantBId: string) {
      return { id: (await giveB(ctx, tenantBId)).projectId, secret };
    },
  })),
]);

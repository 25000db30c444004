import { addDays, localToday, mondayOf } from '@atrium/contracts';
import type { DemoStep } from '../demo-step.js';
import { projectMembers, projects, projectTasks, timeMarks } from './timelogs.schema.js';

/** Each project starts this many days from this week's Monday; 'Internal' on the Wednesday two weeks ago. */
const PROJECTS = [
  {
    name: 'Harbour bridge renovation',
    startsInDays: -84,
    tasks: ['Site survey', 'Structural design', 'Permits and approvals'],
  },
  {
    name: 'Customer portal',
    startsInDays: -77,
    tasks: ['Sign-in and accounts', 'Invoice history', 'Accessibility review'],
  },
  { name: 'Internal', startsInDays: -12, tasks: ['Meetings', 'Training'] },
];

/**
 * Northwind's projects with Uma User and Ada Admin on them, and four weeks of their hours ending this
 * week (weekdays only, a believable 7-8 hours a day), so the grid and the overview have something to show.
 */
export const timelogsDemo: DemoStep = async ({ tx, tenants, users }) => {
  const tenantId = tenants.northwind;
  const uma = users['user@atrium.test']!;
  const ada = users['admin@atrium.test']!;
  const thisMonday = mondayOf(localToday());
  const taskIds: { projectId: string; taskId: string; startDate: string }[][] = [];
  for (const p of PROJECTS) {
    const [project] = await tx
      .insert(projects)
      .values({ tenantId, name: p.name, startDate: addDays(thisMonday, p.startsInDays) })
      .returning();
    await tx.insert(projectMembers).values([
      { tenantId, projectId: project!.id, userId: uma },
      { tenantId, projectId: project!.id, userId: ada },
    ]);
    const tasks = await tx
      .insert(projectTasks)
      .values(p.tasks.map((name) => ({ tenantId, projectId: project!.id, name })))
      .returning();
    taskIds.push(tasks.map((t) => ({ projectId: project!.id, taskId: t.id, startDate: project!.startDate })));
  }
  // A fixed pattern rather than random numbers, so the demo looks the same on every start.
  const plan = [
    [0, 0, 3.5],
    [1, 0, 3],
    [2, 0, 1],
  ] as const;
  const marks: (typeof timeMarks.$inferInsert)[] = [];
  for (let week = 3; week >= 0; week--) {
    const monday = addDays(thisMonday, -7 * week);
    for (let day = 0; day < 5; day++) {
      const date = addDays(monday, day);
      if (date > localToday()) continue;
      for (const [userId, shift] of [
        [uma, 0],
        [ada, 1],
      ] as const) {
        for (const [project, task, hours] of plan) {
          const { startDate, ...pick } = taskIds[project]![(task + day + week + shift) % taskIds[project]!.length]!;
          // No hours before a project starts (the rule saveMark keeps).
          if (date < startDate) continue;
          const h = hours + ((day + shift) % 3) * 0.25;
          marks.push({ tenantId, userId, ...pick, date, hours: h });
        }
      }
    }
  }
  // Two marks of one user, task and day would break the unique key: the later one wins.
  const unique = new Map(marks.map((m) => [`${m.userId}/${m.taskId}/${m.date}`, m]));
  if (unique.size) await tx.insert(timeMarks).values([...unique.values()]);
};

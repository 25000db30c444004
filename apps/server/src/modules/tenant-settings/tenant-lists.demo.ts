import { and, eq } from 'drizzle-orm';
import type { DemoStep } from '../demo-step.js';
import { tenantMemberships } from '../users/users.schema.js';
import { tenantDepartments, tenantTeams } from './teams.schema.js';
import {
  checklistAssignments,
  standardChecklistItems,
  standardChecklists,
  tenantFolders,
  tenantTags,
} from './tenant-lists.schema.js';

const DAY = 24 * 60 * 60 * 1000;
/** n days ago, so the lists show a spread of creation dates. */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

const LISTS = {
  northwind: {
    tags: ['Urgent', 'Client facing', 'Internal', 'Finance', 'Quarterly review'],
    folders: ['Contracts', 'Marketing material', 'Board minutes'],
    teams: ['Sales', 'Delivery', 'Support'],
    departments: ['Operations', 'Finance', 'People & Culture'],
  },
  harbour: {
    tags: ['Care plan', 'Family contact'],
    folders: ['Policies'],
    teams: ['Ward A', 'Ward B'],
    departments: ['Nursing', 'Administration'],
  },
};

/** Who is who in Northwind (issue 45): title, phone, and the first team and department of its lists. */
const PEOPLE = [
  {
    email: 'admin@atrium.test',
    title: 'Operations manager',
    phone: '+45 70 20 30 40',
    team: 'Delivery',
    department: 'Operations',
  },
  { email: 'user@atrium.test', title: 'Consultant', phone: '+45 70 20 30 41', team: 'Delivery', department: 'Finance' },
];

const CHECKLISTS = {
  northwind: [
    {
      title: 'New employee onboarding',
      items: ['Sign the employment contract', 'Set up laptop and accounts', 'Meet the team', 'Read the handbook'],
      // [user email, completed] of the copies handed out
      handedTo: [
        ['user@atrium.test', false],
        ['admin@atrium.test', true],
      ],
    },
    {
      title: 'Client kick-off',
      items: ['Agree on the scope', 'Name the contacts', 'Book the first status meeting'],
      handedTo: [
        ['user@atrium.test', true],
        ['admin@atrium.test', true],
        ['partner@atrium.test', false],
      ],
    },
    { title: 'Leaving the company', items: ['Return the laptop', 'Hand over open tasks'], handedTo: [] },
  ],
  harbour: [
    {
      title: 'Night shift handover',
      items: ['Medication round logged', 'Incidents noted', 'Keys handed over'],
      handedTo: [['user@atrium.test', false]],
    },
  ],
} as const;

/** Tags, folders, teams, departments and standard checklists (some handed to users) of both demo tenants. */
export const tenantListsDemo: DemoStep = async ({ tx, tenants, users }) => {
  for (const key of ['northwind', 'harbour'] as const) {
    const tenantId = tenants[key];
    const lists = LISTS[key];
    await tx
      .insert(tenantTags)
      .values(lists.tags.map((title, i) => ({ tenantId, title, createdAt: daysAgo(40 - i * 7) })));
    await tx
      .insert(tenantFolders)
      .values(lists.folders.map((itemName, i) => ({ tenantId, itemName, createdAt: daysAgo(30 - i * 5) })));
    const teams = await tx
      .insert(tenantTeams)
      .values(lists.teams.map((name, i) => ({ tenantId, name, createdAt: daysAgo(20 - i * 3) })))
      .returning();
    const departments = await tx
      .insert(tenantDepartments)
      .values(lists.departments.map((name, i) => ({ tenantId, name, createdAt: daysAgo(25 - i * 4) })))
      .returning();
    for (const p of key === 'northwind' ? PEOPLE : []) {
      const userId = users[p.email];
      if (!userId) continue;
      await tx
        .update(tenantMemberships)
        .set({
          title: p.title,
          phone: p.phone,
          teamId: teams.find((x) => x.name === p.team)?.id ?? null,
          departmentId: departments.find((x) => x.name === p.department)?.id ?? null,
        })
        .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.userId, userId)));
    }
    for (const [n, plan] of CHECKLISTS[key].entries()) {
      const [checklist] = await tx
        .insert(standardChecklists)
        .values({ tenantId, title: plan.title, createdAt: daysAgo(60 - n * 10) })
        .returning();
      const standardChecklistId = checklist!.id;
      await tx
        .insert(standardChecklistItems)
        .values(plan.items.map((title, order) => ({ tenantId, standardChecklistId, title, order })));
      const copies = plan.handedTo
        .filter(([email]) => users[email])
        .map(([email, completed]) => ({
          tenantId,
          standardChecklistId,
          userId: users[email]!,
          assignedAt: daysAgo(14),
          completedAt: completed ? daysAgo(3) : null,
        }));
      if (copies.length) await tx.insert(checklistAssignments).values(copies);
    }
  }
};

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { auditLog } from '../audit/audit.schema.js';
import { tenantTags } from '../tenant-settings/tenant-lists.schema.js';
import { userGroupMembers } from '../usergroups/usergroups.schema.js';
import { tenantMemberships } from '../users/users.schema.js';
import { addCollaboration, addIdea } from './sprints.service.js';

const API = '/core/api/sprints';
type Idea = {
  id: string;
  title: string;
  votesCount: number;
  commentsCount: number;
  votedByMe: boolean;
  status: string;
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const fixture = <T>(fn: () => PromiseLike<T>) => crossTenant('test fixture', fn);

async function team() {
  const tenant = await ctx.factories.tenant({ features: ['Sprints'] });
  const as = (roles: ('TenantAdmin' | 'User')[]) => ctx.actor(roles, { tenants: [tenant.id], activeTenant: tenant.id });
  return { tenant, ada: await as(['TenantAdmin']), uma: await as(['User']), bob: await as(['User']) };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', auth: Headers, url: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: auth, ...(payload && { payload }) });

async function created(auth: Headers, body: object = {}) {
  const res = await call('POST', auth, '/collaborations', { title: 'Spring sprint', ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; members: { id: string }[]; status: string };
}

async function idea(auth: Headers, collaborationId: string, body: object = {}) {
  const res = await call('POST', auth, `/collaborations/${collaborationId}/ideas`, { title: 'An idea', ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as Idea;
}

describe('collaborations', () => {
  it('lets administrators create them (owner first member, description sanitized), not users', async () => {
    const { ada, uma } = await team();
    expect((await call('POST', uma.auth, '/collaborations', { title: 'Mine' })).statusCode).toBe(403);
    const c = await created(ada.auth, {
      description: '<p onclick="x()">Hello <script>alert(1)</script><strong>team</strong></p>',
      startsOn: '2000-01-01',
      endsOn: '2000-02-01',
    });
    expect(c.members.map((m) => m.id)).toEqual([ada.user.id]);
    const got = (await call('GET', ada.auth, `/collaborations/${c.id}`)).json();
    expect(got).toMatchObject({
      description: '<p>Hello <strong>team</strong></p>',
      status: 'finished',
      canManage: true,
      canDelete: true,
      membersCount: 1,
    });
  });

  it('derives the status from the dates, or closed by hand, and filters and counts by it', async () => {
    const { ada } = await team();
    await created(ada.auth, { title: 'Past', startsOn: '2000-01-01', endsOn: '2000-01-02' });
    await created(ada.auth, { title: 'Future', startsOn: '2999-01-01' });
    await created(ada.auth, { title: 'Open ended' });
    await created(ada.auth, { title: 'Shut', closed: true });
    const all = (await call('GET', ada.auth, '/collaborations?sort=title&direction=asc')).json();
    expect(all.data.map((c: { title: string; status: string }) => [c.title, c.status])).toEqual([
      ['Future', 'upcoming'],
      ['Open ended', 'running'],
      ['Past', 'finished'],
      ['Shut', 'closed'],
    ]);
    expect(all.statusCounts).toEqual({ upcoming: 1, running: 1, finished: 1, closed: 1 });
    const running = (await call('GET', ada.auth, '/collaborations?status=running')).json();
    expect(running).toMatchObject({ total: 1, data: [{ title: 'Open ended' }] });
    const search = (await call('GET', ada.auth, '/collaborations?search=ope')).json();
    expect(search.data.map((c: { title: string }) => c.title)).toEqual(['Open ended']);
    // An end before the start is a field error.
    const bad = await call('POST', ada.auth, '/collaborations', {
      title: 'x',
      startsOn: '2026-02-02',
      endsOn: '2026-02-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'endsOn', message: 'endBeforeStart' }]);
  });

  it('adds the people a team or department has at that moment, and refuses another tenant’s', async () => {
    const { tenant, ada, uma, bob } = await team();
    const c = await created(ada.auth);
    const blue = await ctx.factories.team(tenant.id, 'Blue');
    const finance = await ctx.factories.team(tenant.id, 'Finance', 'departments');
    const carl = await ctx.factories.user({ tenantIds: [tenant.id] });
    const gone = await ctx.factories.user({ tenantIds: [tenant.id], deletedAt: new Date() });
    const placed = (userId: string, values: object) =>
      fixture(() =>
        ctx.db
          .update(tenantMemberships)
          .set(values)
          .where(and(eq(tenantMemberships.userId, userId), eq(tenantMemberships.tenantId, tenant.id))),
      );
    await placed(uma.user.id, { teamId: blue.id });
    await placed(gone.id, { teamId: blue.id });
    await placed(bob.user.id, { departmentId: finance.id });
    await placed(carl.id, { departmentId: finance.id });

    const choices = (await call('GET', ada.auth, `/collaborations/${c.id}/member-choices`)).json();
    expect(choices.teams).toEqual([{ id: blue.id, name: 'Blue', membersCount: 1 }]);
    expect(choices.departments).toEqual([{ id: finance.id, name: 'Finance', membersCount: 2 }]);

    const byTeam = await call('POST', ada.auth, `/collaborations/${c.id}/members`, { teamIds: [blue.id] });
    expect(byTeam.json()).toEqual({ added: 1 });
    // Who is in the department now: bob leaves it before it is added.
    await placed(bob.user.id, { departmentId: null });
    const byDepartment = await call('POST', ada.auth, `/collaborations/${c.id}/members`, {
      departmentIds: [finance.id],
    });
    expect(byDepartment.json()).toEqual({ added: 1 });
    const got = (await call('GET', ada.auth, `/collaborations/${c.id}`)).json();
    expect(got.members.map((m: { id: string }) => m.id).sort()).toEqual([ada.user.id, uma.user.id, carl.id].sort());

    const other = await ctx.factories.tenant();
    const foreign = await ctx.factories.team(other.id, 'Theirs');
    const foreignDepartment = await ctx.factories.team(other.id, 'Theirs', 'departments');
    for (const [body, field] of [
      [{ teamIds: [foreign.id] }, 'teamIds'],
      [{ departmentIds: [foreignDepartment.id] }, 'departmentIds'],
    ] as const) {
      const refused = await call('POST', ada.auth, `/collaborations/${c.id}/members`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toContainEqual({ field, message: 'notFound' });
    }
    // A plain member may not add a team.
    expect((await call('POST', uma.auth, `/collaborations/${c.id}/members`, { teamIds: [blue.id] })).statusCode).toBe(
      403,
    );
  });

  it('adds members by person and by user group; users see only their own, administrators all', async () => {
    const { tenant, ada, uma, bob } = await team();
    const c = await created(ada.auth);
    const other = await created(ada.auth, { title: 'Other' });
    const group = await ctx.factories.userGroup(tenant.id, 'Kitchen');
    const carl = await ctx.factories.user({ tenantIds: [tenant.id] });
    const outsider = await ctx.factories.user();
    await fixture(() =>
      ctx.db.insert(userGroupMembers).values([
        { groupId: group.id, userId: bob.user.id },
        { groupId: group.id, userId: carl.id },
        // Not a person of the tenant: never added through the group.
        { groupId: group.id, userId: outsider.id },
      ]),
    );
    const byPerson = await call('POST', ada.auth, `/collaborations/${c.id}/members`, { userIds: [uma.user.id] });
    expect(byPerson.json()).toEqual({ added: 1 });
    const byGroup = await call('POST', ada.auth, `/collaborations/${c.id}/members`, {
      userIds: [uma.user.id],
      groupIds: [group.id],
    });
    expect(byGroup.json()).toEqual({ added: 2 });
    const got = (await call('GET', ada.auth, `/collaborations/${c.id}`)).json();
    expect(got.membersCount).toBe(4);
    expect(got.members.map((m: { id: string }) => m.id).sort()).toEqual(
      [ada.user.id, uma.user.id, bob.user.id, carl.id].sort(),
    );
    // Someone outside the tenant is refused by name.
    const refused = await call('POST', ada.auth, `/collaborations/${c.id}/members`, { userIds: [outsider.id] });
    expect(refused.statusCode).toBe(400);

    const umaList = (await call('GET', uma.auth, '/collaborations')).json();
    expect(umaList.data.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(umaList.data[0]).toMatchObject({ isMember: true, membersCount: 4 });
    const adaList = (await call('GET', ada.auth, '/collaborations')).json();
    expect(adaList.data.map((x: { id: string }) => x.id).sort()).toEqual([c.id, other.id].sort());

    // A user who is not a member: the collaboration does not exist for them.
    expect((await call('GET', uma.auth, `/collaborations/${other.id}`)).statusCode).toBe(404);
    expect((await call('GET', uma.auth, `/collaborations/${other.id}/ideas`)).statusCode).toBe(404);

    // The member choices leave out members; a plain member may not ask for them.
    const choices = (await call('GET', ada.auth, `/collaborations/${c.id}/member-choices`)).json();
    expect(choices.people.map((p: { id: string }) => p.id)).not.toContain(uma.user.id);
    expect(choices.groups.map((g: { name: string }) => g.name)).toEqual(['Kitchen']);
    expect((await call('GET', uma.auth, `/collaborations/${c.id}/member-choices`)).statusCode).toBe(403);

    // A member leaves; the owner stays.
    expect((await call('DELETE', uma.auth, `/collaborations/${c.id}/members/${uma.user.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', ada.auth, `/collaborations/${c.id}/members/${ada.user.id}`)).statusCode).toBe(409);
    expect((await call('GET', ada.auth, `/collaborations/${c.id}`)).json().membersCount).toBe(3);
  });

  it('lets the owner manage their own collaboration but not delete it or hand it on', async () => {
    const { ada, uma, bob } = await team();
    const c = await created(ada.auth, { ownerId: uma.user.id });
    expect((await call('GET', uma.auth, `/collaborations/${c.id}`)).json()).toMatchObject({
      canManage: true,
      canDelete: false,
    });
    const edit = await call('PUT', uma.auth, `/collaborations/${c.id}`, { title: 'Renamed', closed: true });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ title: 'Renamed', status: 'closed' });
    expect(
      (await call('PUT', uma.auth, `/collaborations/${c.id}`, { title: 'x', ownerId: bob.user.id })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', uma.auth, `/collaborations/${c.id}/members`, { userIds: [bob.user.id] })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', uma.auth, `/collaborations/${c.id}`)).statusCode).toBe(403);
    // The administrator deletes it, and the audit log keeps it.
    expect((await call('DELETE', ada.auth, `/collaborations/${c.id}`)).statusCode).toBe(204);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.recordId, c.id));
    expect(entry).toMatchObject({ action: 'collaboration.deleted', recordType: 'collaboration' });
  });
});

describe('ideas, votes and comments', () => {
  it('takes one vote per member and takes it back', async () => {
    const { ada, uma } = await team();
    const c = await created(ada.auth);
    await call('POST', ada.auth, `/collaborations/${c.id}/members`, { userIds: [uma.user.id] });
    const i = await idea(uma.auth, c.id);
    expect((await call('PUT', ada.auth, `/ideas/${i.id}/vote`)).json()).toEqual({ votesCount: 1, votedByMe: true });
    expect((await call('PUT', ada.auth, `/ideas/${i.id}/vote`)).json()).toEqual({ votesCount: 1, votedByMe: true });
    expect((await call('PUT', uma.auth, `/ideas/${i.id}/vote`)).json()).toEqual({ votesCount: 2, votedByMe: true });
    expect((await call('DELETE', ada.auth, `/ideas/${i.id}/vote`)).json()).toEqual({ votesCount: 1, votedByMe: false });
    expect((await call('DELETE', ada.auth, `/ideas/${i.id}/vote`)).json()).toEqual({ votesCount: 1, votedByMe: false });
    const [mine] = (await call('GET', uma.auth, `/collaborations/${c.id}/ideas`)).json().data;
    expect(mine).toMatchObject({ votesCount: 1, votedByMe: true, canEdit: true, canDelete: true });
  });

  it('keeps status changes to the owner and administrators, edits to authors; closed is read-only', async () => {
    const { ada, uma, bob } = await team();
    const c = await created(ada.auth, { ownerId: uma.user.id });
    await call('POST', ada.auth, `/collaborations/${c.id}/members`, { userIds: [bob.user.id] });
    const i = await idea(bob.auth, c.id, { description: '<p>Why <img src=x onerror=alert(1)>not</p>' });
    expect((await call('PUT', bob.auth, `/ideas/${i.id}/status`, { status: 'selected' })).statusCode).toBe(403);
    const moved = await call('PUT', uma.auth, `/ideas/${i.id}/status`, { status: 'inProgress' });
    expect(moved.json()).toMatchObject({ status: 'inProgress', description: '<p>Why not</p>' });
    expect((await call('PUT', ada.auth, `/ideas/${i.id}/status`, { status: 'nope' })).statusCode).toBe(400);
    expect((await call('PUT', uma.auth, `/ideas/${i.id}`, { title: 'Not mine' })).statusCode).toBe(403);
    const edited = await call('PUT', bob.auth, `/ideas/${i.id}`, { title: 'Better idea' });
    expect(edited.json()).toMatchObject({ title: 'Better idea', status: 'inProgress' });

    // Bob was told about the status change, in his inbox.
    const inbox = (await ctx.app.inject({ url: '/core/api/notifications', headers: bob.auth })).json();
    expect(inbox.data.map((n: { eventType: string }) => n.eventType)).toContain('SprintIdeaStatusChanged');

    await call('PUT', uma.auth, `/collaborations/${c.id}`, { title: 'Spring sprint', closed: true });
    const late = await call('POST', bob.auth, `/collaborations/${c.id}/ideas`, { title: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect((await call('PUT', bob.auth, `/ideas/${i.id}/vote`)).statusCode).toBe(409);
  });

  it('comments with keyset paging; authors and moderators delete (audited); the author is notified', async () => {
    const { ada, uma, bob } = await team();
    const c = await created(ada.auth);
    await call('POST', ada.auth, `/collaborations/${c.id}/members`, { userIds: [uma.user.id, bob.user.id] });
    const i = await idea(uma.auth, c.id);
    for (let n = 0; n < 5; n++) {
      expect((await call('POST', bob.auth, `/ideas/${i.id}/comments`, { text: `Comment ${n}` })).statusCode).toBe(201);
    }
    const first = (await call('GET', uma.auth, `/ideas/${i.id}/comments?take=2`)).json();
    const second = (await call('GET', uma.auth, `/ideas/${i.id}/comments?take=2&after=${first.next}`)).json();
    const third = (await call('GET', uma.auth, `/ideas/${i.id}/comments?take=2&after=${second.next}`)).json();
    expect([...first.data, ...second.data, ...third.data].map((x: { text: string }) => x.text)).toEqual([
      'Comment 0',
      'Comment 1',
      'Comment 2',
      'Comment 3',
      'Comment 4',
    ]);
    expect(third.next).toBeNull();
    expect((await call('GET', uma.auth, `/ideas/${i.id}/comments?after=garbage`)).statusCode).toBe(400);

    const commentId = first.data[0].id;
    expect((await call('PUT', uma.auth, `/comments/${commentId}`, { text: 'x' })).statusCode).toBe(403);
    expect((await call('PUT', bob.auth, `/comments/${commentId}`, { text: 'Edited' })).json().text).toBe('Edited');
    expect((await call('DELETE', uma.auth, `/comments/${commentId}`)).statusCode).toBe(403);
    expect((await call('DELETE', ada.auth, `/comments/${commentId}`)).statusCode).toBe(204);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.recordId, commentId));
    expect(entry).toMatchObject({ action: 'comment.deleted' });
    const [listed] = (await call('GET', uma.auth, `/collaborations/${c.id}/ideas`)).json().data;
    expect(listed.commentsCount).toBe(4);

    const inbox = (await ctx.app.inject({ url: '/core/api/notifications', headers: uma.auth })).json();
    expect(inbox.data.filter((n: { eventType: string }) => n.eventType === 'SprintIdeaCommented')).toHaveLength(5);
    // A new idea told the other members, not its author.
    const adaInbox = (await ctx.app.inject({ url: '/core/api/notifications', headers: ada.auth })).json();
    expect(adaInbox.data.map((n: { eventType: string }) => n.eventType)).toContain('SprintIdeaAdded');
    const umaTypes = inbox.data.map((n: { eventType: string }) => n.eventType);
    expect(umaTypes).not.toContain('SprintIdeaAdded');

    // The author deletes their idea: gone from the list and audited.
    expect((await call('DELETE', uma.auth, `/ideas/${i.id}`)).statusCode).toBe(204);
    expect((await call('GET', uma.auth, `/collaborations/${c.id}/ideas`)).json().data).toEqual([]);
    const [ideaEntry] = await ctx.db.select().from(auditLog).where(eq(auditLog.recordId, i.id));
    expect(ideaEntry).toMatchObject({ action: 'idea.deleted' });
  });

  it('sorts by newest, votes and comments, filters by tag and status, and pages by keyset', async () => {
    const { tenant, ada, uma } = await team();
    const c = await created(ada.auth);
    await call('POST', ada.auth, `/collaborations/${c.id}/members`, { userIds: [uma.user.id] });
    const [tag] = await fixture(() =>
      ctx.db.insert(tenantTags).values({ tenantId: tenant.id, title: 'Quick win' }).returning(),
    );
    const a = await idea(ada.auth, c.id, { title: 'A', tagIds: [tag!.id] });
    const b = await idea(ada.auth, c.id, { title: 'B' });
    const d = await idea(ada.auth, c.id, { title: 'C' });
    await call('PUT', ada.auth, `/ideas/${b.id}/vote`);
    await call('PUT', uma.auth, `/ideas/${b.id}/vote`);
    await call('PUT', uma.auth, `/ideas/${a.id}/vote`);
    await call('POST', uma.auth, `/ideas/${d.id}/comments`, { text: 'Hm' });
    await call('PUT', ada.auth, `/ideas/${d.id}/status`, { status: 'rejected' });
    const titles = async (query: string) => {
      const res = await call('GET', uma.auth, `/collaborations/${c.id}/ideas?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().data.map((x: Idea) => x.title);
    };
    expect(await titles('sort=newest')).toEqual(['C', 'B', 'A']);
    expect(await titles('sort=votes')).toEqual(['B', 'A', 'C']);
    expect(await titles('sort=comments')).toEqual(['C', 'B', 'A']);
    expect(await titles(`tagId=${tag!.id}`)).toEqual(['A']);
    expect(await titles('status=rejected')).toEqual(['C']);
    // Keyset pages over the votes order.
    const one = (await call('GET', uma.auth, `/collaborations/${c.id}/ideas?sort=votes&take=2`)).json();
    const two = (
      await call('GET', uma.auth, `/collaborations/${c.id}/ideas?sort=votes&take=2&after=${one.next}`)
    ).json();
    expect([...one.data, ...two.data].map((x: Idea) => x.title)).toEqual(['B', 'A', 'C']);
    expect(two.next).toBeNull();
    expect(one.data[1].tags).toEqual([{ id: tag!.id, title: 'Quick win' }]);
    // A tag not in the tenant's list is refused.
    const bad = await call('POST', ada.auth, `/collaborations/${c.id}/ideas`, {
      title: 'x',
      tagIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 to a non-member for ideas and comments, and 400 (never 5xx) to bad input', async () => {
    const { ada, uma } = await team();
    const c = await created(ada.auth);
    const i = await idea(ada.auth, c.id);
    expect((await call('GET', uma.auth, `/ideas/${i.id}/comments`)).statusCode).toBe(404);
    expect((await call('POST', uma.auth, `/ideas/${i.id}/comments`, { text: 'hi' })).statusCode).toBe(404);
    expect((await call('PUT', uma.auth, `/ideas/${i.id}/vote`)).statusCode).toBe(404);
    for (const [method, url, payload] of [
      ['POST', `/collaborations/${c.id}/ideas`, { title: '' }],
      ['POST', `/collaborations/${c.id}/ideas`, { title: 'x'.repeat(201) }],
      ['POST', `/collaborations/${c.id}/ideas`, { title: 'x', tagIds: 'nope' }],
      ['POST', `/ideas/${i.id}/comments`, { text: '   ' }],
      ['GET', `/collaborations/${c.id}/ideas?sort=best`, undefined],
      ['GET', `/collaborations/${c.id}/ideas?after=${Buffer.from('[1,"x","y"]').toString('base64url')}`, undefined],
      ['GET', '/collaborations/not-a-uuid', undefined],
      ['POST', '/collaborations', { title: 'x', startsOn: '2026-02-30' }],
    ] as const) {
      const res = await call(method, ada.auth, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
    }
  });

  it('refuses tenants without the Sprints feature', async () => {
    const tenant = await ctx.factories.tenant();
    const ada = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    expect((await call('GET', ada.auth, '/collaborations')).statusCode).toBe(403);
  });
});

describe('the tenant info page', () => {
  it('counts exactly the collaborations, members, ideas and comments made through the API', async () => {
    const { tenant, ada, uma, bob } = await team();
    const c = await created(ada.auth, { title: 'Counted' });
    await call('POST', ada.auth, `/collaborations/${c.id}/members`, { userIds: [uma.user.id, bob.user.id] });
    const one = await idea(uma.auth, c.id);
    const two = await idea(bob.auth, c.id);
    await call('POST', ada.auth, `/ideas/${one.id}/comments`, { text: 'a' });
    await call('POST', bob.auth, `/ideas/${one.id}/comments`, { text: 'b' });
    const gone = (await call('POST', ada.auth, `/ideas/${two.id}/comments`, { text: 'c' })).json();
    await call('DELETE', ada.auth, `/comments/${gone.id}`);
    await created(ada.auth, { title: 'Empty' });
    const superadmin = await ctx.actor(['Superadmin']);
    const info = await ctx.app.inject({ url: `/core/api/tenants/${tenant.id}/info`, headers: superadmin.auth });
    expect(info.json()).toMatchObject({
      totalCollaborations: 2,
      collaborations: [
        { name: 'Counted', usersCount: 3, ideasCount: 2, commentsCount: 2 },
        { name: 'Empty', usersCount: 1, ideasCount: 0, commentsCount: 0 },
      ],
    });
  });
});

/** A collaboration of tenant B with an idea and a comment in it, written as the module writes them. */
async function inTenantB(c: TestContext, tenantBId: string) {
  return crossTenant('test fixture', async () => {
    const owner = await c.factories.user({ tenantIds: [tenantBId] });
    const id = await addCollaboration(c.db, tenantBId, { title: 'Secret collaboration of B', ownerId: owner.id });
    const ideaId = await addIdea(c.db, tenantBId, id, owner.id, { title: 'Secret idea of B' });
    return { id, ideaId };
  });
}
const sprintsFeature = { features: ['Sprints' as const] };

describeTenantIsolation([
  {
    name: 'GET /core/api/sprints/collaborations',
    method: 'GET',
    url: () => `${API}/collaborations`,
    list: true,
    ...sprintsFeature,
    async createInTenantB(c, b) {
      return { id: (await inTenantB(c, b)).id, secret: 'Secret collaboration of B' };
    },
  },
  ...(['GET', 'PUT', 'DELETE'] as const).map((method) => ({
    name: `${method} /core/api/sprints/collaborations/:id`,
    method,
    url: (id: string) => `${API}/collaborations/${id}`,
    payload: () => ({ title: 'Taken over' }),
    ...sprintsFeature,
    async createInTenantB(c: TestContext, b: string) {
      return { id: (await inTenantB(c, b)).id, secret: 'Secret collaboration of B' };
    },
  })),
  {
    name: 'GET /core/api/sprints/collaborations/:id/ideas',
    method: 'GET',
    url: (id) => `${API}/collaborations/${id}/ideas`,
    ...sprintsFeature,
    async createInTenantB(c, b) {
      return { id: (await inTenantB(c, b)).id, secret: 'Secret idea of B' };
    },
  },
  {
    name: 'POST /core/api/sprints/collaborations/:id/members',
    method: 'POST',
    url: (id) => `${API}/collaborations/${id}/members`,
    payload: () => ({ userIds: ['00000000-0000-4000-8000-000000000000'] }),
    ...sprintsFeature,
    async createInTenantB(c, b) {
      return { id: (await inTenantB(c, b)).id, secret: 'Secret collaboration of B' };
    },
  },
  ...(
    [
      ['PUT', '/vote'],
      ['GET', '/comments'],
      ['POST', '/comments'],
      ['PUT', '/status'],
      ['DELETE', ''],
    ] as const
  ).map(([method, rest]) => ({
    name: `${method} /core/api/sprints/ideas/:id${rest}`,
    method,
    url: (id: string) => `${API}/ideas/${id}${rest}`,
    payload: () => ({ text: 'Hello', status: 'done' }),
    ...sprintsFeature,
    async createInTenantB(c: TestContext, b: string) {
      return { id: (await inTenantB(c, b)).ideaId, secret: 'Secret idea of B' };
    },
  })),
]);

import { TENANT_LIST_KINDS, type TenantListKind } from '@atrium/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { addCollaboration, addComment, addIdea } from '../sprints/sprints.service.js';
import { checklistAssignments, standardChecklistItems, standardChecklists, tenantTags } from './tenant-lists.schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const api = (tenantId: string, rest: string) => `/core/api/tenants/${tenantId}/${rest}`;
const FIELD: Record<TenantListKind, string> = {
  tags: 'title',
  folders: 'itemName',
  teams: 'name',
  departments: 'name',
};
const superadmin = () => ctx.actor(['Superadmin']);
const fixture = <T>(fn: () => PromiseLike<T>) => crossTenant('test fixture', fn);

/** A partner tenant, a tenant it runs, and a partner manager working in the partner tenant. */
async function partnerSetup() {
  const partner = await ctx.factories.tenant({ isPartnerTenant: true });
  const child = await ctx.factories.tenant({ partnerTenantId: partner.id });
  const manager = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
  return { partner, child, manager };
}

/** A collaboration with `members` users, ideas with the given numbers of comments, written as Sprints writes them. */
async function collaboration(tenantId: string, name: string, members: number, commentsPerIdea: number[]) {
  return fixture(async () => {
    const people: string[] = [];
    for (let i = 0; i < members; i++) people.push((await ctx.factories.user({ tenantIds: [tenantId] })).id);
    const id = await ctx.db.transaction((tx) => addCollaboration(tx, tenantId, { title: name, ownerId: null }, people));
    const author = people[0] ?? (await ctx.factories.user({ tenantIds: [tenantId] })).id;
    for (const [i, n] of commentsPerIdea.entries()) {
      const ideaId = await addIdea(ctx.db, tenantId, id, author, { title: `Idea ${i}` });
      for (let j = 0; j < n; j++) await addComment(ctx.db, tenantId, ideaId, author, `Comment ${j}`);
    }
    return { id };
  });
}

describe('GET /core/api/tenants/:id/info', () => {
  it('answers the tenant name and each collaboration’s users, ideas and comments, in name order', async () => {
    const t = await ctx.factories.tenant({ name: `Info tenant ${Date.now()}` });
    const other = await ctx.factories.tenant();
    await collaboration(t.id, 'Beta sprint', 2, [3, 0, 1]);
    await collaboration(t.id, 'alpha sprint', 0, []);
    await collaboration(other.id, 'Not counted', 5, [5]);
    const res = await ctx.app.inject({ url: api(t.id, 'info'), headers: (await superadmin()).auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ tenantId: t.id, tenantName: t.name, totalCollaborations: 2 });
    expect(body.collaborations.map((c: object) => ({ ...c, id: undefined }))).toEqual([
      { name: 'alpha sprint', usersCount: 0, ideasCount: 0, commentsCount: 0 },
      { name: 'Beta sprint', usersCount: 2, ideasCount: 3, commentsCount: 4 },
    ]);
  });

  it('answers zero collaborations for a tenant without any', async () => {
    const t = await ctx.factories.tenant();
    const res = await ctx.app.inject({ url: api(t.id, 'info'), headers: (await superadmin()).auth });
    expect(res.json()).toMatchObject({ totalCollaborations: 0, collaborations: [] });
  });
});

describe.each(TENANT_LIST_KINDS)('the %s list', (kind) => {
  const field = FIELD[kind];

  it('adds trimmed text, lists it with its creation date, searches and sorts', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    for (const text of ['  Zulu  ', 'alpha', 'Mike']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: api(t.id, kind),
        headers: admin.auth,
        payload: { [field]: text, createdAt: '1999-01-01T00:00:00Z' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()[field]).toBe(text.trim());
      // The server's clock, not the client's.
      expect(new Date(res.json().createdAt).getFullYear()).toBeGreaterThan(2000);
    }
    const list = (await ctx.app.inject({ url: api(t.id, kind), headers: admin.auth })).json();
    expect(list).toMatchObject({ total: 3, page: 1, take: 50 });
    expect(list.data.map((e: Record<string, string>) => e[field])).toEqual(['alpha', 'Mike', 'Zulu']);
    const desc = (
      await ctx.app.inject({ url: `${api(t.id, kind)}?sort=text&direction=desc`, headers: admin.auth })
    ).json();
    expect(desc.data.map((e: Record<string, string>) => e[field])).toEqual(['Zulu', 'Mike', 'alpha']);
    const byDate = (await ctx.app.inject({ url: `${api(t.id, kind)}?sort=createdAt`, headers: admin.auth })).json();
    expect(byDate.data.map((e: Record<string, string>) => e[field])).toEqual(['Zulu', 'alpha', 'Mike']);
    const found = (await ctx.app.inject({ url: `${api(t.id, kind)}?search=IK`, headers: admin.auth })).json();
    expect(found).toMatchObject({ total: 1, data: [{ [field]: 'Mike' }] });
    const none = (await ctx.app.inject({ url: `${api(t.id, kind)}?search=%25_`, headers: admin.auth })).json();
    expect(none.total).toBe(0);
  });

  it('refuses the same text again, ignoring case and spaces, with 409 on the field; another tenant may have it', async () => {
    const t = await ctx.factories.tenant();
    const other = await ctx.factories.tenant();
    const admin = await superadmin();
    const add = (tenantId: string, text: string) =>
      ctx.app.inject({ method: 'POST', url: api(tenantId, kind), headers: admin.auth, payload: { [field]: text } });
    expect((await add(t.id, 'Finance')).statusCode).toBe(201);
    const again = await add(t.id, '  fINANCE ');
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.json().errors).toEqual([{ field, message: 'alreadyListed' }]);
    expect((await add(other.id, 'Finance')).statusCode).toBe(201);
  });

  it('deletes an entry (204), then 404 for it', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const added = await ctx.app.inject({
      method: 'POST',
      url: api(t.id, kind),
      headers: admin.auth,
      payload: { [field]: 'Short-lived' },
    });
    const url = api(t.id, `${kind}/${added.json().id}`);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: admin.auth })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: admin.auth })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: api(t.id, kind), headers: admin.auth })).json().total).toBe(0);
  });

  it('refuses bad bodies and queries with 400, never a 5xx', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    for (const payload of [{}, { [field]: '' }, { [field]: '   ' }, { [field]: 'x'.repeat(101) }, { [field]: 7 }, []]) {
      const res = await ctx.app.inject({ method: 'POST', url: api(t.id, kind), headers: admin.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    for (const query of [
      'sort=secret',
      'take=0',
      'take=100000',
      'page=-1',
      'direction=up',
      `search=${'x'.repeat(300)}`,
    ]) {
      const res = await ctx.app.inject({ url: `${api(t.id, kind)}?${query}`, headers: admin.auth });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await ctx.app.inject({ url: api('nope', kind), headers: admin.auth })).statusCode).toBe(400);
    const del = await ctx.app.inject({ method: 'DELETE', url: api(t.id, `${kind}/nope`), headers: admin.auth });
    expect(del.statusCode).toBe(400);
    const missingTenant = await ctx.app.inject({
      url: api('00000000-0000-4000-8000-000000000000', kind),
      headers: admin.auth,
    });
    expect(missingTenant.statusCode).toBe(404);
  });
});

describe('PUT /core/api/tenants/:id/tags/:tagId', () => {
  it('renames a tag (trimmed), refuses a duplicate and a tag of another tenant', async () => {
    const t = await ctx.factories.tenant();
    const other = await ctx.factories.tenant();
    const admin = await superadmin();
    const add = async (tenantId: string, title: string) =>
      (
        await ctx.app.inject({ method: 'POST', url: api(tenantId, 'tags'), headers: admin.auth, payload: { title } })
      ).json();
    const tag = await add(t.id, 'Urgnet');
    await add(t.id, 'Later');
    const foreign = await add(other.id, 'Foreign');
    const put = (id: string, title: string) =>
      ctx.app.inject({ method: 'PUT', url: api(t.id, `tags/${id}`), headers: admin.auth, payload: { ...tag, title } });
    const res = await put(tag.id, ' Urgent ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: tag.id, title: 'Urgent', createdAt: tag.createdAt });
    // Its own title in another case is no conflict.
    expect((await put(tag.id, 'URGENT')).statusCode).toBe(200);
    const dup = await put(tag.id, 'later');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ field: 'title', message: 'alreadyListed' }]);
    expect((await put(foreign.id, 'Mine now')).statusCode).toBe(404);
    // A missing tag is 404 even when the title is taken in the list.
    expect((await put(foreign.id, 'Later')).statusCode).toBe(404);
    expect((await put(tag.id, '')).statusCode).toBe(400);
    const stored = await fixture(() => ctx.db.select().from(tenantTags));
    expect(stored.find((r) => r.id === foreign.id)?.title).toBe('Foreign');
  });

  it('has no rename for folders, teams or departments', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const team = (
      await ctx.app.inject({ method: 'POST', url: api(t.id, 'teams'), headers: admin.auth, payload: { name: 'A' } })
    ).json();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: api(t.id, `teams/${team.id}`),
      headers: admin.auth,
      payload: { name: 'B' },
    });
    // The path is a list item's, which answers DELETE only.
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE');
  });
});

/** Hands a checklist to users: `active` not completed, `completed` completed. */
async function handOut(tenantId: string, checklistId: string, active: number, completed: number) {
  await fixture(async () => {
    for (let i = 0; i < active + completed; i++) {
      const user = await ctx.factories.user({ tenantIds: [tenantId] });
      await ctx.db.insert(checklistAssignments).values({
        tenantId,
        standardChecklistId: checklistId,
        userId: user.id,
        completedAt: i < completed ? new Date() : null,
      });
    }
  });
}

describe('standard checklists', () => {
  it('creates a checklist with its items in the sent order and lists it with its counts', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const res = await ctx.app.inject({
      method: 'POST',
      url: api(t.id, 'checklists'),
      headers: admin.auth,
      payload: {
        tenantId: t.id,
        title: ' Onboarding ',
        items: [
          { title: 'Second', order: 5 },
          { title: ' First ', order: 0 },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ tenantId: t.id, title: 'Onboarding', countOfActive: 0, countOfCompleted: 0 });
    expect(created.items.map((i: { title: string; order: number }) => [i.title, i.order])).toEqual([
      ['Second', 0],
      ['First', 1],
    ]);
    expect(created.items.every((i: { standardChecklistId: string }) => i.standardChecklistId === created.id)).toBe(
      true,
    );

    const empty = await ctx.app.inject({
      method: 'POST',
      url: api(t.id, 'checklists'),
      headers: admin.auth,
      payload: { title: 'Archive' },
    });
    expect(empty.statusCode).toBe(201);
    await handOut(t.id, created.id, 2, 3);
    const other = await ctx.factories.tenant();
    const [foreign] = await fixture(() =>
      ctx.db.insert(standardChecklists).values({ tenantId: other.id, title: 'Foreign' }).returning(),
    );
    await handOut(other.id, foreign!.id, 4, 4);

    const list = (await ctx.app.inject({ url: api(t.id, 'checklists'), headers: admin.auth })).json();
    expect(list.total).toBe(2);
    expect(
      list.data.map((c: { title: string; countOfActive: number; countOfCompleted: number }) => [
        c.title,
        c.countOfActive,
        c.countOfCompleted,
      ]),
    ).toEqual([
      ['Archive', 0, 0],
      ['Onboarding', 2, 3],
    ]);
    expect(list.data[1].items.map((i: { title: string }) => i.title)).toEqual(['Second', 'First']);
    const found = (
      await ctx.app.inject({ url: `${api(t.id, 'checklists')}?search=board`, headers: admin.auth })
    ).json();
    expect(found.data.map((c: { title: string }) => c.title)).toEqual(['Onboarding']);
  });

  it('refuses a checklist without a title, with an empty item title, too many items or another tenant’s id', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const cases: [object, string][] = [
      [{}, 'title'],
      [{ title: '  ' }, 'title'],
      [{ title: 'A', items: [{ title: 'ok' }, { title: ' ' }] }, 'items.1.title'],
      [{ title: 'A', items: Array.from({ length: 101 }, () => ({ title: 'x' })) }, 'items'],
      [{ title: 'A', items: 'x' }, 'items'],
      [{ title: 'A', tenantId: '00000000-0000-4000-8000-000000000000' }, 'tenantId'],
    ];
    for (const [payload, where] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: api(t.id, 'checklists'), headers: admin.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res
          .json()
          .errors.map((e: { field: string }) => e.field)
          .join(),
      ).toContain(where);
    }
    const rows = await fixture(() => ctx.db.select().from(standardChecklists));
    expect(rows.filter((r) => r.tenantId === t.id)).toHaveLength(0);
  });

  it('deletes a checklist with its items and handed-out copies, then 404', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const created = (
      await ctx.app.inject({
        method: 'POST',
        url: api(t.id, 'checklists'),
        headers: admin.auth,
        payload: { title: 'Gone', items: [{ title: 'a' }] },
      })
    ).json();
    await handOut(t.id, created.id, 1, 1);
    const url = api(t.id, `checklists/${created.id}`);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: admin.auth })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: admin.auth })).statusCode).toBe(404);
    const left = await fixture(async () => [
      ...(await ctx.db.select().from(standardChecklistItems)).filter((r) => r.standardChecklistId === created.id),
      ...(await ctx.db.select().from(checklistAssignments)).filter((r) => r.standardChecklistId === created.id),
    ]);
    expect(left).toEqual([]);
  });

  it('exports every checklist and item as Checklists_{tenantId}.xlsx', async () => {
    const t = await ctx.factories.tenant();
    const other = await ctx.factories.tenant();
    const admin = await superadmin();
    const post = (tenantId: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: api(tenantId, 'checklists'), headers: admin.auth, payload });
    await post(t.id, { title: 'Onboarding', items: [{ title: 'Contract' }, { title: '=HYPERLINK("x")' }] });
    await post(t.id, { title: 'Empty one' });
    await post(other.id, { title: 'Other tenant', items: [{ title: 'Hidden' }] });
    const res = await ctx.app.inject({ url: api(t.id, 'checklists/export'), headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=Checklists_${t.id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Checklists')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
    expect(rows).toEqual([
      ['Checklist', 'Created', 'Item #', 'Item'],
      ['Empty one', today],
      ['Onboarding', today, 1, 'Contract'],
      ['Onboarding', today, 2, `'=HYPERLINK("x")`],
    ]);
  });
});

describe('who may call', () => {
  const routes = (tenantId: string, itemId: string) => [
    { method: 'GET' as const, url: api(tenantId, 'info') },
    ...TENANT_LIST_KINDS.flatMap((kind) => [
      { method: 'GET' as const, url: api(tenantId, kind) },
      { method: 'POST' as const, url: api(tenantId, kind), payload: { [FIELD[kind]]: `New ${kind}` } },
      { method: 'DELETE' as const, url: api(tenantId, `${kind}/${itemId}`) },
    ]),
    { method: 'PUT' as const, url: api(tenantId, `tags/${itemId}`), payload: { title: 'Renamed' } },
    { method: 'GET' as const, url: api(tenantId, 'checklists') },
    { method: 'POST' as const, url: api(tenantId, 'checklists'), payload: { title: 'New' } },
    { method: 'DELETE' as const, url: api(tenantId, `checklists/${itemId}`) },
    { method: 'GET' as const, url: api(tenantId, 'checklists/export') },
  ];

  it('lets a partner manager use the lists of their partner’s tenant', async () => {
    const { child, manager } = await partnerSetup();
    const tag = await ctx.app.inject({
      method: 'POST',
      url: api(child.id, 'tags'),
      headers: manager.auth,
      payload: { title: 'Partner tag' },
    });
    expect(tag.statusCode).toBe(201);
    for (const r of routes(child.id, '00000000-0000-4000-8000-000000000000')) {
      const res = await ctx.app.inject({ ...r, headers: manager.auth });
      expect([200, 201, 404], `${r.method} ${r.url}`).toContain(res.statusCode);
      if (r.method !== 'DELETE' && r.method !== 'PUT') expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(300);
    }
    const info = await ctx.app.inject({ url: api(child.id, 'info'), headers: manager.auth });
    expect(info.json().tenantName).toBe(child.name);
  });

  it('refuses another partner’s manager with 404, tenant roles with 403, and anyone signed out with 401', async () => {
    const { child } = await partnerSetup();
    const { manager: otherManager } = await partnerSetup();
    const [tag] = await fixture(() =>
      ctx.db.insert(tenantTags).values({ tenantId: child.id, title: 'Kept' }).returning(),
    );
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [child.id], activeTenant: child.id });
    const user = await ctx.actor(['User'], { tenants: [child.id], activeTenant: child.id });
    for (const r of routes(child.id, tag!.id)) {
      const name = `${r.method} ${r.url}`;
      expect((await ctx.app.inject({ ...r, headers: otherManager.auth })).statusCode, name).toBe(404);
      expect((await ctx.app.inject({ ...r, headers: admin.auth })).statusCode, name).toBe(403);
      expect((await ctx.app.inject({ ...r, headers: user.auth })).statusCode, name).toBe(403);
      expect((await ctx.app.inject(r)).statusCode, name).toBe(401);
    }
    const stored = await fixture(() => ctx.db.select().from(tenantTags));
    expect(stored.filter((r) => r.tenantId === child.id).map((r) => r.title)).toEqual(['Kept']);
  });
});

/** Tenant B's entry of a list: the URL names tenant B and the entry (the isolation cases' resource). */
let tenantB = '';
const listEntryOfB = (kind: TenantListKind) => async (c: TestContext, tenantBId: string) => {
  tenantB = tenantBId;
  const admin = await c.actor(['Superadmin']);
  const res = await c.app.inject({
    method: 'POST',
    url: `/core/api/tenants/${tenantBId}/${kind}`,
    headers: admin.auth,
    payload: { [FIELD[kind]]: `Secret ${kind} of B` },
  });
  return { id: res.json().id as string, secret: `Secret ${kind} of B` };
};

describeTenantIsolation([
  {
    name: 'GET /core/api/tenants/:id/info',
    method: 'GET',
    url: (id) => `/core/api/tenants/${id}/info`,
    async createInTenantB(c, tenantBId) {
      await crossTenant('test fixture', () =>
        addCollaboration(c.db, tenantBId, { title: 'Secret collab of B', ownerId: null }),
      );
      return { id: tenantBId, secret: 'Secret collab' };
    },
  },
  ...TENANT_LIST_KINDS.flatMap((kind) => [
    {
      name: `GET /core/api/tenants/:id/${kind}`,
      method: 'GET' as const,
      url: () => `/core/api/tenants/${tenantB}/${kind}`,
      createInTenantB: listEntryOfB(kind),
    },
    {
      name: `POST /core/api/tenants/:id/${kind}`,
      method: 'POST' as const,
      url: () => `/core/api/tenants/${tenantB}/${kind}`,
      payload: () => ({ [FIELD[kind]]: 'Planted' }),
      createInTenantB: listEntryOfB(kind),
    },
    {
      name: `DELETE /core/api/tenants/:id/${kind}/:itemId`,
      method: 'DELETE' as const,
      url: (id: string) => `/core/api/tenants/${tenantB}/${kind}/${id}`,
      createInTenantB: listEntryOfB(kind),
    },
  ]),
  {
    name: 'PUT /core/api/tenants/:id/tags/:tagId',
    method: 'PUT',
    url: (id) => `/core/api/tenants/${tenantB}/tags/${id}`,
    payload: () => ({ title: 'Taken over' }),
    createInTenantB: listEntryOfB('tags'),
  },
  {
    name: 'GET /core/api/tenants/:id/checklists',
    method: 'GET',
    url: (id) => `/core/api/tenants/${id}/checklists`,
    async createInTenantB(c, tenantBId) {
      await crossTenant('test fixture', () =>
        c.db.insert(standardChecklists).values({ tenantId: tenantBId, title: 'Secret checklist of B' }),
      );
      return { id: tenantBId, secret: 'Secret checklist' };
    },
  },
  {
    name: 'GET /core/api/tenants/:id/checklists/export',
    method: 'GET',
    url: (id) => `/core/api/tenants/${id}/checklists/export`,
    async createInTenantB(c, tenantBId) {
      await crossTenant('test fixture', () =>
        c.db.insert(standardChecklists).values({ tenantId: tenantBId, title: 'Secret export of B' }),
      );
      return { id: tenantBId, secret: 'Secret export' };
    },
  },
  {
    name: 'DELETE /core/api/tenants/:id/checklists/:checklistId',
    method: 'DELETE',
    url: (id) => `/core/api/tenants/${tenantB}/checklists/${id}`,
    async createInTenantB(c, tenantBId) {
      tenantB = tenantBId;
      const [row] = await crossTenant('test fixture', () =>
        c.db.insert(standardChecklists).values({ tenantId: tenantBId, title: 'Secret kept of B' }).returning(),
      );
      return { id: row!.id, secret: 'Secret kept' };
    },
  },
]);

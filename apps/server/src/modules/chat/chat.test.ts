import { HttpTransportType, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../../test/harness.js';
import { hubClient, nextCall, receivesWithin, startHubServer } from '../../../test/hub/hub-helpers.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { userGroupMembers } from '../usergroups/usergroups.schema.js';
import { pairOf } from './chat.repository.js';
import { chatConversations, chatMessages } from './chat.schema.js';

type History = {
  groups: { userId: string; fullName: string; messages: { id: string; text: string; createdAt: string }[] }[];
  before: string | null;
};
type Conversation = { kind: string; id: string; title: string; unread: number; lastMessage: { text: string } | null };

describe('chat', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function tenantWithPeople(features: ('Chat' | 'News')[] = ['Chat']) {
    const tenant = await ctx.factories.tenant({ features });
    const ada = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const uma = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
    return { tenant, ada, uma };
  }
  const send = (auth: Record<string, string>, path: string, text: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/core/api/chat/${path}/messages`, headers: auth, payload: { text } });
  const history = (auth: Record<string, string>, path: string, query = '') =>
    ctx.app.inject({ url: `/core/api/chat/${path}/messages${query}`, headers: auth });
  const conversations = async (auth: Record<string, string>, query = '') => {
    const res = await ctx.app.inject({ url: `/core/api/chat/conversations${query}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json() as Conversation[];
  };

  it('sends a direct message, counts it unread for the other side, groups history per user, and marks it read', async () => {
    const { ada, uma } = await tenantWithPeople();
    expect((await send(ada.auth, `users/${uma.user.id}`, 'Hello Uma')).statusCode).toBe(201);
    expect((await send(ada.auth, `users/${uma.user.id}`, 'See https://example.com')).statusCode).toBe(201);
    const reply = await send(uma.auth, `users/${ada.user.id}`, 'Hi Ada');
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ text: 'Hi Ada' });

    const res = await history(uma.auth, `users/${ada.user.id}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as History;
    expect(page.before).toBeNull();
    expect(page.groups.map((g) => [g.userId, g.messages.map((m) => m.text)])).toEqual([
      [ada.user.id, ['Hello Uma', 'See https://example.com']],
      [uma.user.id, ['Hi Ada']],
    ]);
    expect(page.groups[0]!.fullName).toBe('Test Person');

    // Uma's reply marked her read; Ada has one unread (Uma's reply).
    const adaList = await conversations(ada.auth);
    const withUma = adaList.find((c) => c.id === uma.user.id)!;
    expect(withUma).toMatchObject({ kind: 'direct', unread: 1, lastMessage: { text: 'Hi Ada' } });
    expect(adaList[0]!.id).toBe(uma.user.id);
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/core/api/chat/users/${uma.user.id}/read`,
      headers: ada.auth,
    });
    expect(read.statusCode).toBe(204);
    expect((await conversations(ada.auth)).find((c) => c.id === uma.user.id)!.unread).toBe(0);
    // The list searches on the name.
    expect(await conversations(ada.auth, '?search=nobody-by-this-name')).toEqual([]);
  });

  it('raises a ChatMessage notification for the recipients, not the sender, opening the conversation', async () => {
    const { tenant, ada, uma } = await tenantWithPeople();
    const inbox = async (auth: Record<string, string>) =>
      (await ctx.app.inject({ url: '/core/api/notifications', headers: auth })).json() as {
        data: { eventType: string; title: string; body: string; link: string | null }[];
      };
    expect((await send(ada.auth, `users/${uma.user.id}`, 'Lunch at noon?')).statusCode).toBe(201);
    const [item] = (await inbox(uma.auth)).data;
    expect(item).toMatchObject({
      eventType: 'ChatMessage',
      title: 'New message from Test Person',
      body: 'Lunch at noon?',
      link: `/chat?user=${ada.user.id}`,
    });
    expect((await inbox(ada.auth)).data).toEqual([]);

    // A group's message: its current members but the sender.
    const group = await ctx.factories.userGroup(tenant.id, 'Kitchen');
    const bob = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
    await crossTenant('test fixtures', () =>
      ctx.db.insert(userGroupMembers).values([
        { groupId: group.id, userId: ada.user.id },
        { groupId: group.id, userId: uma.user.id },
      ]),
    );
    expect((await send(uma.auth, `groups/${group.id}`, 'Coffee is ready')).statusCode).toBe(201);
    expect((await inbox(ada.auth)).data[0]).toMatchObject({
      title: 'Test Person in Kitchen',
      body: 'Coffee is ready',
      link: `/chat?group=${group.id}`,
    });
    expect((await inbox(uma.auth)).data.map((n) => n.body)).toEqual(['Lunch at noon?']);
    expect((await inbox(bob.auth)).data).toEqual([]);
  });

  it('raises the notification in each recipient’s language, as their profile sets it', async () => {
    const { tenant, ada, uma } = await tenantWithPeople();
    const toDanish = await ctx.app.inject({
      method: 'PATCH',
      url: '/core/api/me',
      headers: uma.auth,
      payload: { language: 'da' },
    });
    expect(toDanish.statusCode).toBe(200);
    const group = await ctx.factories.userGroup(tenant.id, 'Køkken');
    await crossTenant('test fixtures', () =>
      ctx.db.insert(userGroupMembers).values([
        { groupId: group.id, userId: ada.user.id },
        { groupId: group.id, userId: uma.user.id },
      ]),
    );
    expect((await send(ada.auth, `users/${uma.user.id}`, 'Frokost?')).statusCode).toBe(201);
    expect((await send(uma.auth, `groups/${group.id}`, 'Kaffe')).statusCode).toBe(201);
    expect((await send(ada.auth, `groups/${group.id}`, 'Tak')).statusCode).toBe(201);
    const titles = async (auth: Record<string, string>) =>
      (
        (await ctx.app.inject({ url: '/core/api/notifications', headers: auth })).json() as {
          data: { title: string }[];
        }
      ).data
        .map((n) => n.title)
        .sort();
    expect(await titles(uma.auth)).toEqual(['Ny besked fra Test Person', 'Test Person i Køkken']);
    expect(await titles(ada.auth)).toEqual(['Test Person in Køkken']);
  });

  it('keeps the text as it was sent (plain text, never HTML-escaped or rendered)', async () => {
    const { ada, uma } = await tenantWithPeople();
    const text = '<script>alert(1)</script> & <b>bold</b>\nsecond line';
    expect((await send(ada.auth, `users/${uma.user.id}`, text)).statusCode).toBe(201);
    const page = (await history(uma.auth, `users/${ada.user.id}`)).json() as History;
    expect(page.groups[0]!.messages[0]!.text).toBe(text);
  });

  it('stores no control or direction characters: line breaks and tabs stay, BEL, ESC, backspace and bidi overrides go', async () => {
    const { ada, uma } = await tenantWithPeople();
    const sent = await send(
      ada.auth,
      `users/${uma.user.id}`,
      'Hi\u0007 \u001b[31mred\u001b[0m\b\u000b\u202Eevil\u2066x\u2069\nline\ttab',
    );
    expect(sent.statusCode).toBe(201);
    const page = (await history(uma.auth, `users/${ada.user.id}`)).json() as History;
    expect(page.groups[0]!.messages[0]!.text).toBe('Hi [31mred[0mevilx\nline\ttab');
    // Nothing but such characters is an empty message.
    expect((await send(ada.auth, `users/${uma.user.id}`, '\u202E\u0007 ')).statusCode).toBe(400);
  });

  it('refuses bad input with 400 and never a 5xx', async () => {
    const { ada, uma } = await tenantWithPeople();
    for (const text of ['', '   ', 'x'.repeat(4001), 42, null]) {
      const res = await send(ada.auth, `users/${uma.user.id}`, text);
      expect(res.statusCode, String(text).slice(0, 10)).toBe(400);
    }
    expect((await send(ada.auth, 'users/not-a-uuid', 'hi')).statusCode).toBe(400);
    expect((await history(ada.auth, `users/${uma.user.id}`, '?take=0')).statusCode).toBe(400);
    expect((await history(ada.auth, `users/${uma.user.id}`, '?take=201')).statusCode).toBe(400);
    expect((await history(ada.auth, `users/${uma.user.id}`, '?before=nope')).statusCode).toBe(400);
    // A cursor that is not a message of this conversation.
    const res = await history(ada.auth, `users/${uma.user.id}`, `?before=${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('before');
    const long = (await send(ada.auth, `users/${'x'.repeat(3000)}`, 'hi')).statusCode;
    expect(long >= 400 && long < 500).toBe(true);
  });

  it('talks only with members of the tenant, never with oneself', async () => {
    const { tenant, ada } = await tenantWithPeople();
    const other = await ctx.factories.tenant({ features: ['Chat'] });
    const outsider = await ctx.factories.user({ tenantIds: [other.id] });
    expect((await send(ada.auth, `users/${outsider.id}`, 'hi')).statusCode).toBe(404);
    expect((await send(ada.auth, `users/${ada.user.id}`, 'hi')).statusCode).toBe(404);
    expect((await history(ada.auth, `users/${crypto.randomUUID()}`)).statusCode).toBe(404);
    // The list holds the tenant's other members only.
    const list = await conversations(ada.auth);
    expect(list.map((c) => c.id)).not.toContain(outsider.id);
    expect(list.map((c) => c.id)).not.toContain(ada.user.id);
    // A deleted user is gone from chat.
    const gone = await ctx.factories.user({ tenantIds: [tenant.id], deletedAt: new Date() });
    expect((await send(ada.auth, `users/${gone.id}`, 'hi')).statusCode).toBe(404);
  });

  it('needs the Chat feature', async () => {
    const { ada, uma } = await tenantWithPeople(['News']);
    expect((await send(ada.auth, `users/${uma.user.id}`, 'hi')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/core/api/chat/conversations', headers: ada.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/core/api/chat/conversations' })).statusCode).toBe(401);
  });

  it('refuses a super administrator who is not a member of the active tenant, in the list as in a conversation', async () => {
    const { tenant, uma } = await tenantWithPeople();
    const su = await ctx.actor(['Superadmin'], { activeTenant: tenant.id });
    expect((await ctx.app.inject({ url: '/core/api/chat/conversations', headers: su.auth })).statusCode).toBe(403);
    expect((await history(su.auth, `users/${uma.user.id}`)).statusCode).toBe(403);
    const member = await ctx.actor(['Superadmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    expect((await conversations(member.auth)).map((c) => c.id)).toContain(uma.user.id);
  });

  it('lets only current members of a group read and write its conversation; a removed member is refused', async () => {
    const { tenant, ada, uma } = await tenantWithPeople();
    const group = await ctx.factories.userGroup(tenant.id, 'Crew');
    const assign = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/assigngroups',
      headers: ada.auth,
      payload: { userIds: [ada.user.id, uma.user.id], groupIds: [group.id] },
    });
    expect(assign.statusCode).toBe(204);
    const bob = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });

    expect((await send(uma.auth, `groups/${group.id}`, 'Hello crew')).statusCode).toBe(201);
    expect((await send(bob.auth, `groups/${group.id}`, 'Let me in')).statusCode).toBe(403);
    expect((await history(bob.auth, `groups/${group.id}`)).statusCode).toBe(403);
    expect((await conversations(bob.auth)).map((c) => c.id)).not.toContain(group.id);
    const adaSees = (await conversations(ada.auth)).find((c) => c.id === group.id)!;
    expect(adaSees).toMatchObject({ kind: 'group', title: 'Crew', unread: 1 });

    const unassign = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/unassigngroups',
      headers: ada.auth,
      payload: { userIds: [uma.user.id], groupIds: [group.id] },
    });
    expect(unassign.statusCode).toBe(204);
    expect((await history(uma.auth, `groups/${group.id}`)).statusCode).toBe(403);
    expect((await send(uma.auth, `groups/${group.id}`, 'Still here?')).statusCode).toBe(403);
    expect((await conversations(uma.auth)).map((c) => c.id)).not.toContain(group.id);
    // The group's history stays for its members.
    const page = (await history(ada.auth, `groups/${group.id}`)).json() as History;
    expect(page.groups.flatMap((g) => g.messages.map((m) => m.text))).toEqual(['Hello crew']);
    // Another tenant's group does not exist here.
    const foreign = await ctx.factories.userGroup((await ctx.factories.tenant()).id, 'Theirs');
    expect((await history(ada.auth, `groups/${foreign.id}`)).statusCode).toBe(404);
  });

  it("counts the caller's unread chat messages over direct and group conversations, in the active tenant only", async () => {
    const { tenant, ada, uma } = await tenantWithPeople();
    const unread = async (auth: Record<string, string>) => {
      const res = await ctx.app.inject({ url: '/core/api/chat/unread', headers: auth });
      expect(res.statusCode).toBe(200);
      return (res.json() as { unread: number }).unread;
    };
    expect(await unread(uma.auth)).toBe(0);
    const group = await ctx.factories.userGroup(tenant.id, 'Crew');
    const assign = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/assigngroups',
      headers: ada.auth,
      payload: { userIds: [ada.user.id, uma.user.id], groupIds: [group.id] },
    });
    expect(assign.statusCode).toBe(204);
    expect((await send(ada.auth, `users/${uma.user.id}`, 'One')).statusCode).toBe(201);
    expect((await send(ada.auth, `users/${uma.user.id}`, 'Two')).statusCode).toBe(201);
    expect((await send(ada.auth, `groups/${group.id}`, 'Crew, three')).statusCode).toBe(201);
    expect(await unread(uma.auth)).toBe(3);
    // Writing in a conversation reads it; her own message is unread to Ada only.
    expect((await send(uma.auth, `groups/${group.id}`, 'Hi crew')).statusCode).toBe(201);
    expect(await unread(ada.auth)).toBe(1);
    expect(await unread(uma.auth)).toBe(2);
    // So does opening it.
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/core/api/chat/users/${ada.user.id}/read`,
      headers: uma.auth,
    });
    expect(read.statusCode).toBe(204);
    expect(await unread(uma.auth)).toBe(0);

    // Uma is in a second tenant too: its messages count there, never here, and the other way round.
    const other = await ctx.factories.tenant({ features: ['Chat'] });
    const pat = await ctx.actor(['User'], { tenants: [other.id], activeTenant: other.id });
    const umaThere = await ctx.actor(['User'], { tenants: [tenant.id, other.id], activeTenant: other.id });
    expect((await send(pat.auth, `users/${umaThere.user.id}`, 'Elsewhere')).statusCode).toBe(201);
    expect((await send(ada.auth, `users/${umaThere.user.id}`, 'Here')).statusCode).toBe(201);
    expect(await unread(umaThere.auth)).toBe(1);
    const umaHere = await ctx.chooseTenant(umaThere.auth, tenant.id);
    expect(umaHere.statusCode).toBe(200);
    expect(await unread(bearer(umaHere.json().token))).toBe(1);
    // Without Chat the count is refused like every chat call.
    const { ada: noChat } = await tenantWithPeople(['News']);
    expect((await ctx.app.inject({ url: '/core/api/chat/unread', headers: noChat.auth })).statusCode).toBe(403);
  });

  it('pages history upward by (created_at, id) without gaps or repeats, ties included', async () => {
    const { tenant, ada, uma } = await tenantWithPeople();
    const conversationId = await crossTenant('test fixtures', async () => {
      const [c] = await ctx.db
        .insert(chatConversations)
        .values({ tenantId: tenant.id, ...pairOf(ada.user.id, uma.user.id) })
        .returning();
      // 125 messages over 25 distinct instants: five share each timestamp, so the id breaks ties.
      const base = Date.UTC(2026, 0, 1);
      await ctx.db.insert(chatMessages).values(
        Array.from({ length: 125 }, (_, i) => ({
          tenantId: tenant.id,
          conversationId: c!.id,
          senderId: i % 2 ? ada.user.id : uma.user.id,
          text: `m${i}`,
          createdAt: new Date(base + Math.floor(i / 5) * 1000),
        })),
      );
      return c!.id;
    });
    expect(conversationId).toBeTruthy();

    const seen: { id: string; createdAt: string }[] = [];
    let before: string | null | undefined;
    let pages = 0;
    do {
      const res = await history(uma.auth, `users/${ada.user.id}`, `?take=50${before ? `&before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as History;
      const messages = page.groups.flatMap((g) => g.messages);
      // Oldest first within a page; each page lies wholly above the one before.
      seen.unshift(...messages);
      before = page.before;
      pages++;
      if (before) expect(before).toBe(messages[0]!.id);
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(125);
    expect(new Set(seen.map((m) => m.id)).size).toBe(125);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id)).toBe(true);
    }
  });
});

describe('chat: live events through the hub', () => {
  let server: Awaited<ReturnType<typeof startHubServer>>;
  const clients: HubConnection[] = [];
  beforeAll(async () => {
    server = await startHubServer({ diagnostics: false });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await server.close();
  });

  async function connect(token: string) {
    const client = hubClient(server.hubUrl, HttpTransportType.WebSockets, () => token);
    await client.start();
    clients.push(client);
    return client;
  }
  const post = (token: string, path: string, text: string) =>
    server.app.inject({
      method: 'POST',
      url: `/core/api/chat/${path}/messages`,
      headers: bearer(token),
      payload: { text },
    });

  it('sends ReloadMessages to the recipient of a direct message and to nobody else', async () => {
    const tenant = await server.factories.tenant({ features: ['Chat'] });
    const ada = await server.member([tenant.id]);
    const uma = await server.member([tenant.id]);
    const bob = await server.member([tenant.id]);
    const umaHub = await connect(uma.token);
    const bobHub = await connect(bob.token);
    const received = nextCall(umaHub, 'ReloadMessages');
    const bobHears = receivesWithin(bobHub, 'ReloadMessages', 800);
    expect((await post(ada.token, `users/${uma.user.id}`, 'ping')).statusCode).toBe(201);
    expect(await received).toEqual([]);
    expect(await bobHears).toBe(false);
  });

  it("sends ReloadGroupMessages to the group's current members; a removed member stops receiving", async () => {
    const tenant = await server.factories.tenant({ features: ['Chat'] });
    const admin = await server.factories.user({ roles: ['TenantAdmin'], tenantIds: [tenant.id] });
    let adminToken = (await server.signIn(admin.email)).token;
    adminToken = await server.activate(adminToken, tenant.id);
    const group = await server.factories.userGroup(tenant.id, 'Crew');
    const uma = await server.member([tenant.id]);
    const bob = await server.member([tenant.id]);
    const outsider = await server.member([tenant.id]);
    for (const u of [admin.id, uma.user.id, bob.user.id]) await server.addToGroup(group.id, u);
    const umaHub = await connect(uma.token);
    const bobHub = await connect(bob.token);
    const outsiderHub = await connect(outsider.token);

    const umaGets = nextCall(umaHub, 'ReloadGroupMessages');
    const bobGets = nextCall(bobHub, 'ReloadGroupMessages');
    const outsiderHears = receivesWithin(outsiderHub, 'ReloadGroupMessages', 800);
    expect((await post(adminToken, `groups/${group.id}`, 'hello crew')).statusCode).toBe(201);
    await Promise.all([umaGets, bobGets]);
    expect(await outsiderHears).toBe(false);

    // Bob leaves the group: his live connection stops receiving the group's messages at once.
    const unassign = await server.app.inject({
      method: 'POST',
      url: '/core/api/users/unassigngroups',
      headers: bearer(adminToken),
      payload: { userIds: [bob.user.id], groupIds: [group.id] },
    });
    expect(unassign.statusCode).toBe(204);
    const umaAgain = nextCall(umaHub, 'ReloadGroupMessages');
    const bobHears = receivesWithin(bobHub, 'ReloadGroupMessages', 800);
    expect((await post(adminToken, `groups/${group.id}`, 'bob is gone')).statusCode).toBe(201);
    await umaAgain;
    expect(await bobHears).toBe(false);
    // Membership rows are the group's own: the chat kept no copy of Bob.
    const rows = await crossTenant('test check', () => server.database.db.select().from(userGroupMembers));
    expect(rows.some((r) => r.userId === bob.user.id && r.groupId === group.id)).toBe(false);
  });
});

describeTenantIsolation([
  {
    name: 'GET /core/api/chat/users/:userId/messages',
    method: 'GET',
    features: ['Chat'],
    url: (id) => `/core/api/chat/users/${id}/messages`,
    async createInTenantB(ctx, tenantBId) {
      const user = await ctx.factories.user({ tenantIds: [tenantBId], name: 'Secretive', surname: 'Bperson' });
      return { id: user.id, secret: 'Bperson' };
    },
  },
  {
    name: 'POST /core/api/chat/users/:userId/messages',
    method: 'POST',
    features: ['Chat'],
    url: (id) => `/core/api/chat/users/${id}/messages`,
    payload: () => ({ text: 'hello from A' }),
    async createInTenantB(ctx, tenantBId) {
      const user = await ctx.factories.user({ tenantIds: [tenantBId], name: 'Secretive', surname: 'Bperson' });
      return { id: user.id, secret: 'Bperson' };
    },
  },
  {
    name: 'GET /core/api/chat/groups/:groupId/messages',
    method: 'GET',
    features: ['Chat'],
    url: (id) => `/core/api/chat/groups/${id}/messages`,
    async createInTenantB(ctx, tenantBId) {
      const group = await ctx.factories.userGroup(tenantBId, 'Secret crew of B');
      return { id: group.id, secret: 'Secret crew' };
    },
  },
  {
    name: 'POST /core/api/chat/groups/:groupId/messages',
    method: 'POST',
    features: ['Chat'],
    url: (id) => `/core/api/chat/groups/${id}/messages`,
    payload: () => ({ text: 'hello from A' }),
    async createInTenantB(ctx, tenantBId) {
      const group = await ctx.factories.userGroup(tenantBId, 'Secret crew of B');
      return { id: group.id, secret: 'Secret crew' };
    },
  },
  {
    name: 'POST /core/api/chat/groups/:groupId/read',
    method: 'POST',
    features: ['Chat'],
    url: (id) => `/core/api/chat/groups/${id}/read`,
    async createInTenantB(ctx, tenantBId) {
      const group = await ctx.factories.userGroup(tenantBId, 'Secret crew of B');
      return { id: group.id, secret: 'Secret crew' };
    },
  },
  {
    name: 'GET /core/api/chat/unread',
    method: 'GET',
    features: ['Chat'],
    list: true,
    url: () => '/core/api/chat/unread',
    async createInTenantB(ctx, tenantBId) {
      // A conversation of tenant B, unread by its recipient: nothing of it may count in tenant A.
      const a = await ctx.factories.user({ tenantIds: [tenantBId], name: 'Counted', surname: 'Bsecret' });
      const b = await ctx.factories.user({ tenantIds: [tenantBId] });
      await crossTenant('test fixtures', async () => {
        const [c] = await ctx.db
          .insert(chatConversations)
          .values({ tenantId: tenantBId, ...pairOf(a.id, b.id) })
          .returning();
        await ctx.db
          .insert(chatMessages)
          .values({ tenantId: tenantBId, conversationId: c!.id, senderId: a.id, text: 'B only' });
      });
      return { id: a.id, secret: 'B only' };
    },
  },
  {
    name: 'GET /core/api/chat/conversations',
    method: 'GET',
    features: ['Chat'],
    list: true,
    url: () => '/core/api/chat/conversations',
    async createInTenantB(ctx, tenantBId) {
      const user = await ctx.factories.user({ tenantIds: [tenantBId], name: 'Listed', surname: 'Bsecret' });
      const group = await ctx.factories.userGroup(tenantBId, 'Hidden crew of B');
      return { id: `${user.id}`, secret: group.name };
    },
  },
]);

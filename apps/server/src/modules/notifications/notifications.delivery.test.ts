import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOTIFICATION_EVENT_TYPES, NOTIFICATION_INTERVALS, type NotificationEventTypeName } from '@atrium/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFactories } from '../../../test/factories.js';
import {
  bearer,
  createTestApp,
  freshDatabase,
  type Headers,
  ownerUrlOf,
  type TestContext,
  testConfig,
} from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { multipart } from '../../../test/multipart.js';
import { type App, buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { createAuditService } from '../audit/audit.service.js';
import { mailOutbox } from '../mail/mail.schema.js';
import { createMailService } from '../mail/mail.service.js';
import { projectMembers, projects, projectTasks, timeMarks } from '../timelogs/timelogs.schema.js';
import { tenantMemberships } from '../users/users.schema.js';
import { seedEventTypes } from './notifications.repository.js';
import { startScheduler } from './notifications.scheduler.js';
import {
  notificationEventTypes,
  notificationSubscriptions,
  notifications,
  notificationUnreadCounts,
} from './notifications.schema.js';
import { createNotificationsService, digestPeriod, isoWeek, type PushSender } from './notifications.service.js';

const API = '/core/api';
const fixtures = <T>(fn: () => Promise<T>) => crossTenant('test fixtures', fn);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function subscribe(userId: string, tenantId: string, type: NotificationEventTypeName, interval: number) {
  const values = { userId, tenantId, eventTypeId: await ctx.factories.eventTypeId(tenantId, type), interval };
  await fixtures(() => ctx.db.insert(notificationSubscriptions).values(values));
}

/** PUT changeNotificationInterval as the caller (the body as given: the tests send bad ones too). */
const changeInterval = (auth: Headers, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${API}/notification/changeNotificationInterval`,
    headers: auth,
    payload: payload as object,
  });
const mailsTo = (email: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const storedFor = (userId: string) =>
  fixtures(() => ctx.db.select().from(notifications).where(eq(notifications.userId, userId)));

/** A push service that records what it was asked to send (the push module is another's). */
function recordingPush(): PushSender & { sent: { userId: string; title: string; url: string }[] } {
  const sent: { userId: string; title: string; url: string }[] = [];
  return {
    sent,
    async sendToUser(userId, message) {
      sent.push({ userId, title: message.title, url: message.url });
    },
  };
}

function serviceWith(push?: PushSender) {
  return createNotificationsService({
    db: ctx.db,
    hub: ctx.app.hub,
    mail: createMailService({ db: ctx.db, transport: null, log: pino({ level: 'silent' }) }),
    audit: createAuditService({ db: ctx.db }),
    config: { dailyMailSenders: [], publicUrl: 'http://atrium.test' },
    push,
  });
}

async function member(tenantId: string, extra: { language?: string; roles?: ('User' | 'TenantAdmin')[] } = {}) {
  const user = await ctx.factories.user({ tenantIds: [tenantId], language: extra.language, roles: extra.roles });
  let { token } = await ctx.signIn(user.email);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${API}/auth/activetenant`,
    headers: bearer(token),
    payload: { tenantId },
  });
  token = res.json().token;
  return { ...user, auth: bearer(token) };
}

describe('the /notifications page calls', () => {
  it('pages the event types (first page of 10), searches name and note, and sorts', async () => {
    const tenant = await ctx.factories.tenant();
    const user = await member(tenant.id);
    const first = await ctx.app.inject({ url: `${API}/notification/getNotificationsTypes`, headers: user.auth });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ page: 1, take: 10, total: 11 });
    expect(page.data.map((t: { name: string }) => t.name)).toEqual([
      'CalendarInvitation',
      'ChatMention',
      'ChatMessage',
      'DocumentAdded',
      'MessageReceived',
      'NewsPublished',
      'SprintIdeaAdded',
      'SprintIdeaCommented',
      'SprintIdeaStatusChanged',
      'SprintTaskAssigned',
    ]);
    const second = await ctx.app.inject({
      url: `${API}/notification/getNotificationsTypes?page=2&take=3&sort=name&direction=desc`,
      headers: user.auth,
    });
    expect(second.json().data.map((t: { name: string }) => t.name)).toEqual([
      'SprintIdeaCommented',
      'SprintIdeaAdded',
      'NewsPublished',
    ]);
    const searched = await ctx.app.inject({
      url: `${API}/notification/getNotificationsTypes?search=hours`,
      headers: user.auth,
    });
    expect(searched.json()).toMatchObject({ total: 1, data: [{ name: 'TimeLogReminder', note: expect.any(String) }] });
    const bad = await ctx.app.inject({
      url: `${API}/notification/getNotificationsTypes?sort=password`,
      headers: user.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps each interval the user picks, per tenant; no subscription means none listed (-1 on the page)', async () => {
    const a = await ctx.factories.tenant();
    const b = await ctx.factories.tenant();
    const user = await member(a.id);
    await fixtures(() => ctx.db.insert(tenantMemberships).values({ tenantId: b.id, userId: user.id }));
    const subs = () => ctx.app.inject({ url: `${API}/notification/getUserSubscriptions`, headers: user.auth });
    expect((await subs()).json()).toEqual([]);
    const documentAdded = await ctx.factories.eventTypeId(a.id, 'DocumentAdded');
    for (const interval of [1, 2, 3, 4, -1, 3]) {
      const res = await changeInterval(user.auth, { typeId: documentAdded, intervalType: interval });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ notificationEventTypeId: documentAdded, notificationEventInterval: interval });
    }
    expect((await subs()).json()).toEqual([{ notificationEventTypeId: documentAdded, notificationEventInterval: 3 }]);
    // Only in the active tenant.
    const [inB] = await fixtures(() =>
      ctx.db
        .select()
        .from(notificationSubscriptions)
        .where(and(eq(notificationSubscriptions.userId, user.id), eq(notificationSubscriptions.tenantId, b.id))),
    );
    expect(inB).toBeUndefined();
  });

  it('refuses an interval outside -1, 1, 2, 3, 4 and an unknown event type, without a 5xx', async () => {
    const tenant = await ctx.factories.tenant();
    const user = await member(tenant.id);
    const put = (payload: unknown) => changeInterval(user.auth, payload);
    const typeIdOk = await ctx.factories.eventTypeId(tenant.id, 'NewsPublished');
    for (const intervalType of [0, 5, '2', null, 2.5]) {
      expect((await put({ typeId: typeIdOk, intervalType })).statusCode).toBe(400);
    }
    expect((await put({ typeId: 'nope', intervalType: 1 })).statusCode).toBe(400);
    expect((await put({ typeId: crypto.randomUUID(), intervalType: 1 })).statusCode).toBe(404);
  });

  it('gives a tenant created or copied through the API its own event types; another tenant’s are never listed nor changeable', async () => {
    const su = await ctx.actor(['Superadmin']);
    const founder = await ctx.factories.user();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${API}/tenants`,
      headers: su.auth,
      payload: { name: `Own types ${crypto.randomUUID().slice(0, 8)}`, userIds: [founder.id] },
    });
    expect(created.statusCode).toBe(201);
    const mine = created.json().id as string;
    const copied = await ctx.app.inject({
      method: 'POST',
      url: `${API}/tenants/${mine}/clone`,
      headers: su.auth,
      payload: { title: `Copied types ${crypto.randomUUID().slice(0, 8)}` },
    });
    expect(copied.statusCode).toBe(201);
    const theirs = copied.json().id as string;
    const typesOf = (tenantId: string) =>
      fixtures(() => ctx.db.select().from(notificationEventTypes).where(eq(notificationEventTypes.tenantId, tenantId)));
    const names = NOTIFICATION_EVENT_TYPES.map((t) => t.name).sort();
    const own = await typesOf(mine);
    expect(own.map((t) => t.name).sort()).toEqual(names);
    expect((await typesOf(theirs)).map((t) => t.name).sort()).toEqual(names);

    const user = await member(mine);
    const listed = await ctx.app.inject({
      url: `${API}/notification/getNotificationsTypes?take=200`,
      headers: user.auth,
    });
    expect(listed.json().total).toBe(names.length);
    expect(
      listed
        .json()
        .data.map((t: { id: string }) => t.id)
        .sort(),
    ).toEqual(own.map((t) => t.id).sort());

    // The copy's DocumentAdded is not this tenant's: 404, and no subscription is written.
    const foreign = await ctx.factories.eventTypeId(theirs, 'DocumentAdded');
    const put = await changeInterval(user.auth, { typeId: foreign, intervalType: NOTIFICATION_INTERVALS.Immediately });
    expect(put.statusCode).toBe(404);
    expect(
      await fixtures(() =>
        ctx.db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.userId, user.id)),
      ),
    ).toEqual([]);
    // Its own DocumentAdded is.
    const ownType = own.find((t) => t.name === 'DocumentAdded')!.id;
    const ok = await changeInterval(user.auth, { typeId: ownType, intervalType: NOTIFICATION_INTERVALS.Immediately });
    expect(ok.statusCode).toBe(200);
  });

  it('raises with the tenant’s own type of that code, and start-up adds a type new to the code to every tenant', async () => {
    const a = await ctx.factories.tenant();
    const b = await ctx.factories.tenant();
    const user = await ctx.factories.user({ tenantIds: [a.id, b.id] });
    for (const t of [a, b]) {
      await serviceWith().raise(t.id, { eventType: 'NewsPublished', userIds: [user.id], title: `News of ${t.name}` });
    }
    const stored = await storedFor(user.id);
    for (const t of [a, b]) {
      expect(stored.find((n) => n.tenantId === t.id)?.eventTypeId).toBe(
        await ctx.factories.eventTypeId(t.id, 'NewsPublished'),
      );
    }
    // A tenant that predates a type (its row missing) gets it at the next start; its own rows stay as they are.
    await fixtures(async () => {
      await ctx.db
        .delete(notificationEventTypes)
        .where(and(eq(notificationEventTypes.tenantId, a.id), eq(notificationEventTypes.name, 'SprintTaskAssigned')));
      await ctx.db
        .update(notificationEventTypes)
        .set({ note: 'In our own words' })
        .where(and(eq(notificationEventTypes.tenantId, a.id), eq(notificationEventTypes.name, 'NewsPublished')));
    });
    await expect(ctx.factories.eventTypeId(a.id, 'SprintTaskAssigned')).rejects.toThrow();
    await seedEventTypes(ctx.db);
    await ctx.factories.eventTypeId(a.id, 'SprintTaskAssigned');
    const [news] = await fixtures(() =>
      ctx.db
        .select()
        .from(notificationEventTypes)
        .where(and(eq(notificationEventTypes.tenantId, a.id), eq(notificationEventTypes.name, 'NewsPublished'))),
    );
    expect(news!.note).toBe('In our own words');
  });

  it("lists the active tenant's users for subscriptions, not other tenants' nor deleted ones", async () => {
    const tenant = await ctx.factories.tenant();
    const other = await ctx.factories.tenant();
    const user = await member(tenant.id);
    const colleague = await ctx.factories.user({ name: 'Cora', surname: 'Colleague', tenantIds: [tenant.id] });
    const gone = await ctx.factories.user({ tenantIds: [tenant.id], deletedAt: new Date() });
    const stranger = await ctx.factories.user({ tenantIds: [other.id] });
    const res = await ctx.app.inject({ url: `${API}/notification/getUsersForSubscriptions`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((u: { userId: string }) => u.userId);
    expect(ids).toContain(user.id);
    expect(res.json()).toContainEqual({ userId: colleague.id, userName: 'Cora Colleague' });
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(stranger.id);
  });

  it('answers 401 without a token and 400 without an active tenant', async () => {
    expect((await ctx.app.inject({ url: `${API}/notification/getUserSubscriptions` })).statusCode).toBe(401);
    const admin = await ctx.actor(['Superadmin']);
    const res = await ctx.app.inject({ url: `${API}/notification/getUserSubscriptions`, headers: admin.auth });
    expect(res.statusCode).toBe(400);
  });
});

describe('raise(): delivery by interval', () => {
  it('Immediately: stored, mailed at once in the user’s language, pushed when not connected', async () => {
    const tenant = await ctx.factories.tenant();
    const dana = await ctx.factories.user({ name: 'Dana', language: 'da', tenantIds: [tenant.id] });
    await subscribe(dana.id, tenant.id, 'TimeLogReminder', NOTIFICATION_INTERVALS.Immediately);
    const push = recordingPush();
    const raised = await serviceWith(push).raise(tenant.id, {
      eventType: 'TimeLogReminder',
      userIds: [dana.id],
      title: { en: 'Log your hours', da: 'Registrer dine timer' },
      body: { en: 'Before Friday', da: 'Før fredag' },
      link: '/timelogs',
    });
    expect(raised).toEqual([dana.id]);
    const [stored] = await storedFor(dana.id);
    expect(stored).toMatchObject({ title: 'Registrer dine timer', body: 'Før fredag', link: '/timelogs' });
    expect(stored!.mailedAt).not.toBeNull();
    const [mail, ...more] = await mailsTo(dana.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Registrer dine timer', tenantId: tenant.id });
    expect(mail!.text).toContain('http://atrium.test/timelogs');
    expect(mail!.text).toContain('Du får denne mail med det samme');
    expect(push.sent).toEqual([{ userId: dana.id, title: 'Registrer dine timer', url: '/timelogs' }]);
  });

  it('Immediately: no push while the user has a live connection here', async () => {
    const tenant = await ctx.factories.tenant();
    const user = await ctx.factories.user({ tenantIds: [tenant.id] });
    await subscribe(user.id, tenant.id, 'ChatMessage', NOTIFICATION_INTERVALS.Immediately);
    const push = recordingPush();
    const hub = { ...ctx.app.hub, isOnline: async (id: string) => id === user.id };
    const service = createNotificationsService({
      db: ctx.db,
      hub,
      mail: createMailService({ db: ctx.db, transport: null, log: pino({ level: 'silent' }) }),
      audit: createAuditService({ db: ctx.db }),
      config: { dailyMailSenders: [], publicUrl: 'http://atrium.test' },
      push,
    });
    await service.raise(tenant.id, { eventType: 'ChatMessage', userIds: [user.id], title: 'Hi' });
    expect(push.sent).toEqual([]);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('Disabled (no subscription, or -1): stored for the app, nothing mailed or pushed', async () => {
    const tenant = await ctx.factories.tenant();
    const none = await ctx.factories.user({ tenantIds: [tenant.id] });
    const off = await ctx.factories.user({ tenantIds: [tenant.id] });
    await subscribe(off.id, tenant.id, 'DocumentAdded', NOTIFICATION_INTERVALS.Disabled);
    const push = recordingPush();
    await serviceWith(push).raise(tenant.id, { eventType: 'DocumentAdded', userIds: [none.id, off.id], title: 'Doc' });
    for (const u of [none, off]) {
      expect(await storedFor(u.id)).toHaveLength(1);
      expect(await mailsTo(u.email)).toEqual([]);
    }
    expect(push.sent).toEqual([]);
    // A later digest does not take them either.
    const before = (await ctx.db.select().from(mailOutbox)).length;
    await serviceWith().sendDigests(new Date('2031-01-01T00:05:00Z'));
    expect(await mailsTo(none.email)).toEqual([]);
    expect(await mailsTo(off.email)).toEqual([]);
    expect((await ctx.db.select().from(mailOutbox)).length).toBeGreaterThanOrEqual(before);
  });

  it('leaves out deleted users, users of other tenants, the excepted user, and unsafe links', async () => {
    const tenant = await ctx.factories.tenant();
    const other = await ctx.factories.tenant();
    const a = await ctx.factories.user({ tenantIds: [tenant.id] });
    const b = await ctx.factories.user({ tenantIds: [tenant.id] });
    const gone = await ctx.factories.user({ tenantIds: [tenant.id], deletedAt: new Date() });
    const stranger = await ctx.factories.user({ tenantIds: [other.id] });
    const raised = await serviceWith().raise(tenant.id, {
      eventType: 'NewsPublished',
      userIds: 'members',
      exceptUserId: b.id,
      title: 'News',
      link: '//evil.example/x',
    });
    expect(raised).toEqual([a.id]);
    const direct = await serviceWith().raise(tenant.id, {
      eventType: 'NewsPublished',
      userIds: [stranger.id, gone.id, a.id, a.id],
      title: 'News 2',
      link: 'javascript:alert(1)',
    });
    expect(direct).toEqual([a.id]);
    const rows = await storedFor(a.id);
    expect(rows.map((r) => r.link)).toEqual([null, null]);
    expect(await storedFor(stranger.id)).toEqual([]);
  });

  it('once: a reminder raised twice for the same job and period reaches each user once', async () => {
    const tenant = await ctx.factories.tenant();
    const user = await ctx.factories.user({ tenantIds: [tenant.id] });
    const input = { eventType: 'TimeLogReminder' as const, userIds: [user.id], title: 'Hours' };
    const once = { once: { job: `reminder:test:${tenant.id}`, period: '2030-W01' } };
    const [first, second] = await Promise.all([
      serviceWith().raise(tenant.id, input, once),
      serviceWith().raise(tenant.id, input, once),
    ]);
    expect([...first, ...second]).toEqual([user.id]);
    expect(await serviceWith().raise(tenant.id, input, { once: { ...once.once, period: '2030-W02' } })).toEqual([
      user.id,
    ]);
    expect(await storedFor(user.id)).toHaveLength(2);
  });
});

describe('counts and the inbox', () => {
  it('counts unread per tenant, lists newest first, and marks one or all read (live reload to the user)', async () => {
    const a = await ctx.factories.tenant();
    const b = await ctx.factories.tenant();
    const user = await member(a.id);
    await fixtures(() => ctx.db.insert(tenantMemberships).values({ tenantId: b.id, userId: user.id }));
    const service = serviceWith();
    for (const title of ['first', 'second', 'third']) {
      await service.raise(a.id, { eventType: 'NewsPublished', userIds: [user.id], title });
    }
    await service.raise(b.id, { eventType: 'NewsPublished', userIds: [user.id], title: 'in b' });
    const count = async () => (await ctx.app.inject({ url: `${API}/notifications/count`, headers: user.auth })).json();
    expect(await count()).toEqual([{ groupName: 'Notifications', count: 3 }]);

    const list = await ctx.app.inject({ url: `${API}/notifications?take=2`, headers: user.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 3, unread: 3, page: 1, take: 2 });
    expect(list.json().data.map((n: { title: string }) => n.title)).toEqual(['third', 'second']);
    const first = list.json().data[1] as { id: string; eventType: string };
    expect(first.eventType).toBe('NewsPublished');

    const read = await ctx.app.inject({
      method: 'POST',
      url: `${API}/notifications/${first.id}/read`,
      headers: user.auth,
    });
    expect(read.statusCode).toBe(204);
    // Twice is fine and counts once.
    await ctx.app.inject({ method: 'POST', url: `${API}/notifications/${first.id}/read`, headers: user.auth });
    expect(await count()).toEqual([{ groupName: 'Notifications', count: 2 }]);
    const unreadOnly = await ctx.app.inject({ url: `${API}/notifications?unread=true`, headers: user.auth });
    expect(unreadOnly.json().data.map((n: { title: string }) => n.title)).toEqual(['third', 'first']);

    const all = await ctx.app.inject({ method: 'POST', url: `${API}/notifications/readall`, headers: user.auth });
    expect(all.json()).toEqual({ marked: 2 });
    expect(await count()).toEqual([]);
    // Tenant b's notification is still unread there.
    const [inB] = await fixtures(() =>
      ctx.db
        .select()
        .from(notificationUnreadCounts)
        .where(and(eq(notificationUnreadCounts.userId, user.id), eq(notificationUnreadCounts.tenantId, b.id))),
    );
    expect(inB!.unread).toBe(1);
  });

  it("answers 404 for another user's notification and for one in another tenant", async () => {
    const tenant = await ctx.factories.tenant();
    const user = await member(tenant.id);
    const other = await ctx.factories.user({ tenantIds: [tenant.id] });
    await serviceWith().raise(tenant.id, { eventType: 'NewsPublished', userIds: [other.id], title: 'theirs' });
    const [theirs] = await storedFor(other.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/notifications/${theirs!.id}/read`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(404);
    const [still] = await storedFor(other.id);
    expect(still!.readAt).toBeNull();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `${API}/notifications/not-a-uuid/read`,
      headers: user.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('digests by interval (the scheduler’s job)', () => {
  it('sends each interval its own digest once per period, in the user’s language, and nothing twice', async () => {
    const tenant = await ctx.factories.tenant({ name: 'Digest Homes' });
    const daily = await ctx.factories.user({ name: 'Dag', tenantIds: [tenant.id] });
    const weekly = await ctx.factories.user({ name: 'Vera', language: 'da', tenantIds: [tenant.id] });
    const monthly = await ctx.factories.user({ name: 'Mona', tenantIds: [tenant.id] });
    await subscribe(daily.id, tenant.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);
    await subscribe(weekly.id, tenant.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceAWeek);
    await subscribe(monthly.id, tenant.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceAMoth);
    const service = serviceWith();
    const raise = (title: string) =>
      service.raise(tenant.id, { eventType: 'NewsPublished', userIds: [daily.id, weekly.id, monthly.id], title });
    await raise('Alpha');
    // Nothing goes out on raising for digest subscribers.
    for (const u of [daily, weekly, monthly]) expect(await mailsTo(u.email)).toEqual([]);

    const monday = new Date('2032-03-01T00:01:00Z');
    await service.sendDigests(monday);
    const [d1] = await mailsTo(daily.email);
    expect(d1).toMatchObject({ subject: 'Your daily Atrium summary', tenantId: tenant.id });
    expect(d1!.text).toContain('Digest Homes\n- Alpha');
    expect(d1!.text).toContain('once a day');
    const [w1] = await mailsTo(weekly.email);
    expect(w1).toMatchObject({ subject: 'Dit ugentlige overblik fra Atrium' });
    expect(w1!.html).toContain('Hej Vera,');
    expect(w1!.text).toContain('en gang om ugen');
    const [m1] = await mailsTo(monthly.email);
    expect(m1).toMatchObject({ subject: 'Your monthly Atrium summary' });

    // Same period again, even with something new: nothing more until the next period.
    await raise('Beta');
    await service.sendDigests(new Date('2032-03-01T18:00:00Z'));
    for (const u of [daily, weekly, monthly]) expect(await mailsTo(u.email)).toHaveLength(1);

    // Next day: the daily digest only, with Beta; next week: the weekly; next month: the monthly.
    await service.sendDigests(new Date('2032-03-02T00:01:00Z'));
    expect(await mailsTo(daily.email)).toHaveLength(2);
    expect((await mailsTo(daily.email)).some((m) => m.text.includes('- Beta') && !m.text.includes('- Alpha'))).toBe(
      true,
    );
    expect(await mailsTo(weekly.email)).toHaveLength(1);
    await service.sendDigests(new Date('2032-03-08T00:01:00Z'));
    expect(await mailsTo(weekly.email)).toHaveLength(2);
    expect(await mailsTo(monthly.email)).toHaveLength(1);
    await service.sendDigests(new Date('2032-04-01T00:01:00Z'));
    expect(await mailsTo(monthly.email)).toHaveLength(2);
    // Nothing was left to send the daily user the days after.
    expect(await mailsTo(daily.email)).toHaveLength(2);
  });

  it('names periods by UTC day, ISO week and month', () => {
    expect(digestPeriod(2, new Date('2026-11-26T23:59:59Z'))).toBe('2026-11-26');
    expect(digestPeriod(3, new Date('2026-11-26T10:00:00Z'))).toBe('2026-W48');
    expect(digestPeriod(4, new Date('2026-11-26T10:00:00Z'))).toBe('2026-11');
    expect(isoWeek(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53');
    expect(isoWeek(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01');
  });

  it('the scheduler runs its jobs on its own, one run at a time, and stops cleanly', async () => {
    const runs: Date[] = [];
    let release!: () => void;
    const slow = new Promise<void>((r) => {
      release = r;
    });
    const scheduler = startScheduler({
      everyMs: 20,
      firstAfterMs: 1,
      log: pino({ level: 'silent' }),
      jobs: [
        { name: 'failing', run: async () => Promise.reject(new Error('boom')) },
        {
          name: 'slow',
          run: async (now) => {
            runs.push(now);
            await slow;
          },
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 120));
    // A failing job does not stop the next; a run in progress is not overlapped.
    expect(runs).toHaveLength(1);
    release();
    await new Promise((r) => setTimeout(r, 80));
    expect(runs.length).toBeGreaterThan(1);
    await scheduler.stop();
    const after = runs.length;
    await new Promise((r) => setTimeout(r, 60));
    expect(runs.length).toBe(after);
  });
});

describe('producers', () => {
  it('a document that gets its first file raises DocumentAdded for the other members only', async () => {
    const tenant = await ctx.factories.tenant({ features: ['Documents'] });
    const uploader = await member(tenant.id, { roles: ['TenantAdmin'] });
    const colleague = await member(tenant.id);
    const type = await ctx.app.inject({
      method: 'POST',
      url: `${API}/documenttypes`,
      headers: uploader.auth,
      payload: { name: 'Policies', isShownOnSideMenu: false },
    });
    const doc = await ctx.app.inject({
      method: 'POST',
      url: `${API}/documents/postdocument`,
      headers: uploader.auth,
      payload: { title: 'Handbook', documentTypeId: type.json().id },
    });
    expect(await storedFor(colleague.id)).toEqual([]);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
    const body = multipart(pdf, 'handbook.pdf');
    const up = await ctx.app.inject({
      method: 'POST',
      url: `${API}/documents/${doc.json().id}/file`,
      headers: { ...uploader.auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const [added] = await storedFor(colleague.id);
    expect(added).toMatchObject({
      eventTypeId: await ctx.factories.eventTypeId(tenant.id, 'DocumentAdded'),
      title: 'New document: Handbook',
      link: `/documents/${type.json().id}`,
    });
    expect(await storedFor(uploader.id)).toEqual([]);
    const count = await ctx.app.inject({ url: `${API}/notifications/count`, headers: colleague.auth });
    expect(count.json()).toEqual([{ groupName: 'Notifications', count: 1 }]);
  });

  it('the time-log reminder goes to project members without hours this week, from Friday noon, once a week', async () => {
    const tenant = await ctx.factories.tenant({ features: ['TimeLogs'] });
    const off = await ctx.factories.tenant();
    const idle = await ctx.factories.user({ tenantIds: [tenant.id], language: 'da' });
    const busy = await ctx.factories.user({ tenantIds: [tenant.id] });
    const outsider = await ctx.factories.user({ tenantIds: [tenant.id] });
    const elsewhere = await ctx.factories.user({ tenantIds: [off.id] });
    await fixtures(async () => {
      const [project] = await ctx.db
        .insert(projects)
        .values({ tenantId: tenant.id, name: 'Care', startDate: '2030-01-01' })
        .returning();
      const [task] = await ctx.db
        .insert(projectTasks)
        .values({ tenantId: tenant.id, projectId: project!.id, name: 'Visits' })
        .returning();
      await ctx.db.insert(projectMembers).values([
        { tenantId: tenant.id, projectId: project!.id, userId: idle.id },
        { tenantId: tenant.id, projectId: project!.id, userId: busy.id },
      ]);
      await ctx.db.insert(timeMarks).values({
        tenantId: tenant.id,
        userId: busy.id,
        projectId: project!.id,
        taskId: task!.id,
        date: '2032-03-03',
        hours: 2,
      });
      const [p2] = await ctx.db
        .insert(projects)
        .values({ tenantId: off.id, name: 'Off', startDate: '2030-01-01' })
        .returning();
      await ctx.db.insert(projectMembers).values({ tenantId: off.id, projectId: p2!.id, userId: elsewhere.id });
    });
    const { timelogs } = ctx.app.services;
    // Thursday, and Friday morning: too early.
    expect(await timelogs.remindMissingHours(new Date('2032-03-04T15:00:00Z'))).toBe(0);
    expect(await timelogs.remindMissingHours(new Date('2032-03-05T11:59:00Z'))).toBe(0);
    await timelogs.remindMissingHours(new Date('2032-03-05T12:30:00Z'));
    const [reminder, ...more] = await storedFor(idle.id);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      eventTypeId: await ctx.factories.eventTypeId(tenant.id, 'TimeLogReminder'),
      title: 'Dine timer for denne uge er ikke registreret endnu',
      link: '/timelogs',
    });
    for (const u of [busy, outsider, elsewhere]) expect(await storedFor(u.id)).toEqual([]);
    // Again on Sunday: already reminded this week.
    await timelogs.remindMissingHours(new Date('2032-03-07T20:00:00Z'));
    expect(await storedFor(idle.id)).toHaveLength(1);
    // The next Friday: again.
    await timelogs.remindMissingHours(new Date('2032-03-12T13:00:00Z'));
    expect(await storedFor(idle.id)).toHaveLength(2);
  });
});

describe('exactly once with two server processes on one database', () => {
  // Two apps as two processes: on PostgreSQL each has its own pool; on PGlite (one connection) the
  // one instance serves both.
  let database: Database & { dispose: () => Promise<void> };
  let second: Database | null = null;
  const apps: App[] = [];
  const dirs: string[] = [];
  const appOn = async (db: Database) => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-test-'));
    dirs.push(dir);
    const config = testConfig({ DATA_DIR: dir });
    const app = await buildApp({ config, database: db });
    await app.ready();
    apps.push(app);
    return app;
  };
  const otherProcess = async () => {
    if (database.kind !== 'postgres') return database;
    const db = await openDatabase({ url: database.pool!.options.connectionString!, dataDir: null });
    await migrate(db, ownerUrlOf(database));
    second = db;
    return db;
  };
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await database.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('mails each user one digest per interval and period, however the runs race, and after a restart', async () => {
    const factories = makeFactories(database.db);
    const a = await appOn(database);
    const b = await appOn(await otherProcess());
    const tenant = await factories.tenant();
    const news = { id: await factories.eventTypeId(tenant.id, 'NewsPublished') };
    const users: { id: string; email: string }[] = [];
    for (let i = 0; i < 30; i++) users.push(await factories.user({ tenantIds: [tenant.id] }));
    await crossTenant('test fixtures', async () => {
      await database.db
        .insert(notificationSubscriptions)
        .values(
          users.map((u, i) => ({ userId: u.id, tenantId: tenant.id, eventTypeId: news!.id, interval: 2 + (i % 3) })),
        );
      await database.db
        .insert(notifications)
        .values(
          users.flatMap((u) =>
            [1, 2].map((n) => ({ userId: u.id, tenantId: tenant.id, eventTypeId: news!.id, title: `n${n}` })),
          ),
        );
    });
    const now = new Date('2033-05-02T00:02:00Z');
    await Promise.all([
      a.services.notifications.sendDigests(now),
      b.services.notifications.sendDigests(now),
      a.services.notifications.sendDigests(now),
      b.services.notifications.sendDigests(now),
    ]);
    const emails = users.map((u) => u.email);
    const mails = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));
    expect(mails).toHaveLength(users.length);
    expect(new Set(mails.map((m) => m.to)).size).toBe(users.length);
    for (const m of mails) expect(m.text).toMatch(/- n1[\s\S]*- n2|- n2[\s\S]*- n1/);

    // A restarted process in the same period sends nothing again.
    await b.close();
    apps.splice(apps.indexOf(b), 1);
    const c = await appOn(second ?? database);
    await c.services.notifications.sendDigests(new Date('2033-05-02T12:00:00Z'));
    expect(await database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails))).toHaveLength(
      users.length,
    );
  });
});

/** Puts a NewsPublished notification titled `secret` in tenant B, for one of its users. */
const notificationInTenantB = (secret: string) => async (c: TestContext, tenantBId: string) => {
  const owner = await c.factories.user({ tenantIds: [tenantBId] });
  const eventTypeId = await c.factories.eventTypeId(tenantBId, 'NewsPublished');
  const [row] = await crossTenant('test fixtures', () =>
    c.db
      .insert(notifications)
      .values({ tenantId: tenantBId, userId: owner.id, eventTypeId, title: secret })
      .returning(),
  );
  return { id: row!.id, secret };
};

describeTenantIsolation([
  {
    name: 'POST /notifications/:id/read',
    method: 'POST',
    url: (id) => `${API}/notifications/${id}/read`,
    createInTenantB: notificationInTenantB('Secret of B'),
  },
  {
    name: 'GET /notifications (inbox)',
    method: 'GET',
    list: true,
    url: () => `${API}/notifications`,
    createInTenantB: notificationInTenantB('Inbox secret of B'),
  },
  {
    name: 'GET /notification/getNotificationsTypes',
    method: 'GET',
    list: true,
    url: () => `${API}/notification/getNotificationsTypes?take=200`,
    createInTenantB: async (c, tenantBId) => {
      // Tenant B's own types (the same names as A's): none of their ids may show in A.
      const [type] = await crossTenant('test fixtures', () =>
        c.db
          .insert(notificationEventTypes)
          .values({ tenantId: tenantBId, name: 'SecretTypeOfB', note: 'Secret note of B' })
          .returning(),
      );
      return { id: type!.id, secret: 'Secret note of B' };
    },
  },
  {
    name: 'PUT /notification/changeNotificationInterval (a type of another tenant)',
    method: 'PUT',
    url: () => `${API}/notification/changeNotificationInterval`,
    payload: (id) => ({ typeId: id, intervalType: NOTIFICATION_INTERVALS.Immediately }),
    createInTenantB: async (c, tenantBId) => {
      const id = await c.factories.eventTypeId(tenantBId, 'DocumentAdded');
      return { id, secret: id };
    },
  },
  {
    name: 'GET /notification/getUsersForSubscriptions',
    method: 'GET',
    list: true,
    url: () => `${API}/notification/getUsersForSubscriptions`,
    createInTenantB: async (c, tenantBId) => {
      const user = await c.factories.user({ name: 'Bertha Secret', tenantIds: [tenantBId] });
      return { id: user.id, secret: 'Bertha Secret' };
    },
  },
  {
    name: 'GET /notification/getUserSubscriptions',
    method: 'GET',
    list: true,
    url: () => `${API}/notification/getUserSubscriptions`,
    createInTenantB: async (c, tenantBId) => {
      // The caller's own subscription in tenant B must not show in tenant A: made for a B user here.
      const user = await c.factories.user({ tenantIds: [tenantBId] });
      const event = { id: await c.factories.eventTypeId(tenantBId, 'ChatMention') };
      await crossTenant('test fixtures', () =>
        c.db
          .insert(notificationSubscriptions)
          .values({ userId: user.id, tenantId: tenantBId, eventTypeId: event!.id, interval: 4 }),
      );
      return { id: event!.id, secret: event!.id };
    },
  },
]);

import { HUB_EVENTS, NOTIFICATION_INTERVALS, type NotificationEventTypeName } from '@atrium/contracts';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { AppError } from '../../http/errors.js';
import { auditLog } from '../audit/audit.schema.js';
import { createAuditService } from '../audit/audit.service.js';
import { mailOutbox } from '../mail/mail.schema.js';
import { createMailService } from '../mail/mail.service.js';
import { DIGEST_MAX_ITEMS } from './notifications.mail.js';
import { notificationSubscriptions, notifications } from './notifications.schema.js';
import { createNotificationsService } from './notifications.service.js';

const SENDER = 'Sender@Example.test';
/** Listed addresses that belong to accounts of the other roles (the list alone is not enough). */
const LISTED_OTHERS = {
  PartnerManager: 'partner.sender@example.test',
  TenantAdmin: 'admin.sender@example.test',
  User: 'user.sender@example.test',
};
const SEND_URL = '/core/api/notifications/senddailymails';

let ctx: TestContext;
let senderId: string;
let sender: Headers;
beforeAll(async () => {
  ctx = await createTestApp({
    DAILY_MAIL_SENDERS: ` sender@example.test , ${Object.values(LISTED_OTHERS).join(',')}`,
  });
  // Mixed case on purpose: the list matches addresses case-insensitively.
  senderId = (await ctx.factories.user({ email: SENDER, roles: ['Superadmin'] })).id;
  sender = await signInAs(SENDER);
});
afterAll(() => ctx.close());

/** A session of its own, so an impersonation started from it leaves the shared one alone. */
async function signInAs(email: string) {
  return bearer((await ctx.signIn(email)).token);
}

const send = (headers: Record<string, string> = sender) => ctx.app.inject({ method: 'POST', url: SEND_URL, headers });

/** A tenant's own event type of that code. */
const eventTypeId = (tenantId: string, name: NotificationEventTypeName) => ctx.factories.eventTypeId(tenantId, name);

// Fixtures and checks reach into any tenant's notifications (tenant-owned tables under row-level security).
const fixtures = <T>(fn: () => Promise<T>) => crossTenant('test fixtures', fn);

async function subscribe(userId: string, tenantId: string, type: NotificationEventTypeName, interval: number) {
  const values = { userId, tenantId, eventTypeId: await eventTypeId(tenantId, type), interval };
  await fixtures(() => ctx.db.insert(notificationSubscriptions).values(values));
}

async function notification(
  userId: string,
  tenantId: string,
  type: NotificationEventTypeName,
  title: string,
  extra: Partial<typeof notifications.$inferInsert> = {},
) {
  const values = { userId, tenantId, eventTypeId: await eventTypeId(tenantId, type), title, body: '', ...extra };
  const [row] = await fixtures(() => ctx.db.insert(notifications).values(values).returning());
  return row!;
}

const mailsTo = (email: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const unmailed = (ids: string[]) =>
  fixtures(() =>
    ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(inArray(notifications.id, ids), isNull(notifications.mailedAt))),
  );

/** Mails whatever earlier tests left due, so each test counts only its own. */
async function drain() {
  expect((await send()).statusCode).toBe(200);
}

describe('POST /core/api/notifications/senddailymails: who may call', () => {
  let pending: string;
  beforeAll(async () => {
    const tenant = await ctx.factories.tenant();
    const reader = await ctx.factories.user({ tenantIds: [tenant.id] });
    await subscribe(reader.id, tenant.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);
    pending = (await notification(reader.id, tenant.id, 'NewsPublished', 'Still unmailed')).id;
  });

  it('returns 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: SEND_URL });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('returns 403 to a super administrator who is not in DAILY_MAIL_SENDERS, and mails nothing', async () => {
    const other = await ctx.actor(['Superadmin']);
    const res = await send(other.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden', detail: 'Your account may not send the daily mails' });
    expect(await unmailed([pending])).toHaveLength(1);
  });

  it('returns 403 to an account in DAILY_MAIL_SENDERS that is not a super administrator', async () => {
    const tenant = await ctx.factories.tenant({ isPartnerTenant: true });
    for (const [role, email] of Object.entries(LISTED_OTHERS)) {
      await ctx.factories.user({ email, roles: [role as keyof typeof LISTED_OTHERS], tenantIds: [tenant.id] });
      const res = await send(await signInAs(email));
      expect({ role, status: res.statusCode }).toEqual({ role, status: 403 });
    }
    expect(await unmailed([pending])).toHaveLength(1);
  });

  it('is refused while the sender views the product as someone else', async () => {
    const tenant = await ctx.factories.tenant();
    const target = await ctx.factories.user({ roles: ['TenantAdmin'], tenantIds: [tenant.id] });
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/impersonate',
      headers: await signInAs(SENDER),
      payload: { userId: target.id, tenantId: tenant.id },
    });
    expect(started.statusCode).toBe(200);
    const res = await send(bearer(started.json().token));
    expect(res.statusCode).toBe(403);
    expect(await unmailed([pending])).toHaveLength(1);
    // The service refuses on its own too, whatever roles the token carries.
    const service = createNotificationsService({
      db: ctx.db,
      hub: ctx.app.hub,
      mail: createMailService({ db: ctx.db, transport: null, log: pino({ level: 'silent' }) }),
      audit: createAuditService({ db: ctx.db }),
      config: { dailyMailSenders: ['sender@example.test'], publicUrl: 'http://atrium.test' },
    });
    const refusal = service.sendDailyMails({
      userId: senderId,
      sessionId: crypto.randomUUID(),
      tenantId: null,
      roles: ['Superadmin'],
      impersonatorId: senderId,
    });
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('impersonating'),
    });
    expect(await unmailed([pending])).toHaveLength(1);
  });
});

describe('POST /core/api/notifications/senddailymails: the digests', () => {
  beforeEach(drain);

  it('mails each daily subscriber one digest of their unmailed notifications, grouped by tenant', async () => {
    const alpha = await ctx.factories.tenant({ name: 'Alpha <&> Care' });
    const beta = await ctx.factories.tenant({ name: 'Beta Homes' });
    const uma = await ctx.factories.user({ name: 'Uma', tenantIds: [alpha.id, beta.id] });
    const dana = await ctx.factories.user({ name: 'Dana', language: 'da', tenantIds: [alpha.id] });
    await subscribe(uma.id, alpha.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);
    await subscribe(uma.id, beta.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);
    await subscribe(uma.id, alpha.id, 'MessageReceived', NOTIFICATION_INTERVALS.Immediately);
    await subscribe(uma.id, alpha.id, 'DocumentAdded', NOTIFICATION_INTERVALS.OnceAWeek);
    await subscribe(dana.id, alpha.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);

    const inAlpha = await notification(uma.id, alpha.id, 'NewsPublished', 'Party <script>alert(1)</script>', {
      body: 'Bring "snacks" & drinks\nfrom 16:00',
    });
    const inBeta = await notification(uma.id, beta.id, 'NewsPublished', 'Beta news');
    const immediate = await notification(uma.id, alpha.id, 'MessageReceived', 'A message');
    const weekly = await notification(uma.id, alpha.id, 'DocumentAdded', 'A document');
    const unsubscribed = await notification(uma.id, beta.id, 'ChatMention', 'A mention');
    const alreadyMailed = await notification(uma.id, alpha.id, 'NewsPublished', 'Old news', {
      mailedAt: new Date(Date.now() - 86_400_000),
    });
    const forDana = await notification(dana.id, alpha.id, 'NewsPublished', 'Nyhed');

    const res = await send();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ users: 2, notifications: 3 });

    const [mail, ...more] = await mailsTo(uma.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Your daily Atrium summary', status: 'stored', tenantId: null });
    // Escaped, never markup of its own; line breaks of the plain-text body survive.
    expect(mail!.html).toContain('<strong>Party &lt;script&gt;alert(1)&lt;/script&gt;</strong>');
    expect(mail!.html).toContain('Bring &quot;snacks&quot; &amp; drinks<br>from 16:00');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('<h2>Alpha &lt;&amp;&gt; Care</h2>');
    // Each notification under its own tenant's heading.
    const [alphaPart, betaPart] = mail!.html.split('<h2>Beta Homes</h2>');
    expect(alphaPart).toContain('Party');
    expect(betaPart).toContain('Beta news');
    expect(betaPart).not.toContain('Party');
    for (const absent of ['A message', 'A document', 'A mention', 'Old news']) expect(mail!.html).not.toContain(absent);
    expect(mail!.text).toContain(
      'Alpha <&> Care\n- Party <script>alert(1)</script>\n  Bring "snacks" & drinks\n  from 16:00',
    );
    expect(mail!.text).toContain('Beta Homes\n- Beta news');

    const [danish] = await mailsTo(dana.email);
    expect(danish).toMatchObject({ subject: 'Dit daglige overblik fra Atrium' });
    expect(danish!.html).toContain('Hej Dana,');
    expect(danish!.html).toContain('Nyhed');

    const mailedNow = [inAlpha.id, inBeta.id, forDana.id];
    expect(await unmailed(mailedNow)).toEqual([]);
    const untouched = [immediate.id, weekly.id, unsubscribed.id];
    expect((await unmailed(untouched)).map((r) => r.id).sort()).toEqual(untouched.sort());
    const [old] = await fixtures(() =>
      ctx.db.select().from(notifications).where(eq(notifications.id, alreadyMailed.id)),
    );
    expect(old!.mailedAt!.getTime()).toBeLessThan(Date.now() - 3_600_000);

    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.dailyMailsSent'), eq(auditLog.actorId, senderId)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit!.data).toEqual({ users: 2, notifications: 3 });
  });

  it('leaves out deleted users, deleted tenants and tenants the user has left', async () => {
    const tenant = await ctx.factories.tenant();
    const gone = await ctx.factories.tenant({ deletedAt: new Date() });
    const left = await ctx.factories.tenant();
    const deleted = await ctx.factories.user({ tenantIds: [tenant.id], deletedAt: new Date() });
    const live = await ctx.factories.user({ tenantIds: [tenant.id, gone.id] });
    for (const [user, t] of [
      [deleted, tenant],
      [live, gone],
      [live, left],
    ] as const) {
      await subscribe(user.id, t.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);
    }
    const skipped = [
      (await notification(deleted.id, tenant.id, 'NewsPublished', 'For a deleted user')).id,
      (await notification(live.id, gone.id, 'NewsPublished', 'In a deleted tenant')).id,
      (await notification(live.id, left.id, 'NewsPublished', 'In a tenant left behind')).id,
    ];
    const res = await send();
    expect(res.json()).toEqual({ users: 0, notifications: 0 });
    expect(await mailsTo(deleted.email)).toEqual([]);
    expect(await mailsTo(live.email)).toEqual([]);
    expect(await unmailed(skipped)).toHaveLength(3);
  });

  it('mails a super administrator about a tenant they are not a member of', async () => {
    const tenant = await ctx.factories.tenant();
    const su = await ctx.factories.user({ roles: ['Superadmin'] });
    await subscribe(su.id, tenant.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);
    await notification(su.id, tenant.id, 'NewsPublished', 'Platform news');
    expect((await send()).json()).toEqual({ users: 1, notifications: 1 });
    expect(await mailsTo(su.email)).toHaveLength(1);
  });

  it('sends nothing the second time', async () => {
    const tenant = await ctx.factories.tenant();
    const reader = await ctx.factories.user({ tenantIds: [tenant.id] });
    await subscribe(reader.id, tenant.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);
    await notification(reader.id, tenant.id, 'NewsPublished', 'Once only');
    expect((await send()).json()).toEqual({ users: 1, notifications: 1 });
    const outbox = (await ctx.db.select().from(mailOutbox)).length;
    expect((await send()).json()).toEqual({ users: 0, notifications: 0 });
    expect(await ctx.db.select().from(mailOutbox)).toHaveLength(outbox);
    expect(await mailsTo(reader.email)).toHaveLength(1);
  });

  it('never mails a notification twice when two senders press the button at once', async () => {
    const tenant = await ctx.factories.tenant();
    const readers: { id: string; email: string }[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const reader = await ctx.factories.user({ tenantIds: [tenant.id] });
      readers.push(reader);
      await subscribe(reader.id, tenant.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);
      for (let j = 0; j < 3; j++)
        ids.push((await notification(reader.id, tenant.id, 'NewsPublished', `N${i}.${j}`)).id);
    }
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const total = results.reduce((sum, r) => sum + r.json().notifications, 0);
    expect(total).toBe(ids.length);
    expect(await unmailed(ids)).toEqual([]);
    for (const reader of readers) {
      const mails = await mailsTo(reader.email);
      // One digest, or two disjoint ones: each notification appears exactly once.
      const titles = mails.flatMap((m) => [...m.text.matchAll(/^- (N\d\.\d)$/gm)].map((x) => x[1]));
      expect(titles.sort()).toEqual([0, 1, 2].map((j) => `N${readers.indexOf(reader)}.${j}`));
    }
  });

  it(`lists at most ${DIGEST_MAX_ITEMS} notifications and counts the rest`, async () => {
    const tenant = await ctx.factories.tenant();
    const reader = await ctx.factories.user({ tenantIds: [tenant.id] });
    await subscribe(reader.id, tenant.id, 'NewsPublished', NOTIFICATION_INTERVALS.OnceADay);
    const newsId = await eventTypeId(tenant.id, 'NewsPublished');
    const items = Array.from({ length: DIGEST_MAX_ITEMS + 5 }, (_, i) => ({
      userId: reader.id,
      tenantId: tenant.id,
      eventTypeId: newsId,
      title: `Item ${i}`,
      createdAt: new Date(Date.now() - (DIGEST_MAX_ITEMS + 5 - i) * 1000),
    }));
    await fixtures(() => ctx.db.insert(notifications).values(items));
    expect((await send()).json()).toEqual({ users: 1, notifications: DIGEST_MAX_ITEMS + 5 });
    const [mail] = await mailsTo(reader.email);
    expect(mail!.html).toContain('Item 0<');
    expect(mail!.html).not.toContain(`Item ${DIGEST_MAX_ITEMS}<`);
    expect(mail!.html).toContain('…and 5 more in Atrium.');
  });
});

describe('raise', () => {
  it('stores the notification and tells the user’s open apps to reload their notifications', async () => {
    const tenant = await ctx.factories.tenant();
    const reader = await ctx.factories.user({ tenantIds: [tenant.id] });
    const service = createNotificationsService({
      db: ctx.db,
      hub: ctx.app.hub,
      mail: createMailService({ db: ctx.db, transport: null, log: pino({ level: 'silent' }) }),
      audit: createAuditService({ db: ctx.db }),
      config: { dailyMailSenders: [], publicUrl: 'http://atrium.test' },
    });
    const toUser = vi.spyOn(ctx.app.hub, 'sendToUser');
    try {
      const raised = await service.raise(tenant.id, {
        userIds: [reader.id],
        eventType: 'DocumentAdded',
        title: 'Handbook',
        body: 'Read it',
      });
      expect(raised).toEqual([reader.id]);
      const [stored] = await fixtures(() =>
        ctx.db.select().from(notifications).where(eq(notifications.userId, reader.id)),
      );
      expect(stored).toMatchObject({
        tenantId: tenant.id,
        userId: reader.id,
        eventTypeId: await eventTypeId(tenant.id, 'DocumentAdded'),
        title: 'Handbook',
        body: 'Read it',
        readAt: null,
        mailedAt: null,
      });
      expect(toUser).toHaveBeenCalledWith(reader.id, HUB_EVENTS.ReloadNotifications);
    } finally {
      toUser.mockRestore();
    }
  });
});

describe('GET /core/api/me/info canSendDailyMails', () => {
  it('is true for a listed super administrator only, and not while they impersonate', async () => {
    const info = async (auth: Record<string, string>) =>
      (await ctx.app.inject({ url: '/core/api/me/info', headers: auth })).json().canSendDailyMails;
    expect(await info(sender)).toBe(true);
    expect(await info((await ctx.actor(['Superadmin'])).auth)).toBe(false);
    const tenant = await ctx.factories.tenant();
    expect(await info((await ctx.actor(['User'], { tenants: [tenant.id] })).auth)).toBe(false);
    const target = await ctx.factories.user({ tenantIds: [tenant.id] });
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/impersonate',
      headers: await signInAs(SENDER),
      payload: { userId: target.id, tenantId: tenant.id },
    });
    expect(await info(bearer(started.json().token))).toBe(false);
  });
});

describe('GET /core/api/notifications/count', () => {
  const COUNT_URL = '/core/api/notifications/count';
  const counts = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: COUNT_URL, headers });

  it("answers the caller's unread notifications in the active tenant as the Notifications item's count", async () => {
    const tenant = await ctx.factories.tenant();
    const other = await ctx.factories.tenant();
    const reader = await ctx.actor(['User'], { tenants: [tenant.id, other.id], activeTenant: tenant.id });
    expect((await counts(reader.auth)).json()).toEqual([]);

    await notification(reader.user.id, tenant.id, 'NewsPublished', 'One');
    await notification(reader.user.id, tenant.id, 'ChatMention', 'Two');
    await notification(reader.user.id, tenant.id, 'NewsPublished', 'Read', { readAt: new Date() });
    await notification(reader.user.id, other.id, 'NewsPublished', 'Another tenant');
    const someoneElse = await ctx.factories.user({ tenantIds: [tenant.id] });
    await notification(someoneElse.id, tenant.id, 'NewsPublished', 'Not theirs');

    const res = await counts(reader.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ groupName: 'Notifications', count: 2 }]);
  });

  it('refuses partner managers, as every other notifications call does', async () => {
    const partner = await ctx.factories.tenant({ isPartnerTenant: true });
    const pm = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
    await notification(pm.user.id, partner.id, 'NewsPublished', 'For a manager');
    expect((await counts(pm.auth)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/core/api/notifications', headers: pm.auth })).statusCode).toBe(403);
  });

  it('returns 401 without a token and 400 noActiveTenant without an active tenant', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: COUNT_URL })).statusCode).toBe(401);
    const lost = await ctx.actor(['User']);
    const res = await counts(lost.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'noActiveTenant' });
  });
});

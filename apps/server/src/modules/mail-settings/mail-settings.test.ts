import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation, type IsolationCase } from '../../../test/isolation.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { auditLog } from '../audit/audit.schema.js';
import { mailOutbox } from '../mail/mail.schema.js';
import { emailTemplates, mailSettings } from './mail-settings.schema.js';
import { dressMail } from './mail-settings.service.js';
import { createSecretBox } from './secret-box.js';

/**
 * A stand-in for Entra's token endpoint and Microsoft Graph on loopback: it records every request and
 * refuses the way Microsoft does for the tenant 'bad-tenant' (token) and the sender 'refused@...'.
 */
type Seen = { url: string; headers: IncomingMessage['headers']; body: string };
const seen: Seen[] = [];
const graph = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    seen.push({ url: req.url!, headers: req.headers, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(req.url!);
    // The connection drops with no answer, as when the host cannot be reached.
    if (token?.[1] === 'unreachable-tenant') return req.socket.destroy();
    if (req.method === 'POST' && token) {
      if (token[1] === 'bad-tenant') {
        return json(401, {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.\r\nTrace ID: 1234\r\nCorrelation ID: 5678',
        });
      }
      return json(200, { access_token: `token-for-${token[1]}`, expires_in: 3600, token_type: 'Bearer' });
    }
    const send = /^\/v1\.0\/users\/([^/]+)\/sendMail$/.exec(req.url!);
    if (req.method === 'POST' && send) {
      if (decodeURIComponent(send[1]!).startsWith('refused@')) {
        return json(403, {
          error: { code: 'ErrorAccessDenied', message: 'Access is denied. Check credentials and try again.' },
        });
      }
      res.writeHead(202);
      return res.end();
    }
    json(404, { error: { code: 'NotFound', message: 'No such route' } });
  });
});

const logLines: string[] = [];
let ctx: TestContext;
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
  ctx = await createTestApp(
    { MAIL_GRAPH_LOGIN_URL: base, MAIL_GRAPH_API_URL: `${base}/`, LOG_LEVEL: 'trace' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => graph.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
});

/** Every secret a test sends: none may show in an answer or a log line. */
const SECRETS: string[] = [];
const secret = (name: string) => {
  const s = `Sx~${name}-${Math.random().toString(36).slice(2)}-secret`;
  SECRETS.push(s);
  return s;
};

const list = (tenantId: string) => `/core/api/tenants/${tenantId}/mailsettings`;
const one = (tenantId: string, id: string) => `/core/api/tenants/${tenantId}/mailsettings/${id}`;
const template = (tenantId: string) => `/core/api/tenants/${tenantId}/emailtemplate`;

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Contoso 365',
  msGraphTenantId: 'contoso-tenant',
  msGraphClientId: 'client-1',
  msGraphClientSecret: secret('default'),
  msGraphSenderId: '',
  msGraphFromMail: 'news@contoso.test',
  useForSystemMails: false,
  customBusinessCard: false,
  customBusinessCardContent: null,
  ...overrides,
});

/** Answers must never carry a secret. */
function expectNoSecret(payload: string) {
  for (const s of SECRETS) expect(payload).not.toContain(s);
}

async function superadmin() {
  return ctx.actor(['Superadmin']);
}

async function create(tenantId: string, auth: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: list(tenantId), headers: auth, payload: body(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  expectNoSecret(res.body);
  return res.json() as { id: string; hasClientSecret: boolean };
}

/** A tenant, a super administrator, and mail settings of the tenant they created from body(overrides). */
async function tenantWithSettings(overrides: Record<string, unknown> = {}) {
  const t = await ctx.factories.tenant();
  const admin = await superadmin();
  return { t, admin, created: await create(t.id, admin.auth, overrides) };
}

/** The settings' Test button: a mail to the caller through Microsoft Graph. */
const sendTest = (tenantId: string, id: string, auth: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `${one(tenantId, id)}/test`, headers: auth });

const putTemplate = (auth: Record<string, string>, tenantId: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: template(tenantId), headers: auth, payload });

const storedRow = (id: string) =>
  crossTenant('test', async () => (await ctx.db.select().from(mailSettings).where(eq(mailSettings.id, id)))[0]!);

describe('mail settings: create, read, update, delete', () => {
  it('creates settings whose secret is sealed at rest and never answered', async () => {
    const plain = secret('create');
    const { t, admin, created } = await tenantWithSettings({
      title: '  Contoso 365  ',
      msGraphClientSecret: plain,
      customBusinessCard: true,
      customBusinessCardContent: '<h2 onclick="x()">Rita</h2><script>alert(1)</script><p>Sales</p>',
    });
    expect(created).toMatchObject({
      title: 'Contoso 365',
      tenantId: t.id,
      hasClientSecret: true,
      msGraphSenderId: null,
      msGraphFromMail: 'news@contoso.test',
      customBusinessCard: true,
      customBusinessCardContent: '<h2>Rita</h2><p>Sales</p>',
    });
    expect(created).not.toHaveProperty('msGraphClientSecret');

    const row = await storedRow(created.id);
    expect(row.msGraphClientSecretSealed).not.toContain(plain);
    expect(row.msGraphClientSecretSealed).not.toContain(Buffer.from(plain).toString('base64'));
    // Sealed under the installation's key, bound to the tenant.
    const box = createSecretBox(ctx.app.config.settingsKey);
    expect(box.open(row.msGraphClientSecretSealed, t.id)).toBe(plain);
    expect(box.open(row.msGraphClientSecretSealed, crypto.randomUUID())).toBeNull();

    const listed = await ctx.app.inject({ url: list(t.id), headers: admin.auth });
    expect(listed.statusCode).toBe(200);
    expectNoSecret(listed.body);
    expect(listed.json()).toEqual({
      data: [expect.objectContaining({ id: created.id, title: 'Contoso 365' })],
      total: 1,
      page: 1,
      take: 50,
    });
    const got = await ctx.app.inject({ url: one(t.id, created.id), headers: admin.auth });
    expect(got.statusCode).toBe(200);
    expectNoSecret(got.body);
    expect(got.json().hasClientSecret).toBe(true);
  });

  it('lists newest first, searches on the title and sorts by title', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    await create(t.id, admin.auth, { title: 'Beta mailer' });
    await create(t.id, admin.auth, { title: 'alpha 100%_ mailer' });
    const titles = async (q: string) =>
      (
        (await ctx.app.inject({ url: `${list(t.id)}${q}`, headers: admin.auth })).json() as {
          data: { title: string }[];
        }
      ).data.map((r) => r.title);
    expect(await titles('')).toEqual(['alpha 100%_ mailer', 'Beta mailer']);
    expect(await titles('?sort=title&direction=asc')).toEqual(['alpha 100%_ mailer', 'Beta mailer']);
    expect(await titles('?sort=title&direction=desc')).toEqual(['Beta mailer', 'alpha 100%_ mailer']);
    expect(await titles('?search=BETA')).toEqual(['Beta mailer']);
    expect(await titles('?search=%25_')).toEqual(['alpha 100%_ mailer']);
    expect(await titles('?search=none')).toEqual([]);
  });

  it('answers a page at a time with the total, newest first, and refuses a page size above the maximum', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    for (const title of ['First', 'Second', 'Third']) await create(t.id, admin.auth, { title });
    const page = async (q: string) => {
      const res = await ctx.app.inject({ url: `${list(t.id)}${q}`, headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as { data: { title: string }[]; total: number; page: number; take: number };
      return { ...answer, data: answer.data.map((r) => r.title) };
    };
    expect(await page('?take=2')).toEqual({ data: ['Third', 'Second'], total: 3, page: 1, take: 2 });
    expect(await page('?take=2&page=2')).toEqual({ data: ['First'], total: 3, page: 2, take: 2 });
    // Past the last page: no rows, the total still counted.
    expect(await page('?take=2&page=3')).toEqual({ data: [], total: 3, page: 3, take: 2 });
    expect(await page('?take=2&sort=title&direction=asc&search=t')).toEqual({
      data: ['First', 'Third'],
      total: 2,
      page: 1,
      take: 2,
    });
    for (const q of ['take=201', 'take=0', 'page=0', 'direction=up']) {
      const res = await ctx.app.inject({ url: `${list(t.id)}?${q}`, headers: admin.auth });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('keeps the stored secret when an update brings none, and replaces it when one is typed', async () => {
    const first = secret('first');
    const { t, admin, created } = await tenantWithSettings({ msGraphClientSecret: first });
    const update = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: one(t.id, created.id), headers: admin.auth, payload });

    const kept = await update({ ...body({ title: 'Renamed' }), msGraphClientSecret: '' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ title: 'Renamed', hasClientSecret: true });
    const { msGraphClientSecret: _omit, ...withoutSecret } = body();
    expect((await update(withoutSecret)).statusCode).toBe(200);
    const box = createSecretBox(ctx.app.config.settingsKey);
    expect(box.open((await storedRow(created.id)).msGraphClientSecretSealed, t.id)).toBe(first);

    const second = secret('second');
    const replaced = await update(body({ msGraphClientSecret: second }));
    expect(replaced.statusCode).toBe(200);
    expectNoSecret(replaced.body);
    expect(box.open((await storedRow(created.id)).msGraphClientSecretSealed, t.id)).toBe(second);
  });

  it('deletes settings; then they are gone', async () => {
    const { t, admin, created } = await tenantWithSettings();
    const del = await ctx.app.inject({ method: 'DELETE', url: one(t.id, created.id), headers: admin.auth });
    expect(del.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: one(t.id, created.id), headers: admin.auth })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: one(t.id, created.id), headers: admin.auth })).statusCode,
    ).toBe(404);
  });

  it('records create, update and delete in the audit log, never the secret', async () => {
    const plain = secret('audited');
    const { t, admin, created } = await tenantWithSettings({ msGraphClientSecret: plain });
    const second = secret('audited-2');
    await ctx.app.inject({
      method: 'PUT',
      url: one(t.id, created.id),
      headers: admin.auth,
      payload: body({ title: 'Audited', msGraphClientSecret: second }),
    });
    await ctx.app.inject({ method: 'DELETE', url: one(t.id, created.id), headers: admin.auth });
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.recordId, created.id));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'mailSettings.created',
      'mailSettings.deleted',
      'mailSettings.updated',
    ]);
    const updated = entries.find((e) => e.action === 'mailSettings.updated')!;
    expect(updated).toMatchObject({ tenantId: t.id, actorId: admin.user.id, recordType: 'mailSettings' });
    expect(updated.before).toEqual({ title: 'Contoso 365' });
    expect(updated.after).toEqual({ title: 'Audited' });
    expect(updated.data).toEqual({ graphSignInReplaced: true });
    const stored = JSON.stringify(entries);
    expect(stored).not.toContain(plain);
    expect(stored).not.toContain(second);
  });

  it('keeps one settings item for system mails per tenant', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const a = await create(t.id, admin.auth, { useForSystemMails: true });
    const b = await create(t.id, admin.auth, { useForSystemMails: true });
    expect((await storedRow(a.id)).useForSystemMails).toBe(false);
    expect((await storedRow(b.id)).useForSystemMails).toBe(true);
  });

  it('keeps one for system mails when several take the flag at once, and answers each save', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const saved = await Promise.all([1, 2, 3].map(() => create(t.id, admin.auth, { useForSystemMails: true })));
    const flags = await Promise.all(saved.map(async (s) => (await storedRow(s.id)).useForSystemMails));
    expect(flags.filter(Boolean)).toHaveLength(1);
  });
});

describe('mail settings: validation (400, never 5xx)', () => {
  it.each([
    ['no title', { title: '  ' }, 'title'],
    ['no client id', { msGraphClientId: '' }, 'msGraphClientId'],
    ['no tenant id', { msGraphTenantId: undefined }, 'msGraphTenantId'],
    ['no from address', { msGraphFromMail: '' }, 'msGraphFromMail'],
    ['a bad from address', { msGraphFromMail: 'not-an-address' }, 'msGraphFromMail'],
    ['no secret on create', { msGraphClientSecret: '' }, 'msGraphClientSecret'],
    ['a too long title', { title: 'x'.repeat(201) }, 'title'],
    ['a non-boolean flag', { useForSystemMails: 'yes' }, 'useForSystemMails'],
    ['a too long card', { customBusinessCardContent: 'x'.repeat(20_001) }, 'customBusinessCardContent'],
  ])('refuses %s', async (_name, overrides, field) => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const res = await ctx.app.inject({
      method: 'POST',
      url: list(t.id),
      headers: admin.auth,
      payload: body(overrides),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expectNoSecret(res.body);
  });

  it('refuses bad ids, bodies and queries with 4xx', async () => {
    const { t, admin, created } = await tenantWithSettings();
    const cases = [
      { method: 'GET' as const, url: list('nope') },
      { method: 'GET' as const, url: one(t.id, 'nope') },
      { method: 'GET' as const, url: `${list(t.id)}?sort=secret` },
      { method: 'GET' as const, url: one(t.id, crypto.randomUUID()) },
      { method: 'GET' as const, url: list(crypto.randomUUID()) },
      { method: 'PUT' as const, url: one(t.id, created.id), payload: { title: 5 } },
      { method: 'PUT' as const, url: one(t.id, created.id), payload: 'not json' },
      { method: 'PUT' as const, url: one(t.id, crypto.randomUUID()), payload: body() },
      { method: 'POST' as const, url: `${one(t.id, crypto.randomUUID())}/test` },
      { method: 'POST' as const, url: list(t.id), payload: [] },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({ ...c, headers: admin.auth });
      expect(res.statusCode, `${c.method} ${c.url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeLessThan(500);
    }
  });
});

describe('mail settings: who may', () => {
  it('refuses tenant admins and users, even of the tenant itself, and answers 401 signed out', async () => {
    const t = await ctx.factories.tenant();
    const created = await create(t.id, (await superadmin()).auth);
    for (const role of ['TenantAdmin', 'User'] as const) {
      const caller = await ctx.actor([role], { tenants: [t.id], activeTenant: t.id });
      for (const [method, url] of [
        ['GET', list(t.id)],
        ['POST', list(t.id)],
        ['GET', one(t.id, created.id)],
        ['PUT', one(t.id, created.id)],
        ['DELETE', one(t.id, created.id)],
        ['POST', `${one(t.id, created.id)}/test`],
        ['GET', template(t.id)],
        ['PUT', template(t.id)],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers: caller.auth, payload: body() });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await ctx.app.inject({ url: list(t.id) })).statusCode).toBe(401);
  });

  it('lets a partner manager run the tenants of their partner tenant only', async () => {
    const partner = await ctx.factories.tenant({ isPartnerTenant: true });
    const child = await ctx.factories.tenant({ partnerTenantId: partner.id });
    const stranger = await ctx.factories.tenant();
    const manager = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
    const created = await create(child.id, manager.auth);
    expect((await ctx.app.inject({ url: one(child.id, created.id), headers: manager.auth })).statusCode).toBe(200);
    const theirs = await create(stranger.id, (await superadmin()).auth);
    for (const [method, url] of [
      ['GET', list(stranger.id)],
      ['POST', list(stranger.id)],
      ['GET', one(stranger.id, theirs.id)],
      ['DELETE', one(stranger.id, theirs.id)],
      ['POST', `${one(stranger.id, theirs.id)}/test`],
      ['GET', template(stranger.id)],
      // Another tenant's item through a tenant the manager does run.
      ['GET', one(child.id, theirs.id)],
      ['DELETE', one(child.id, theirs.id)],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: manager.auth, payload: body() });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await storedRow(theirs.id)).title).toBe('Contoso 365');
  });
});

describe('mail settings: Test through Microsoft Graph', () => {
  it('gets a client-credentials token and sends the caller a mail', async () => {
    const plain = secret('test');
    const { t, admin, created } = await tenantWithSettings({
      msGraphTenantId: 'contoso-tenant',
      msGraphClientSecret: plain,
      msGraphSenderId: 'sender@contoso.test',
      customBusinessCard: true,
      customBusinessCardContent: '<p>Rita, sales</p>',
    });
    const res = await sendTest(t.id, created.id, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, sentTo: admin.user.email, reason: null, unreachable: false });
    expectNoSecret(res.body);

    const [tokenCall, sendCall] = seen;
    expect(tokenCall!.url).toBe('/contoso-tenant/oauth2/v2.0/token');
    expect(tokenCall!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenCall!.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-1',
      client_secret: plain,
      scope: 'https://graph.microsoft.com/.default',
    });
    expect(sendCall!.url).toBe('/v1.0/users/sender%40contoso.test/sendMail');
    expect(sendCall!.headers.authorization).toBe('Bearer token-for-contoso-tenant');
    const sent = JSON.parse(sendCall!.body);
    expect(sent).toMatchObject({
      saveToSentItems: false,
      message: {
        from: { emailAddress: { address: 'news@contoso.test' } },
        toRecipients: [{ emailAddress: { address: admin.user.email } }],
        body: { contentType: 'HTML' },
      },
    });
    expect(sent.message.subject).toContain('Contoso 365');
    expect(sent.message.body.content).toContain('<p>Rita, sales</p>');
  });

  it('sends as the from address when no sender id is set', async () => {
    const { t, admin, created } = await tenantWithSettings({ msGraphFromMail: 'desk@contoso.test' });
    const res = await sendTest(t.id, created.id, admin.auth);
    expect(res.json().ok).toBe(true);
    expect(seen.map((s) => s.url)).toContain('/v1.0/users/desk%40contoso.test/sendMail');
  });

  it('answers the token endpoint’s reason when Entra refuses', async () => {
    const { t, admin, created } = await tenantWithSettings({ msGraphTenantId: 'bad-tenant' });
    const res = await sendTest(t.id, created.id, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: false,
      sentTo: admin.user.email,
      reason: 'AADSTS7000215: Invalid client secret provided.',
      unreachable: false,
    });
    expect(seen.filter((s) => s.url.endsWith('/sendMail'))).toEqual([]);
  });

  it('answers Graph’s reason when sendMail is refused', async () => {
    const { t, admin, created } = await tenantWithSettings({ msGraphFromMail: 'refused@contoso.test' });
    const res = await sendTest(t.id, created.id, admin.auth);
    expect(res.json()).toEqual({
      ok: false,
      sentTo: admin.user.email,
      reason: 'ErrorAccessDenied: Access is denied. Check credentials and try again.',
      unreachable: false,
    });
  });

  it('says Microsoft could not be reached when no answer comes, apart from a refusal', async () => {
    const { t, admin, created } = await tenantWithSettings({ msGraphTenantId: 'unreachable-tenant' });
    const res = await sendTest(t.id, created.id, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: false, sentTo: admin.user.email, unreachable: true });
    expect(res.json().reason).toMatch(/^[A-Z_]+$|^network$/);
  });
});

describe('email template', () => {
  it('answers the default template until one is saved', async () => {
    const t = await ctx.factories.tenant();
    const res = await ctx.app.inject({ url: template(t.id), headers: (await superadmin()).auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tenantId: t.id, footerText: null, backgroundColor: null });
    expect(res.json().emailTemplate).toContain('{{content}}');
  });

  it('stores the template sanitized for mail: tables and safe styles stay, scripts, raw text and url() go', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const res = await putTemplate(admin.auth, t.id, {
      tenantId: t.id,
      emailTemplate:
        '  <table width="100%" cellpadding="0" onclick="x()"><tr><td style="color: #123456; background-image: url(https://evil.test/x); padding: 8px" title="{{content}}">{{content}}</td></tr></table>' +
        '<script>alert(1)</script><style>body{}</style><a href="javascript:alert(1)">x</a><img src="http://tracker.test/p.gif"><iframe src="https://evil.test"></iframe>' +
        // Raw-text elements: their content is not markup in a browser, and goes as rich text's does.
        '<xmp><img src=x onerror=alert(1)></xmp><noembed>hidden</noembed><noframes>f</noframes>  ',
      footerText: '<p>Footer <a href="https://x.test">link</a></p><img src=x onerror=alert(1)>',
      backgroundColor: '#abc',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.emailTemplate).toBe(
      '<table width="100%" cellpadding="0"><tr><td style="color:#123456;padding:8px" title="content">{{content}}</td></tr></table><a>x</a><img />',
    );
    expect(saved.footerText).toBe('<p>Footer link</p>');
    expect(saved.backgroundColor).toBe('#abc');
    const again = await ctx.app.inject({ url: template(t.id), headers: admin.auth });
    expect(again.json()).toEqual(saved);
  });

  it('stores an empty footer and colour as null', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const res = await putTemplate(admin.auth, t.id, {
      emailTemplate: '<div>{{content}}</div>',
      footerText: '<p></p>',
      backgroundColor: '',
    });
    expect(res.json()).toMatchObject({
      emailTemplate: '<div>{{content}}</div>',
      footerText: null,
      backgroundColor: null,
    });
  });

  it.each([
    ['an empty template', { emailTemplate: '   ' }],
    ['no template', {}],
    ['a template of nothing allowed', { emailTemplate: '<script>x</script>' }],
    ['a named colour', { emailTemplate: 'x', backgroundColor: 'red' }],
    ['a four-digit colour', { emailTemplate: 'x', backgroundColor: '#abcd' }],
    ['a colour without #', { emailTemplate: 'x', backgroundColor: 'abcdef' }],
    ['another tenant’s id', { emailTemplate: 'x', tenantId: '00000000-0000-4000-8000-000000000000' }],
    ['a too long template', { emailTemplate: 'x'.repeat(100_001) }],
  ])('refuses %s with 400', async (_name, payload) => {
    const t = await ctx.factories.tenant();
    const res = await putTemplate((await superadmin()).auth, t.id, payload);
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('dressMail', () => {
  const mail = { to: 'a@b.test', subject: 'S', html: '<p>Body</p>', text: 'Body' };
  it('puts the body and footer in their places, the card after the body, on the background colour', () => {
    const dressed = dressMail(mail, '<p>Card &amp; co</p>', {
      emailTemplate: '<table><tr><td>{{content}}</td></tr><tr><td>{{footer}}</td></tr></table>',
      footerText: '<p>Foot</p>',
      backgroundColor: '#eeeeee',
    });
    expect(dressed.html).toBe(
      '<div style="background-color: #eeeeee; padding: 24px 0"><table><tr><td><p>Body</p><div class="business-card"><p>Card &amp; co</p></div></td></tr><tr><td><p>Foot</p></td></tr></table></div>',
    );
    expect(dressed.text).toBe('Body\n\nCard & co\n\n--\nFoot');
  });

  it('appends the body to a template without {{content}}, and leaves mail without a template alone', () => {
    expect(dressMail(mail, null, { emailTemplate: '<h1>Hi</h1>', footerText: null, backgroundColor: null }).html).toBe(
      '<h1>Hi</h1><p>Body</p>',
    );
    expect(dressMail(mail, null, null)).toEqual(mail);
  });
});

describe('a tenant’s system mails', () => {
  /** Waits until the loopback Graph has had a sendMail for this address. */
  async function graphMailTo(email: string) {
    for (let i = 0; i < 100; i++) {
      const hit = seen.find((s) => s.url.endsWith('/sendMail') && s.body.includes(email));
      if (hit) return JSON.parse(hit.body).message as { body: { content: string }; subject: string };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no Graph mail to ${email}`);
  }
  async function outboxTo(email: string) {
    for (let i = 0; i < 50; i++) {
      const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      // Settled: the sender may hand the mail on (the Graph peer has it) before it marks the row.
      if (row && row.status !== 'pending') return row;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail to ${email}`);
  }

  it('go through Graph with the tenant’s template and card when its settings say so', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    await create(t.id, admin.auth, {
      msGraphTenantId: 'system-tenant',
      useForSystemMails: true,
      customBusinessCard: true,
      customBusinessCardContent: '<p>The Contoso team</p>',
    });
    await putTemplate(admin.auth, t.id, {
      emailTemplate: '<div class="x" style="color: #111111">Contoso: {{content}}</div>',
      footerText: '<p>Contoso footer</p>',
    });
    const member = await ctx.factories.user({ tenantIds: [t.id] });
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/forgotpassword',
      payload: { email: member.email },
    });
    expect(forgot.statusCode).toBe(204);
    const message = await graphMailTo(member.email);
    expect(message.body.content).toMatch(
      /^<div style="color:#111111">Contoso: <p>.*resetpassword.*<div class="business-card"><p>The Contoso team<\/p><\/div><\/div><div><p>Contoso footer<\/p><\/div>$/s,
    );
    const row = await outboxTo(member.email);
    expect(row).toMatchObject({ status: 'sent', transport: 'graph', tenantId: t.id });
  });

  it('of a tenant without such settings keep the platform’s way, with the template around them', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    // Settings not for system mails: they do not carry the tenant's mail.
    await create(t.id, admin.auth, {
      msGraphTenantId: 'not-system',
      customBusinessCard: true,
      customBusinessCardContent: '<p>Card</p>',
    });
    await putTemplate(admin.auth, t.id, { emailTemplate: '<div>Wrapped: {{content}}</div>' });
    const member = await ctx.factories.user({ tenantIds: [t.id] });
    await ctx.app.inject({ method: 'POST', url: '/core/api/auth/forgotpassword', payload: { email: member.email } });
    const row = await outboxTo(member.email);
    // No SMTP in tests: the outbox keeps it, dressed.
    expect(row.status).toBe('stored');
    expect(row.tenantId).toBe(t.id);
    expect(row.html).toMatch(/^<div>Wrapped: <p>/);
    expect(row.html).not.toContain('Card');
    expect(seen.some((s) => s.url.startsWith('/not-system'))).toBe(false);
  });

  it('are dressed inside the sender’s transaction too (queueIn), for the tenant named', async () => {
    const t = await ctx.factories.tenant();
    await crossTenant('test', () =>
      ctx.db.insert(emailTemplates).values({ tenantId: t.id, emailTemplate: '<b>{{content}}</b>' }),
    );
    await crossTenant('test', () =>
      ctx.db.transaction((tx) =>
        ctx.app.services.mail.queueIn(tx, {
          to: 'digest@example.test',
          subject: 'Digest',
          html: '<p>Items</p>',
          text: 'Items',
          tenantId: t.id,
        }),
      ),
    );
    expect((await outboxTo('digest@example.test')).html).toBe('<b><p>Items</p></b>');
  });
});

describe('logging', () => {
  it('never writes a client secret into the log', () => {
    const log = logLines.join('');
    // The log did capture the requests of this file.
    expect(log).toContain('/mailsettings');
    expect(SECRETS.length).toBeGreaterThan(10);
    for (const s of SECRETS) expect(log).not.toContain(s);
  });
});

describeTenantIsolation(
  (() => {
    const createInTenantB = async (c: TestContext, tenantBId: string) => {
      const [row] = await crossTenant('test', () =>
        c.db
          .insert(mailSettings)
          .values({
            tenantId: tenantBId,
            title: 'Tenant B private mailer',
            msGraphTenantId: 'b-tenant',
            msGraphClientId: 'b-client',
            msGraphClientSecretSealed: 'sealed',
            msGraphFromMail: 'b@b.test',
          })
          .returning(),
      );
      return { id: `${tenantBId}/mailsettings/${row!.id}`, secret: 'Tenant B private mailer' };
    };
    const cases: IsolationCase[] = (
      [
        { name: 'GET /core/api/tenants/:id/mailsettings/:settingsId', method: 'GET' as const },
        { name: 'PUT /core/api/tenants/:id/mailsettings/:settingsId', method: 'PUT' as const, payload: () => body() },
        { name: 'DELETE /core/api/tenants/:id/mailsettings/:settingsId', method: 'DELETE' as const },
      ] as const
    ).map((c) => ({ ...c, url: (id: string) => `/core/api/tenants/${id}`, createInTenantB }));
    return cases.concat([
      {
        name: 'POST /core/api/tenants/:id/mailsettings/:settingsId/test',
        method: 'POST' as const,
        url: (id: string) => `/core/api/tenants/${id}/test`,
        createInTenantB,
      },
      {
        name: 'GET /core/api/tenants/:id/mailsettings',
        method: 'GET' as const,
        url: (id: string) => `/core/api/tenants/${id.split('/')[0]}/mailsettings`,
        createInTenantB,
      },
      {
        name: 'GET /core/api/tenants/:id/emailtemplate',
        method: 'GET' as const,
        url: (id: string) => `/core/api/tenants/${id}/emailtemplate`,
        createInTenantB: async (c: TestContext, tenantBId: string) => {
          await crossTenant('test', () =>
            c.db
              .insert(emailTemplates)
              .values({ tenantId: tenantBId, emailTemplate: 'Tenant B private layout {{content}}' }),
          );
          return { id: tenantBId, secret: 'Tenant B private layout' };
        },
      },
    ]);
  })(),
);

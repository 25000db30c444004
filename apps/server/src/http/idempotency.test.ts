import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/harness.js';
import { crossTenant } from '../db/tenant-scope.js';
import { idempotencyKeys } from '../modules/auth/idempotency.schema.js';
import { companies, companyContacts } from '../modules/clients/clients.schema.js';
import { ABANDONED_MS, KEEP_MS } from './idempotency.js';

const API = '/core/api';

describe('Idempotency-Key', () => {
  let ctx: TestContext;
  let tenantId: string;
  let admin: Awaited<ReturnType<TestContext['actor']>>;
  let other: Awaited<ReturnType<TestContext['actor']>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    tenantId = (await ctx.factories.tenant()).id;
    admin = await ctx.actor(['TenantAdmin'], { tenants: [tenantId], activeTenant: tenantId });
    other = await ctx.actor(['TenantAdmin'], { tenants: [tenantId], activeTenant: tenantId });
  });
  afterAll(() => ctx.close());

  const create = (title: string, key?: string, who = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API}/companies/postCompany`,
      headers: { ...who.auth, ...(key && { 'idempotency-key': key }) },
      payload: { title },
    });
  const clientsTitled = (title: string) =>
    crossTenant('test', async () => {
      const [row] = await ctx.db.select({ n: count() }).from(companies).where(eq(companies.title, title));
      return row!.n;
    });
  const keyRow = async (userId: string, key: string) =>
    (
      await ctx.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    )[0];

  it('answers a repeat with the stored answer, marked as a replay, and creates one row', async () => {
    const key = randomUUID();
    const first = await create('Once ApS', key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create('Once ApS', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expect(await clientsTitled('Once ApS')).toBe(1);
    const row = await keyRow(admin.user.id, key);
    expect(row?.status).toBe(201);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(KEEP_MS, -4);
  });

  it('refuses the same key with another body with 422 problem+json, and writes nothing', async () => {
    const key = randomUUID();
    expect((await create('First body', key)).statusCode).toBe(201);
    const res = await create('Second body', key);
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 422, code: 'idempotencyKeyReused' });
    expect(await clientsTitled('Second body')).toBe(0);
  });

  it('refuses the same key, path and body in another tenant with 422: it never replays the other tenant’s answer', async () => {
    const second = (await ctx.factories.tenant()).id;
    const both = await ctx.actor(['TenantAdmin'], { tenants: [tenantId, second], activeTenant: tenantId });
    const key = randomUUID();
    expect((await create('Two homes ApS', key, both)).statusCode).toBe(201);
    const switched = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth/activetenant`,
      headers: both.auth,
      payload: { tenantId: second },
    });
    const inSecond = { ...both, auth: bearer(switched.json().token) };
    const res = await create('Two homes ApS', key, inSecond);
    expect(res.statusCode).toBe(422);
    expect(await clientsTitled('Two homes ApS')).toBe(1);
  });

  it('refuses the same key on another URL with 422', async () => {
    const key = randomUUID();
    const created = (await create('Key on two URLs', key)).json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/contacts/postContact`,
      headers: { ...admin.auth, 'idempotency-key': key },
      payload: { companyId: created.id, name: 'Ada', email: 'ada@example.test' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('changes nothing without the header: every request writes', async () => {
    expect((await create('No key')).statusCode).toBe(201);
    expect((await create('No key')).statusCode).toBe(201);
    expect(await clientsTitled('No key')).toBe(2);
  });

  it("keeps each user's keys apart: another user's same key runs as a new request", async () => {
    const key = randomUUID();
    const mine = await create('Shared key', key);
    const theirs = await create('Shared key', key, other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await clientsTitled('Shared key')).toBe(2);
  });

  it('answers two concurrent requests with one key once: the second waits for the first answer', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([create('Concurrent', key), create('Concurrent', key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await clientsTitled('Concurrent')).toBe(1);
  });

  it('answers 409 with Retry-After while the first request is still being answered', async () => {
    const key = randomUUID();
    const first = await create('In progress', key);
    // The first request's answer not stored yet, as while it runs.
    await ctx.db
      .update(idempotencyKeys)
      .set({ status: null, body: null })
      .where(and(eq(idempotencyKeys.userId, admin.user.id), eq(idempotencyKeys.key, key)));
    const res = await create('In progress', key);
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ status: 409, code: 'conflict' });
    expect(first.statusCode).toBe(201);
    expect(await clientsTitled('In progress')).toBe(1);
  }, 15_000);

  it('runs a request again when its first never answered, or when its answer has expired', async () => {
    const lost = randomUUID();
    await ctx.db.insert(idempotencyKeys).values({
      userId: admin.user.id,
      key: lost,
      requestHash: 'x',
      createdAt: new Date(Date.now() - ABANDONED_MS - 1000),
      expiresAt: new Date(Date.now() + KEEP_MS),
    });
    expect((await create('Lost first', lost)).statusCode).toBe(201);
    expect(await clientsTitled('Lost first')).toBe(1);

    const old = randomUUID();
    await create('Expired', old);
    await ctx.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, old));
    const again = await create('Expired', old);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await clientsTitled('Expired')).toBe(2);
  });

  it('sweeps expired answers', async () => {
    const key = randomUUID();
    await create('Swept', key);
    await ctx.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(idempotencyKeys.key, key));
    await ctx.app.sweepIdempotencyKeys();
    expect(await keyRow(admin.user.id, key)).toBeUndefined();
  });

  it('stores and replays a 4xx answer; a malformed key is a 400', async () => {
    const key = randomUUID();
    const first = await create('', key);
    expect(first.statusCode).toBe(400);
    const again = await create('', key);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const bad = await create('Bad key', 'has space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'idempotency-key', message: 'invalidIdempotencyKey' }]);
  });

  it('works on PATCH and PUT: an edit replayed is applied once', async () => {
    const company = (await create('Edited')).json();
    const key = randomUUID();
    const patch = () =>
      ctx.app.inject({
        method: 'PATCH',
        url: `${API}/companies/updateCompany`,
        headers: { ...admin.auth, 'idempotency-key': key },
        payload: { id: company.id, title: 'Edited twice' },
      });
    const [a, b] = [await patch(), await patch()];
    expect(a.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const contactKey = randomUUID();
    const put = async (name: string) => {
      const contact = await ctx.app.inject({
        method: 'POST',
        url: `${API}/contacts/postContact`,
        headers: { ...admin.auth, 'idempotency-key': contactKey },
        payload: { companyId: company.id, name, email: 'grace@example.test' },
      });
      return contact;
    };
    expect((await put('Grace')).statusCode).toBe(201);
    expect((await put('Grace')).statusCode).toBe(201);
    const contacts = await crossTenant('test', () =>
      ctx.db.select().from(companyContacts).where(eq(companyContacts.companyId, company.id)),
    );
    expect(contacts).toHaveLength(1);
    const putKey = randomUUID();
    const rename = () =>
      ctx.app.inject({
        method: 'PUT',
        url: `${API}/contacts/updateContact`,
        headers: { ...admin.auth, 'idempotency-key': putKey },
        payload: { id: contacts[0]!.id, companyId: company.id, name: 'Grace H', email: 'grace@example.test' },
      });
    expect((await rename()).statusCode).toBe(200);
    const renamed = await rename();
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers['idempotent-replayed']).toBe('true');
  });

  it('never stores answers that carry credentials: the authenticator secret, recovery codes, session tokens', async () => {
    const user = await ctx.actor(['User'], { tenants: [tenantId], activeTenant: tenantId });
    const call = (url: string, key: string, payload?: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API}${url}`,
        headers: { ...user.auth, 'idempotency-key': key },
        payload,
      });
    const setupKey = randomUUID();
    const first = await call('/me/2fa/setup', setupKey);
    expect(first.statusCode).toBe(200);
    expect(await keyRow(user.user.id, setupKey)).toBeUndefined();
    const again = await call('/me/2fa/setup', setupKey);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().secret).not.toBe(first.json().secret);

    const tenantKey = randomUUID();
    expect((await call('/auth/activetenant', tenantKey, { tenantId })).statusCode).toBe(200);
    expect(await keyRow(user.user.id, tenantKey)).toBeUndefined();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/harness.js';
import { sessions } from '../modules/auth/auth.schema.js';
import { createLiveSessions } from './live-sessions.js';

describe('live sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** A signed-in session's id, and a way to revoke it behind the cache's back. */
  async function session() {
    const user = await ctx.factories.user();
    await ctx.signIn(user.email);
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const revokeInDatabase = () =>
      ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row!.id));
    return { id: row!.id, revokeInDatabase };
  }

  it('answers from memory once a session was found live, and from the database after forget()', async () => {
    const live = createLiveSessions(ctx.db);
    const s = await session();
    expect(await live.isLive(s.id)).toBe(true);
    await s.revokeInDatabase();
    // Remembered: no round trip, so the change behind its back is not seen yet.
    expect(await live.isLive(s.id)).toBe(true);
    live.forget([s.id]);
    expect(await live.isLive(s.id)).toBe(false);
  });

  it('does not take unknown, revoked or expired sessions as live', async () => {
    const live = createLiveSessions(ctx.db);
    const revoked = await session();
    await revoked.revokeInDatabase();
    const expired = await session();
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired.id));
    expect(await live.isLive(revoked.id)).toBe(false);
    expect(await live.isLive(expired.id)).toBe(false);
    expect(await live.isLive('00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('does not remember an answer read before a forget() that overlapped the lookup', async () => {
    const live = createLiveSessions(ctx.db);
    const s = await session();
    const lookup = live.isLive(s.id); // reads the session while it is still live...
    await s.revokeInDatabase();
    live.forget([s.id]); // ...and the revocation lands before that answer is stored
    expect(await lookup).toBe(true);
    expect(await live.isLive(s.id)).toBe(false);
  });

  /** The test database, counting the reads made through it. */
  function countingDb() {
    const counter = { reads: 0 };
    const db = new Proxy(ctx.db, {
      get(target, key, receiver) {
        if (key === 'select') counter.reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    return { db, counter };
  }

  it('lets the checks of one session that arrive together share one read', async () => {
    const { db, counter } = countingDb();
    const live = createLiveSessions(db);
    const [a, b] = [await session(), await session()];
    const answers = await Promise.all([a.id, a.id, a.id, b.id, b.id].map((id) => live.isLive(id)));
    expect(answers).toEqual([true, true, true, true, true]);
    expect(counter.reads).toBe(2);
    expect(await live.isLive(a.id)).toBe(true);
    expect(counter.reads).toBe(2);
  });

  it('remembers a live session no longer than until it expires', async () => {
    const live = createLiveSessions(ctx.db);
    const s = await session();
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 2000) })
      .where(eq(sessions.id, s.id));
    expect(await live.isLive(s.id)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(await live.isLive(s.id)).toBe(false);
  });

  it('does not let a check that starts after forget() join the lookup it overlapped', async () => {
    const { db, counter } = countingDb();
    const live = createLiveSessions(db);
    const s = await session();
    const before = live.isLive(s.id);
    live.forget([s.id]);
    const after = live.isLive(s.id);
    // The second check reads again: the first may have read the session before it ended.
    expect(counter.reads).toBe(2);
    expect(await Promise.all([before, after])).toEqual([true, true]);
  });

  it('ends a revoked session at once for the app that revoked it', async () => {
    const user = await ctx.factories.user();
    const { token, cookie } = await ctx.signIn(user.email);
    const info = () => ctx.app.inject({ method: 'GET', url: '/core/api/me/info', headers: bearer(token) });
    expect((await info()).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/logout',
      cookies: { atrium_refresh: cookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await info()).statusCode).toBe(401);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext, testConfig } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { HASH_CONCURRENCY } from './use-cases/import-users.js';
import { userImportProgress } from './users.schema.js';

// Counts how many password hashes run at the same time (the real hashing, wrapped). While `held`,
// each hash waits in `waiting` until the test lets it go.
const hashing = vi.hoisted(() => ({ active: 0, most: 0, held: false, waiting: [] as (() => void)[] }));
vi.mock('../auth/password-hashing.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../auth/password-hashing.js')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      hashing.active++;
      hashing.most = Math.max(hashing.most, hashing.active);
      try {
        if (hashing.held) await new Promise<void>((resolve) => hashing.waiting.push(resolve));
        return await real.hashPassword(password);
      } finally {
        hashing.active--;
      }
    },
  };
});

let ctx: TestContext;
// A second app on the same database: another process behind the same load balancer.
let secondApp: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  secondApp = await buildApp({ config: testConfig({ DATA_DIR: ctx.dataDir }), database: ctx.database });
  await secondApp.ready();
});
afterAll(async () => {
  await secondApp.close();
  await ctx.close();
});

const importRows = (count: number) => {
  const t = Math.random().toString(36).slice(2, 8);
  return Array.from({ length: count }, (_, i) => ({
    line: i + 2,
    name: `Row${i}`,
    surname: 'Imported',
    email: `row${i}-${t}@example.test`,
    role: '',
    groups: [],
    language: '',
    password: `Harbour-lights-${i}-${t}`,
  }));
};

/** Asks until `until` holds for the answer (each ask lets the import run on meanwhile). */
async function pollUntil(
  ask: () => Promise<{ statusCode: number; json: () => unknown }>,
  until: (a: unknown) => boolean,
) {
  for (let i = 0; i < 500; i++) {
    const res = await ask();
    const body = res.statusCode === 200 ? res.json() : { status: res.statusCode };
    if (until(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the progress never got there');
}

describe('POST /core/api/users/import/confirm with many passwords', () => {
  it(`hashes at most ${HASH_CONCURRENCY} passwords at a time, and creates every user`, async () => {
    const tenant = await ctx.factories.tenant();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const rows = importRows(12);
    hashing.most = 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/import/confirm',
      headers: admin.auth,
      payload: { rows },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 12 });
    // Before, all 12 started at once.
    expect(hashing.most).toBe(HASH_CONCURRENCY);
  });
});

describe('GET /core/api/users/import/progress/{importId}', () => {
  it('counts the rows of each step as they pass it, then answers done', async () => {
    const tenant = await ctx.factories.tenant();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const other = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const importId = crypto.randomUUID();
    const progress = (who = admin, id = importId, app = ctx.app) =>
      app.inject({ method: 'GET', url: `/core/api/users/import/progress/${id}`, headers: who.auth });
    expect((await progress()).statusCode).toBe(404);

    hashing.held = true;
    hashing.waiting = [];
    const confirm = ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/import/confirm',
      headers: admin.auth,
      payload: { rows: importRows(6), importId },
    });
    try {
      // Every row passed the password rule; the first hashes wait.
      expect(await pollUntil(progress, (p) => (p as { step?: string }).step === 'hashing')).toEqual({
        step: 'hashing',
        done: 0,
        total: 6,
      });
      // Another user of the tenant does not see it; the same id running again is refused.
      expect((await progress(other)).statusCode).toBe(404);
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/core/api/users/import/confirm',
        headers: admin.auth,
        payload: { rows: importRows(1), importId },
      });
      expect(again.statusCode).toBe(409);
      // Three hashes let go: three rows done.
      for (let released = 0; released < 3; ) {
        const next = hashing.waiting.shift();
        if (next) {
          next();
          released++;
        } else await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(await pollUntil(progress, (p) => (p as { done?: number }).done === 3)).toEqual({
        step: 'hashing',
        done: 3,
        total: 6,
      });
      // The other process answers the same.
      expect((await progress(admin, importId, secondApp)).json()).toEqual({ step: 'hashing', done: 3, total: 6 });
    } finally {
      hashing.held = false;
      for (const next of hashing.waiting.splice(0)) next();
    }
    const res = await confirm;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 6 });
    expect((await progress()).json()).toEqual({ step: 'done', done: 6, total: 6 });
  });

  it('says failed when nothing was imported, and refuses ids that are not UUIDs', async () => {
    const tenant = await ctx.factories.tenant();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const importId = crypto.randomUUID();
    const rows = importRows(3);
    rows[1]!.email = 'not an email';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/users/import/confirm',
      headers: admin.auth,
      payload: { rows, importId },
    });
    expect(res.statusCode).toBe(400);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/core/api/users/import/progress/${importId}`,
      headers: admin.auth,
    });
    expect(after.json()).toEqual({ step: 'failed', done: 3, total: 3 });
    // A minute after it finished, it is forgotten.
    await crossTenant('test fixtures', () =>
      ctx.db
        .update(userImportProgress)
        .set({ finishedAt: sql`now() - interval '61 seconds'` })
        .where(eq(userImportProgress.importId, importId)),
    );
    const later = await ctx.app.inject({
      method: 'GET',
      url: `/core/api/users/import/progress/${importId}`,
      headers: admin.auth,
    });
    expect(later.statusCode).toBe(404);
    for (const id of ['x', 'a'.repeat(300), '%00']) {
      const bad = await ctx.app.inject({
        method: 'GET',
        url: `/core/api/users/import/progress/${id}`,
        headers: admin.auth,
      });
      expect([id, bad.statusCode]).toEqual([id, 400]);
    }
    const user = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/core/api/users/import/progress/${importId}`,
      headers: user.auth,
    });
    expect(refused.statusCode).toBe(403);
  });
});

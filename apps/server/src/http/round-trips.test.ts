import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';

/**
 * The database round trips of the cheapest read, the week grid (issue 25, decision 023). Every statement
 * the app sends goes through pg's Client.query (PostgreSQL) or PGlite's query (PGlite), so wrapping
 * both records them in order. The token check, the session check and the feature gate are remembered
 * (decisions 022, 023), so a warm request sends its statement, and the tenant scope's set_config only
 * when its connection last served another tenant (on PostgreSQL in the same write as the statement:
 * test/scoped-pool-postgres.test.ts).
 */
const sent: string[] = [];
const restores: (() => void)[] = [];

function record(proto: object) {
  let owner = proto;
  while (!Object.hasOwn(owner, 'query')) owner = Object.getPrototypeOf(owner);
  const target = owner as { query: (...args: unknown[]) => unknown };
  const original = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    sent.push(typeof first === 'string' ? first : first.text);
    return original.apply(this, args);
  };
  restores.push(() => {
    target.query = original;
  });
}

const WEEK = '/core/api/timelogs/getPersonalProjectsWithMarksForWeek/2026-11-23/2026-11-29';

describe('round trips of a week-grid request', () => {
  let ctx: TestContext;
  let a: { auth: Record<string, string> };
  let b: { auth: Record<string, string> };

  beforeAll(async () => {
    ctx = await createTestApp();
    const one = await ctx.factories.tenant({ features: ['TimeLogs'] });
    const two = await ctx.factories.tenant({ features: ['TimeLogs'] });
    a = await ctx.actor(['User'], { tenants: [one.id], activeTenant: one.id });
    b = await ctx.actor(['User'], { tenants: [two.id], activeTenant: two.id });
    record(pg.Client.prototype);
    record(PGlite.prototype);
  });
  afterEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    for (const restore of restores) restore();
    await ctx.close();
  });

  /** The statements one grid request sends. */
  async function grid(who: { auth: Record<string, string> }) {
    sent.length = 0;
    const res = await ctx.app.inject({ url: WEEK, headers: who.auth });
    expect(res.statusCode).toBe(200);
    return [...sent];
  }

  it('sends only its statement when its tenant scope is already set', async () => {
    await grid(a); // reads the session and the tenant's features, which are then remembered
    const statements = await grid(a);
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toMatch(/set_config/);
    expect(statements[0]).toMatch(/time_marks/);
  });

  it("sets the scope first when the previous request was another tenant's", async () => {
    await grid(b);
    await grid(a);
    const statements = await grid(b);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/set_config\('app\.tenant_id'/);
    expect(statements[1]).toMatch(/time_marks/);
  });
});

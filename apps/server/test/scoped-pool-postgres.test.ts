// Runs only with TEST_DATABASE_URL (vitest.config.ts leaves this file out otherwise): the pool is
// node-postgres'; PGlite has no connections to pipeline on.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customPlans, poolConfig } from '../src/db/client.js';
import { ScopedPool } from '../src/db/scoped-connections.js';
import { withTenant } from '../src/db/tenant-scope.js';

/**
 * A loopback proxy in front of the PostgreSQL server that the pool talks through. It can hold the
 * server's answers back until the client has sent a given text (to see whether the client waits for
 * an answer before sending it), and can replace a text in what the client sends (to make a statement
 * fail on the server).
 */
function startProxy(upstream: URL) {
  const state = {
    /** While set, the server's answers wait until the client has sent this text. */
    holdUntil: null as string | null,
    /** Whether the server had answered anything when the client sent holdUntil's text. */
    answeredFirst: null as boolean | null,
    /** [from, to]: replaced in what the client sends, once, keeping the message's length. */
    rewrite: null as [string, string] | null,
  };
  const server = net.createServer((client) => {
    const db = net.connect(Number(upstream.port || 5432), upstream.hostname);
    let held: Buffer[] = [];
    let answered = false;
    const release = () => {
      for (const chunk of held) client.write(chunk);
      held = [];
    };
    client.on('data', (chunk: Buffer) => {
      let data = chunk;
      const text = data.toString('latin1');
      if (state.rewrite && text.includes(state.rewrite[0])) {
        data = Buffer.from(text.replace(state.rewrite[0], state.rewrite[1]), 'latin1');
        state.rewrite = null;
      }
      if (state.holdUntil && text.includes(state.holdUntil)) {
        state.answeredFirst = answered;
        state.holdUntil = null;
        setImmediate(release);
      }
      db.write(data);
    });
    db.on('data', (chunk: Buffer) => {
      if (state.holdUntil) {
        held.push(chunk);
        // A client that waits for an answer would wait forever: it gets it, late.
        setTimeout(() => {
          answered = true;
          release();
        }, 500);
      } else client.write(chunk);
    });
    const end = () => {
      client.destroy();
      db.destroy();
    };
    client.on('error', end).on('close', end);
    db.on('error', end).on('close', end);
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = new URL(upstream);
      url.hostname = '127.0.0.1';
      url.port = String((server.address() as net.AddressInfo).port);
      resolve({
        url: url.toString(),
        state,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

const tenantA = randomUUID();
const tenantB = randomUUID();
const SETTING = "select current_setting('app.tenant_id', true) as tenant";

describe('the scoped pool', () => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let pool: ScopedPool;

  beforeAll(async () => {
    proxy = await startProxy(new URL(process.env.TEST_DATABASE_URL!));
  });
  afterEach(async () => {
    await pool?.end();
    proxy.state.holdUntil = null;
    proxy.state.rewrite = null;
  });
  afterAll(() => proxy.close());

  /** The tenant setting a statement run in tenantId's scope sees, tagged so the proxy can spot it. */
  const settingIn = (tenantId: string, tag: string) =>
    withTenant(tenantId, () => pool.query<{ tenant: string }>(`${SETTING}, '${tag}' as tag`)).then(
      (r) => r.rows[0]!.tenant,
    );

  it.each([
    ["another tenant's, sending the change", tenantB],
    ['its own, sending nothing before it', tenantA],
  ])('sends a statement in %s without waiting for an answer', async (_, tenant) => {
    pool = new ScopedPool(poolConfig(proxy.url, 1));
    expect(await settingIn(tenantA, 'first')).toBe(tenantA);
    // A change sent on its own would hold the statement back until the proxy released its answer.
    proxy.state.holdUntil = 'second-statement';
    expect(await settingIn(tenant, 'second-statement')).toBe(tenant);
    expect(proxy.state.answeredFirst).toBe(false);
  });

  it('answers a statement whose change failed with that error, and sends the whole session again next', async () => {
    pool = new ScopedPool(poolConfig(proxy.url, 1));
    // In customPlans, so that this first change also sets the plan mode (a statement of its own) and
    // the next, a scope change only, is parsed with its text, which the proxy can rewrite.
    expect(await customPlans(() => settingIn(tenantA, 'first'))).toBe(tenantA);

    // The server refuses the next change (a setting name it cannot take), but runs the statement
    // behind it, in tenant A's scope: its answer must not reach the caller as tenant B's.
    proxy.state.rewrite = ["set_config('app.tenant_id'", "set_config('app.tenant_i!'"];
    const client = await customPlans(() => withTenant(tenantB, () => pool.connect()));
    // Two statements at once: the one sent behind the first waits for the change's answer as well.
    const [first, second] = await Promise.allSettled([client.query(SETTING), client.query(SETTING)]);
    expect(first.status === 'rejected' && String(first.reason)).toMatch(/app\.tenant_i!/);
    expect(second.status === 'rejected' && String(second.reason)).toMatch(/app\.tenant_i!/);
    // Released as Drizzle releases a connection after a failed transaction: without an error.
    client.release();

    // The same connection (a pool of one), in the same tenant: the change is sent again.
    const again = await withTenant(tenantB, () => pool.connect());
    try {
      expect((await again.query<{ tenant: string }>(SETTING)).rows[0]!.tenant).toBe(tenantB);
      expect(again).toBe(client);
    } finally {
      again.release();
    }
  });

  it('answers through callbacks as through promises', async () => {
    pool = new ScopedPool(poolConfig(proxy.url, 1));
    expect(await settingIn(tenantA, 'first')).toBe(tenantA);
    const viaCallback = await withTenant(tenantB, async () => {
      const client = await pool.connect();
      try {
        return await new Promise<pg.QueryResult<{ tenant: string }>>((resolve, reject) =>
          client.query(SETTING, [], (err: Error | null, result: pg.QueryResult<{ tenant: string }>) =>
            err ? reject(err) : resolve(result),
          ),
        );
      } finally {
        client.release();
      }
    });
    expect(viaCallback.rows[0]!.tenant).toBe(tenantB);
  });
});

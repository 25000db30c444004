import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.js';
import { createTestApp, type TestContext } from '../../test/harness.js';

const TOKEN = 'metrics-token-for-the-tests';

describe('GET /metrics', () => {
  // Tests that start an app of their own get the time a loaded machine may take to do it.
  it('is off by default', { timeout: 120_000 }, async () => {
    const ctx = await createTestApp();
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => ctx.close());
    const scrape = (authorization?: string) =>
      ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

    it('refuses callers without the token', async () => {
      for (const auth of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
        const res = await scrape(auth);
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toContain('atrium_');
      }
    });

    it('counts requests by route pattern and status, never by raw URL', async () => {
      const id = randomUUID();
      await ctx.app.inject({ method: 'GET', url: '/core/api/health' });
      await ctx.app.inject({ method: 'GET', url: `/core/api/documents/${id}/file` });
      await ctx.app.inject({ method: 'GET', url: `/core/api/no-such-route/${id}` });
      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toMatch(
        /atrium_http_request_duration_seconds_count\{method="GET",route="\/core\/api\/health",status="200"\} [1-9]/,
      );
      expect(text).toMatch(/route="\/core\/api\/documents\/:id\/file",status="401"\} [1-9]/);
      expect(text).toMatch(/route="unmatched",status="404"\} [1-9]/);
      expect(text).not.toContain(id);
    });

    it('reports hub connections by transport, the mail queue, and the process', async () => {
      const { auth } = await ctx.actor(['User']);
      const negotiated = await ctx.app.inject({
        method: 'POST',
        url: '/core/tenantHub/negotiate?negotiateVersion=1',
        headers: auth,
      });
      expect(negotiated.statusCode).toBe(200);
      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(text).toMatch(/atrium_hub_connections\{transport="none"\} 1/);
      expect(text).toContain('atrium_hub_messages_sent_total');
      expect(text).toContain('atrium_hub_backplane_lag_seconds');
      expect(text).toMatch(/atrium_mail_queue\{status="pending"\} \d+/);
      expect(text).toMatch(/atrium_mail_queue\{status="failed"\} \d+/);
      expect(text).toContain('atrium_mail_delivery_failures_total');
      expect(text).toMatch(/process_resident_memory_bytes \d+/);
      expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
      if (process.env.TEST_DATABASE_URL) expect(text).toMatch(/atrium_db_pool_connections\{state="total"\} \d+/);
    });

    it('has every metric that deploy/grafana-dashboard.json charts', async () => {
      const dashboard = readFileSync(resolve(import.meta.dirname, '../../../../deploy/grafana-dashboard.json'), 'utf8');
      const charted = new Set(
        [...dashboard.matchAll(/\b((?:atrium|process|nodejs)_[a-z0-9_]+)/g)].map((m) =>
          m[1]!.replace(/_(bucket|count|sum)$/, ''),
        ),
      );
      expect(charted.size).toBeGreaterThan(8);
      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect([...charted].filter((name) => !text.includes(`# TYPE ${name} `))).toEqual([]);
    });
  });

  it('with METRICS_PORT, answers on that port only, without a token', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const ctx = await createTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('atrium_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      const onApp = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(onApp.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

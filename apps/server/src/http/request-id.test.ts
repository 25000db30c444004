import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it('names a new id in every answer, errors included', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/core/api/health' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/core/api/no-such-thing' });
    expect(ok.headers['x-request-id']).toMatch(UUID);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    expect(missing.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);
  });

  it("keeps a proxy's sane id, so one id follows the request through both logs", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/core/api/health',
      headers: { 'x-request-id': 'lb-7f3a.19:2' },
    });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.19:2');
  });

  it('replaces an id that is too long or could forge log lines', async () => {
    for (const given of ['x'.repeat(129), 'abc def', 'a"b', '{"level":60}', 'ok\\u2028no']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/core/api/health', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});

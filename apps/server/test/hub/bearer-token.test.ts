import { HUB } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../harness.js';

/**
 * A token in a URL ends up in access logs, browser histories and Referer headers: only the hub,
 * whose browser WebSockets and event streams cannot send headers, takes one from the query.
 */
describe('access_token in the query string', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await ctx.factories.user();
    ({ token } = await ctx.signIn(user.email));
  });
  afterAll(() => ctx.close());

  it('is refused on the API: GET /core/api/me/info?access_token=<valid> answers 401', async () => {
    const inQuery = await ctx.app.inject({ url: `/core/api/me/info?access_token=${encodeURIComponent(token)}` });
    expect(inQuery.statusCode).toBe(401);
    const inHeader = await ctx.app.inject({ url: '/core/api/me/info', headers: bearer(token) });
    expect(inHeader.statusCode).toBe(200);
  });

  it("is taken by the hub's negotiate", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${HUB.path}/negotiate?negotiateVersion=1&access_token=${encodeURIComponent(token)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().connectionToken).toEqual(expect.any(String));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { type Headers, mediaRoutes, type UploadAnswer } from '../../../test/media-routes.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const pathOf = (res: UploadAnswer) => {
  expect(res.statusCode).toBe(201);
  return res.json().path as string;
};

/** Every route that saves a media path, with who may upload for it and how a record comes to show it. */
const ROUTES = mediaRoutes(() => ctx);

describe.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])('a media path saved through the %s route', (name) => {
  const route = ROUTES[name];

  it('must be a file the saving user uploaded: someone else’s, saved or not, is 400', async () => {
    const me = await route.uploader();
    const other = await route.uploader();
    const theirs = pathOf(await route.upload(other.auth));
    const refused = await route.save(me.auth, theirs);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: route.field, message: 'unknownMediaFile' }]);
    // Saved by its uploader (a tenant's logo, another user's picture): still not for anyone else.
    expect((await route.save(other.auth, theirs)).statusCode).toBeLessThan(300);
    expect((await route.save(me.auth, theirs)).json().errors).toEqual([
      { field: route.field, message: 'unknownMediaFile' },
    ]);
    const mine = pathOf(await route.upload(me.auth));
    expect((await route.save(me.auth, mine)).statusCode).toBeLessThan(300);
  });
});

describe('a tenant’s logos on update', () => {
  it('may stay what they are, whoever uploaded them, and may not become another tenant’s', async () => {
    const su = await ctx.actor(['Superadmin']);
    const other = await ctx.actor(['Superadmin']);
    const logo = pathOf(await ROUTES.logo.upload(su.auth));
    const created = await ROUTES.logo.save(su.auth, logo);
    const tenant = created.json();
    // Another administrator saves the tenant unchanged: its own logo is fine.
    const put = (auth: Headers, body: { id: string } & Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: `/core/api/tenants/${body.id}`, headers: auth, payload: body });
    const same = await put(other.auth, tenant);
    expect(same.statusCode).toBe(200);
    // A second tenant may not take the first one's logo by its path.
    const second = await ROUTES.logo.save(other.auth, null);
    const stolen = await put(other.auth, { ...second.json(), logoMediaFile: logo });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toEqual([{ field: 'logoMediaFile', message: 'unknownMediaFile' }]);
  });
});

describe('Cross-Origin-Resource-Policy of media', () => {
  const corp = async (path: string) =>
    (await ctx.app.inject({ url: path })).headers['cross-origin-resource-policy'] as string;

  it('lets other origins (webmail) load a tenant’s logo, and keeps every other file same-origin', async () => {
    const { auth } = await ROUTES.logo.uploader();
    const logo = pathOf(await ROUTES.logo.upload(auth));
    // Not a logo until a tenant shows it.
    expect(await corp(logo)).toBe('same-origin');
    expect((await ROUTES.logo.save(auth, logo)).statusCode).toBe(201);
    expect(await corp(logo)).toBe('cross-origin');

    const user = await ROUTES.avatar.uploader();
    const picture = pathOf(await ROUTES.avatar.upload(user.auth));
    await ROUTES.avatar.save(user.auth, picture);
    expect(await corp(picture)).toBe('same-origin');
    expect((await ctx.app.inject({ url: '/core/api/health' })).headers['cross-origin-resource-policy']).toBe(
      'same-origin',
    );
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { describeTenantIsolation } from '../../../test/isolation.js';
import { multipart, PNG } from '../../../test/multipart.js';
import { crossTenant } from '../../db/tenant-scope.js';
import { tenantHomeContent } from './tenant-settings.schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://atrium.example.com', VIDEO_HOSTS: 'player.vimeo.com' });
});
afterAll(() => ctx.close());

const content = (id: string) => `/core/api/tenants/${id}/content`;
const items = (id: string) => `/core/api/tenants/${id}/featureitems`;
const putContent = (auth: Headers, id: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: content(id), headers: auth, payload });
const putItems = (auth: Headers, id: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: items(id), headers: auth, payload });

async function superadmin() {
  return ctx.actor(['Superadmin']);
}

/** A partner tenant, a tenant it runs, and a partner manager working in the partner tenant. */
async function partnerSetup() {
  const partner = await ctx.factories.tenant({ isPartnerTenant: true });
  const child = await ctx.factories.tenant({
    partnerTenantId: partner.id,
    features: ['News', 'TimeLogs', 'Documents'],
  });
  const manager = await ctx.actor(['PartnerManager'], { tenants: [partner.id], activeTenant: partner.id });
  return { partner, child, manager };
}

const withAuth = (auth: Record<string, string>, body: ReturnType<typeof multipart>) => ({
  payload: body.payload,
  headers: { ...auth, ...body.headers },
});

const png = (width: number, height = Math.round(width / 2)) =>
  sharp({ create: { width, height, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();

describe('GET /core/api/home/content', () => {
  it('answers the default (all empty) for a tenant without content', async () => {
    const t = await ctx.factories.tenant();
    const user = await ctx.actor(['User'], { tenants: [t.id], activeTenant: t.id });
    const res = await ctx.app.inject({ url: '/core/api/home/content', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      headline: null,
      logo: null,
      hasCompressedImage320: false,
      hasCompressedImage800: false,
      pageHtml: null,
      pageHtml2: null,
      descriptionMobile: null,
      videoUrl: null,
    });
  });

  it('answers 400 noActiveTenant without an active tenant, and 401 signed out', async () => {
    const user = await ctx.actor(['User']);
    const res = await ctx.app.inject({ url: '/core/api/home/content', headers: user.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('noActiveTenant');
    expect((await ctx.app.inject({ url: '/core/api/home/content' })).statusCode).toBe(401);
  });
});

describe('PUT /core/api/tenants/:id/content', () => {
  it('stores the landing content with rich text sanitized, and the tenant’s users see it on /home', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const res = await putContent(admin.auth, t.id, {
      headline: '  Welcome  ',
      pageHtml: '<h1 onclick="x()">Hi</h1><script>alert(1)</script><p>Body <a href="javascript:x()">link</a></p>',
      pageHtml2: '<p></p>',
      descriptionMobile: 'Mobile text',
      videoUrl: 'https://atrium.example.com/media/intro.mp4',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      headline: 'Welcome',
      pageHtml: '<h1>Hi</h1><p>Body link</p>',
      pageHtml2: null,
      videoHosts: ['atrium.example.com', 'player.vimeo.com'],
    });
    const user = await ctx.actor(['User'], { tenants: [t.id], activeTenant: t.id });
    const home = await ctx.app.inject({ url: '/core/api/home/content', headers: user.auth });
    expect(home.json()).toMatchObject({
      headline: 'Welcome',
      pageHtml: '<h1>Hi</h1><p>Body link</p>',
      descriptionMobile: 'Mobile text',
      videoUrl: 'https://atrium.example.com/media/intro.mp4',
    });
    const again = await ctx.app.inject({ url: content(t.id), headers: admin.auth });
    expect(again.json().headline).toBe('Welcome');
  });

  it.each([
    'https://evil.test/video',
    'javascript:alert(1)',
    'https://atrium.example.com.evil.test/v',
    'https://atrium.example.com@evil.test/v',
    'ftp://atrium.example.com/v',
    '//atrium.example.com/v',
    'atrium.example.com/v',
  ])("refuses the video address %s with 'unsafeUrl'", async (videoUrl) => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const res = await putContent(admin.auth, t.id, { videoUrl });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([{ field: 'videoUrl', message: 'unsafeUrl' }]);
  });

  it('accepts a video from a host on VIDEO_HOSTS', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const res = await putContent(admin.auth, t.id, { videoUrl: 'https://player.vimeo.com/video/1' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses bad input with 400 and the field, never a 5xx', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const bad: [object, string][] = [
      [{ headline: 'x'.repeat(201) }, 'headline'],
      [{ headline: 5 }, 'headline'],
      [{ logoMediaFile: '/etc/passwd' }, 'logoMediaFile'],
      [{ logoMediaFile: '/core/api/media/00000000-0000-0000-0000-000000000000.png' }, 'logoMediaFile'],
      [{ logoMediaFile320: '/core/api/media/00000000-0000-0000-0000-000000000000.png' }, 'logoMediaFile320'],
      [{ pageHtml: 'x'.repeat(100_001) }, 'pageHtml'],
      [{ descriptionMobile: ['x'] }, 'descriptionMobile'],
    ];
    for (const [payload, field] of bad) {
      const res = await putContent(admin.auth, t.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const notUuid = await putContent(admin.auth, 'nope', {});
    expect(notUuid.statusCode).toBe(400);
    const missing = await putContent(admin.auth, '00000000-0000-4000-8000-000000000000', {});
    expect(missing.statusCode).toBe(404);
  });

  it('lets a partner manager edit the tenants of their partner tenant only; tenant roles get 403', async () => {
    const { child, manager } = await partnerSetup();
    const ok = await putContent(manager.auth, child.id, { headline: 'P' });
    expect(ok.statusCode).toBe(200);
    const other = await ctx.factories.tenant();
    const outside = await putContent(manager.auth, other.id, {});
    expect(outside.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: content(other.id), headers: manager.auth })).statusCode).toBe(404);
    for (const role of ['TenantAdmin', 'User'] as const) {
      const member = await ctx.actor([role], { tenants: [child.id], activeTenant: child.id });
      const res = await putContent(member.auth, child.id, {});
      expect(res.statusCode).toBe(403);
      expect((await ctx.app.inject({ url: content(child.id), headers: member.auth })).statusCode).toBe(403);
    }
  });
});

describe('POST /core/api/tenants/:id/content/logo', () => {
  it('stores a logo with copies 320 and 800 px wide, served on /home; a replaced logo’s files go', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    const upload = async (data: Buffer) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${content(t.id)}/logo`,
        ...withAuth(admin.auth, multipart(data, 'logo.png', 'image/png')),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { path: string; path320: string | null; path800: string | null };
    };
    const first = await upload(await png(1200));
    expect(first.path320).toMatch(/^\/core\/api\/media\/.+\.png$/);
    expect(first.path800).toMatch(/^\/core\/api\/media\/.+\.png$/);
    const copy = await ctx.app.inject({ url: first.path320!.replace('/core/api', '/core/api') });
    expect(copy.statusCode).toBe(200);
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(320);

    const save = await putContent(admin.auth, t.id, {
      logoMediaFile: first.path,
      logoMediaFile320: first.path320,
      logoMediaFile800: first.path800,
    });
    expect(save.statusCode).toBe(200);
    const user = await ctx.actor(['User'], { tenants: [t.id], activeTenant: t.id });
    const home = (await ctx.app.inject({ url: '/core/api/home/content', headers: user.auth })).json();
    expect(home).toMatchObject({
      logo: { fileUrl: first.path, fileUrl320: first.path320, fileUrl800: first.path800 },
      hasCompressedImage320: true,
      hasCompressedImage800: true,
    });

    // A small logo gets no copies; saving it removes the first logo and its copies.
    const second = await upload(await png(200));
    expect(second).toMatchObject({ path320: null, path800: null });
    await putContent(admin.auth, t.id, { logoMediaFile: second.path });
    const files = readdirSync(join(ctx.dataDir, 'media'));
    for (const p of [first.path, first.path320!, first.path800!]) expect(files).not.toContain(p.split('/').pop());
    expect(files).toContain(second.path.split('/').pop());
    // The sweep keeps what home content shows, although the table is tenant-owned.
    await ctx.app.services.media.sweep(new Date(Date.now() + 24 * 3600_000));
    expect(readdirSync(join(ctx.dataDir, 'media'))).toContain(second.path.split('/').pop());
  });

  it('refuses what is not an image, and an image that cannot be decoded', async () => {
    const t = await ctx.factories.tenant();
    const admin = await superadmin();
    // A PNG signature over bytes that are no image.
    const broken = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 7)]);
    for (const data of [Buffer.from('<html><script>x</script></html>'), broken]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${content(t.id)}/logo`,
        ...withAuth(admin.auth, multipart(data, 'logo.png', 'image/png')),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'file', message: 'unsupportedImage' }]);
    }
  });

  it('refuses tenant roles with 403 before reading the upload', async () => {
    const t = await ctx.factories.tenant();
    const admin = await ctx.actor(['TenantAdmin'], { tenants: [t.id], activeTenant: t.id });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${content(t.id)}/logo`,
      ...withAuth(admin.auth, multipart(await png(400), 'logo.png', 'image/png')),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET and PUT /core/api/tenants/:id/featureitems', () => {
  it('lists the tenant’s renamable features, saves titles and sanitized descriptions, and the menu shows them', async () => {
    const { child, manager } = await partnerSetup();
    const list = await ctx.app.inject({ url: items(child.id), headers: manager.auth });
    expect(list.statusCode).toBe(200);
    // Documents is an admin page, not a tile: not renamable.
    expect(list.json().map((f: { name: string }) => f.name)).toEqual(['News', 'TimeLogs']);
    const news = list.json().find((f: { name: string }) => f.name === 'News');
    const save = await putItems(manager.auth, child.id, [
      {
        id: news.id,
        customTitle: ' Newsroom ',
        customDescription: '<p onclick="x()">Our <b>news</b></p><img src=x>',
      },
    ]);
    expect(save.statusCode).toBe(200);
    expect(save.json().find((f: { name: string }) => f.name === 'News')).toMatchObject({
      customTitle: 'Newsroom',
      customDescription: '<p>Our <strong>news</strong></p>',
    });
    const user = await ctx.actor(['User'], { tenants: [child.id], activeTenant: child.id });
    const general = (await ctx.app.inject({ url: '/core/api/me/generaldata', headers: user.auth })).json();
    // The menu carries the description too: the module's heading and its home tile show it (issue 30).
    expect(general.tenantMenuItemsData).toContainEqual({
      name: 'News',
      customTitle: 'Newsroom',
      customDescription: '<p>Our <strong>news</strong></p>',
    });
  });

  it('refuses a feature the tenant does not have, or one that is not renamable', async () => {
    const { child, manager } = await partnerSetup();
    const other = await ctx.factories.tenant({ features: ['Chat'] });
    const chatId = (await ctx.app.inject({ url: items(other.id), headers: (await superadmin()).auth })).json()[0].id;
    const res = await putItems(manager.auth, child.id, [{ id: chatId, customTitle: 'x' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: '0.id', message: 'unknownFeature' }]);
  });

  it('refuses bad bodies with 400', async () => {
    const { child, manager } = await partnerSetup();
    const id = '00000000-0000-4000-8000-000000000000';
    for (const payload of [
      {},
      [{ id: 'x' }],
      [{ id, customTitle: 'x'.repeat(101) }],
      [{ id }, { id }],
      [{ id, customDescription: 7 }],
    ]) {
      const res = await putItems(manager.auth, child.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('refuses tenant roles with 403, and a partner manager another partner’s tenant with 404', async () => {
    const { child } = await partnerSetup();
    const { manager: otherManager } = await partnerSetup();
    expect((await ctx.app.inject({ url: items(child.id), headers: otherManager.auth })).statusCode).toBe(404);
    for (const role of ['TenantAdmin', 'User'] as const) {
      const member = await ctx.actor([role], { tenants: [child.id], activeTenant: child.id });
      expect((await ctx.app.inject({ url: items(child.id), headers: member.auth })).statusCode).toBe(403);
      const put = await putItems(member.auth, child.id, []);
      expect(put.statusCode).toBe(403);
    }
  });
});

const insertContent = (ctx: TestContext, tenantId: string, headline: string) =>
  crossTenant('test fixture', () => ctx.db.insert(tenantHomeContent).values({ tenantId, headline }));

/** Tenant B with home content under `headline`, whose start is the secret no other tenant may see. */
const withContent = (headline: string, secret: string) => async (ctx: TestContext, tenantBId: string) => {
  await insertContent(ctx, tenantBId, headline);
  return { id: tenantBId, secret };
};

describeTenantIsolation([
  {
    name: 'GET /core/api/home/content',
    method: 'GET',
    url: () => '/core/api/home/content',
    list: true,
    createInTenantB: withContent('Secret welcome of tenant B', 'Secret welcome'),
  },
  {
    name: 'GET /core/api/tenants/:id/content',
    method: 'GET',
    url: (id) => `/core/api/tenants/${id}/content`,
    createInTenantB: withContent('Hidden headline of B', 'Hidden headline'),
  },
  {
    name: 'PUT /core/api/tenants/:id/content',
    method: 'PUT',
    url: (id) => `/core/api/tenants/${id}/content`,
    payload: () => ({ headline: 'Overwritten' }),
    createInTenantB: withContent('Untouched headline of B', 'Untouched headline'),
  },
  {
    name: 'GET /core/api/tenants/:id/featureitems',
    method: 'GET',
    url: (id) => `/core/api/tenants/${id}/featureitems`,
    async createInTenantB(ctx) {
      const b = await ctx.factories.tenant({ features: ['News'] });
      return { id: b.id, secret: 'News' };
    },
  },
]);

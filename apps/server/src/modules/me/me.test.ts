import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type Headers, type TestContext } from '../../../test/harness.js';
import { multipart, PNG } from '../../../test/multipart.js';
import { users } from '../users/users.schema.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const patchMe = (auth: Headers, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: '/core/api/me', headers: auth, payload: payload as object });

describe('GET /core/api/me/generaldata', () => {
  it('answers tenants sorted by name, the active tenant’s features with custom titles, and its theme', async () => {
    const zeta = await ctx.factories.tenant({
      name: 'Zeta',
      features: ['News', 'Documents'],
      customTenantProperties: { primaryColor: '#123456' },
      logoMediaFile: 'zeta-logo.png',
      mobileLogoMediaFile: 'zeta-mobile.png',
    });
    const alpha = await ctx.factories.tenant({ name: 'Alpha' });
    const member = await ctx.actor(['User'], { tenants: [zeta.id, alpha.id], activeTenant: zeta.id });
    const res = await ctx.app.inject({ url: '/core/api/me/generaldata', headers: member.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tenants.map((t: { name: string }) => t.name)).toEqual(['Alpha', 'Zeta']);
    expect(body.features).toEqual(['News', 'Documents']);
    expect(body.tenantMenuItemsData).toEqual([
      { name: 'News', customTitle: null, customDescription: null },
      { name: 'Documents', customTitle: null, customDescription: null },
    ]);
    expect(body.customTenantProperties).toEqual({ primaryColor: '#123456' });
    expect(body).toMatchObject({ imageLogosrc: 'zeta-logo.png', imageMobileLogosrc: 'zeta-mobile.png' });
    expect(body.activeUserData).toMatchObject({ email: member.user.email, tenantSet: true });
  });

  it('answers each feature’s description as the tenant saved it (sanitized)', async () => {
    const tenant = await ctx.factories.tenant({ features: ['TimeLogs'] });
    const operator = await ctx.actor(['Superadmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const items = (
      await ctx.app.inject({ url: `/core/api/tenants/${tenant.id}/featureitems`, headers: operator.auth })
    ).json() as { id: string; name: string }[];
    const hours = items.find((i) => i.name === 'TimeLogs')!;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/core/api/tenants/${tenant.id}/featureitems`,
      headers: operator.auth,
      payload: [
        { id: hours.id, customTitle: 'Hours', customDescription: '<p>Log <b>by Friday</b><script>x</script></p>' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const member = await ctx.actor(['User'], { tenants: [tenant.id], activeTenant: tenant.id });
    const body = (await ctx.app.inject({ url: '/core/api/me/generaldata', headers: member.auth })).json();
    expect(body.tenantMenuItemsData).toEqual([
      { name: 'TimeLogs', customTitle: 'Hours', customDescription: '<p>Log <strong>by Friday</strong></p>' },
    ]);
  });

  it('answers no features and no theme without an active tenant', async () => {
    const member = await ctx.actor(['User']);
    const body = (await ctx.app.inject({ url: '/core/api/me/generaldata', headers: member.auth })).json();
    expect(body.features).toEqual([]);
    expect(body.customTenantProperties).toBeNull();
    expect(body.activeUserData.tenantSet).toBe(false);
  });

  it('returns 401 without a token and with a forged one', async () => {
    expect((await ctx.app.inject({ url: '/core/api/me/generaldata' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      url: '/core/api/me/generaldata',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('GET /core/api/me/info and POST /core/api/me/gdpr', () => {
  it('reports and records GDPR consent', async () => {
    const user = await ctx.factories.user({ gdprConfirmed: false, language: 'da' });
    const { token } = await ctx.signIn(user.email);
    const auth = bearer(token);
    const before = (await ctx.app.inject({ url: '/core/api/me/info', headers: auth })).json();
    expect(before).toMatchObject({ gdprConfirmed: false, language: 'da', isSuperadmin: false, tenants: [] });
    const confirm = await ctx.app.inject({ method: 'POST', url: '/core/api/me/gdpr', headers: auth });
    expect(confirm.statusCode).toBe(204);
    const after = (await ctx.app.inject({ url: '/core/api/me/info', headers: auth })).json();
    expect(after.gdprConfirmed).toBe(true);
  });
});

describe('PATCH /core/api/me', () => {
  it('changes name, surname and language, answers the user as sign-in does, and the next sign-in carries them', async () => {
    const tenant = await ctx.factories.tenant();
    const me = await ctx.actor(['TenantAdmin'], { tenants: [tenant.id], activeTenant: tenant.id });
    const res = await patchMe(me.auth, { name: '  Karen ', surname: 'Blixen', language: 'da' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: me.user.id,
      email: me.user.email,
      userName: 'Karen',
      surname: 'Blixen',
      displayName: 'Karen Blixen',
      imagePath: null,
      language: 'da',
      roles: ['TenantAdmin'],
      isSuperadmin: false,
      activeTenantId: tenant.id,
    });
    const info = (await ctx.app.inject({ url: '/core/api/me/info', headers: me.auth })).json();
    expect(info.language).toBe('da');
    const again = await ctx.signIn(me.user.email);
    expect(again.user).toMatchObject({ userName: 'Karen', surname: 'Blixen', language: 'da' });
  });

  it('leaves out fields that are not sent, clears the surname with an empty string, and never changes the email', async () => {
    const user = await ctx.factories.user({ name: 'Niels', surname: 'Bohr', language: 'da' });
    const { token } = await ctx.signIn(user.email);
    const res = await patchMe(bearer(token), {
      surname: '',
      email: 'someone-else@example.test',
      roles: ['Superadmin'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userName: 'Niels',
      surname: '',
      language: 'da',
      email: user.email,
      roles: ['User'],
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Niels', surname: '', email: user.email });
  });

  it.each([
    [{ name: '' }, 'name', 'required'],
    [{ name: '   ' }, 'name', 'required'],
    [{ name: 'x'.repeat(101) }, 'name', 'tooLong'],
    [{ surname: 'x'.repeat(101) }, 'surname', 'tooLong'],
    [{ language: 'xx' }, 'language', 'unknownLanguage'],
    [{ imagePath: 'https://evil.example/me.png' }, 'imagePath', 'unknownMediaFile'],
    [{ imagePath: '/core/api/media/../../jwt-secret' }, 'imagePath', 'unknownMediaFile'],
    [{ imagePath: 42 }, 'imagePath', 'unknownMediaFile'],
  ])('refuses %j with 400 naming %s', async (payload, field, message) => {
    const user = await ctx.factories.user({ name: 'Before' });
    const { token } = await ctx.signIn(user.email);
    const res = await patchMe(bearer(token), payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([{ field, message }]);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe('Before');
  });

  it('refuses a picture path that was never uploaded', async () => {
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email);
    const res = await patchMe(bearer(token), { imagePath: `/core/api/media/${crypto.randomUUID()}.png` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'imagePath', message: 'unknownMediaFile' }]);
  });

  it("answers 'Can not identify current user' when the signed-in account no longer exists", async () => {
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const res = await patchMe(bearer(token), { name: 'Ghost' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Can not identify current user');
  });

  it('returns 401 without a token', async () => {
    expect((await patchMe({}, { name: 'Nobody' })).statusCode).toBe(401);
  });

  it('refuses profile changes and picture uploads while a super administrator views the product as the user', async () => {
    const target = await ctx.factories.user({ name: 'Target', roles: ['User'] });
    const su = await ctx.actor(['Superadmin']);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/auth/impersonate',
      headers: su.auth,
      payload: { userId: target.id, tenantId: null },
    });
    expect(started.statusCode).toBe(200);
    const asTarget = bearer(started.json().token);
    const res = await patchMe(asTarget, { name: 'Changed', language: 'da' });
    expect(res.statusCode).toBe(403);
    const upload = await uploadAvatar(asTarget, PNG);
    expect(upload.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ name: 'Target', language: 'en' });
  });
});

function uploadAvatar(auth: Headers, data: Buffer, filename = 'me.png', type = 'image/png') {
  const m = multipart(data, filename, type);
  return ctx.app.inject({
    method: 'POST',
    url: '/core/api/me/avatar',
    headers: { ...auth, ...m.headers },
    payload: m.payload,
  });
}

describe('POST /core/api/me/avatar', () => {
  it('stores a picture checked by content, which PATCH /me then makes the user’s, served from /media', async () => {
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email);
    const res = await uploadAvatar(bearer(token), PNG, 'holiday.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const { path } = res.json();
    expect(path).toMatch(/^\/core\/api\/media\/[0-9a-f-]{36}\.png$/);
    expect(readdirSync(join(ctx.dataDir, 'media'))).toContain(path.split('/').pop());

    // Uploading alone changes nothing; saving the profile does.
    const [before] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(before!.imagePath).toBeNull();
    const saved = await patchMe(bearer(token), { imagePath: path });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().imagePath).toBe(path);
    const general = (await ctx.app.inject({ url: '/core/api/me/generaldata', headers: bearer(token) })).json();
    expect(general.activeUserData.imagePath).toBe(path);
    const served = await ctx.app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const removed = await patchMe(bearer(token), { imagePath: null });
    expect(removed.json().imagePath).toBeNull();
  });

  it('refuses files that are not images, or SVGs that could run script, with 400 unsupportedImage', async () => {
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email);
    for (const data of [
      Buffer.from('%PDF-1.7 not a picture'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
      Buffer.from([1, 2]),
    ]) {
      const res = await uploadAvatar(bearer(token), data, 'me.png', 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'file', message: 'unsupportedImage' }]);
    }
  });

  it('answers 413 above 1 MiB, 400 when the body is not multipart, and 401 without a token', async () => {
    const user = await ctx.factories.user();
    const { token } = await ctx.signIn(user.email);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024, 0)]);
    expect((await uploadAvatar(bearer(token), big)).statusCode).toBe(413);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/core/api/me/avatar',
      headers: bearer(token),
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual([{ field: 'file', message: 'required' }]);
    expect((await uploadAvatar({}, PNG)).statusCode).toBe(401);
  });
});

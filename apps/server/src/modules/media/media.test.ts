import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshDatabase, type TestContext } from '../../../test/harness.js';
import { mediaRoutes, type UploadAnswer } from '../../../test/media-routes.js';
import { PNG } from '../../../test/multipart.js';
import { localFolderStorage } from '../../storage/storage.js';
import { users } from '../users/users.schema.js';
import { mediaUploads } from './media.schema.js';
import { createMediaService } from './media.service.js';

// A small hourly volume, so that a few test uploads reach it: 72-byte PNGs, ten fit in an hour.
const VOLUME = 10 * PNG.length;
const GRACE_MINUTES = 30;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_BYTES_PER_HOUR: String(VOLUME), UPLOAD_GRACE_MINUTES: String(GRACE_MINUTES) });
});
afterAll(async () => {
  await ctx.close();
});

/** The two upload routes, each with who may use it and how a saved upload is shown by a record. */
const ROUTES = mediaRoutes(() => ctx);

const served = async (path: string) => (await ctx.app.inject({ url: path })).statusCode;
const pathOf = async (res: UploadAnswer) => {
  expect(res.statusCode).toBe(201);
  return res.json().path as string;
};
/** Where the test app keeps uploads, or one file there. */
const media = (key = '') => join(ctx.dataDir, 'media', key);
const afterGrace = () => new Date(Date.now() + (GRACE_MINUTES + 1) * 60_000);

describe.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])('uploads through the %s route', (name) => {
  const route = ROUTES[name];

  it('records who uploaded what, when and how large, not yet referenced', async () => {
    const { user, auth } = await route.uploader();
    const path = await pathOf(await route.upload(auth));
    const [row] = await ctx.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.key, path.split('/').pop()!));
    expect(row).toMatchObject({ userId: user.id, size: PNG.length, referenced: false, removedAt: null });
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60_000);
    expect((await route.save(auth, path)).statusCode).toBeLessThan(300);
    const [saved] = await ctx.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.key, path.split('/').pop()!));
    expect(saved!.referenced).toBe(true);
  });

  it('keeps each unsaved upload of a user (two tabs, one form each) until it is saved or swept', async () => {
    const me = await route.uploader();
    const first = await pathOf(await route.upload(me.auth));
    const second = await pathOf(await route.upload(me.auth));
    expect(await served(first)).toBe(200);
    expect(await served(second)).toBe(200);
    // The first tab saves its upload after the second tab uploaded: it is still there.
    expect((await route.save(me.auth, first)).statusCode).toBeLessThan(300);
    expect(await served(first)).toBe(200);
    // The other one, never saved, goes with the sweep once past the grace period.
    await ctx.app.services.media.sweep(afterGrace());
    expect(await served(second)).toBe(404);
    expect(await served(first)).toBe(200);
  });

  it('sweeps unsaved uploads once older than the grace period, and keeps referenced ones', async () => {
    const { auth } = await route.uploader();
    const kept = await pathOf(await route.upload(auth));
    expect((await route.save(auth, kept)).statusCode).toBeLessThan(300);
    const unsaved = await pathOf(await route.upload(auth));

    // Within the grace period a form may still be open: nothing goes.
    await ctx.app.services.media.sweep();
    expect(await served(unsaved)).toBe(200);

    await ctx.app.services.media.sweep(afterGrace());
    expect(await served(unsaved)).toBe(404);
    expect(await served(kept)).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.key, unsaved.split('/').pop()!));
    expect(row!.removedAt).not.toBeNull();
  });

  it(`refuses uploads past the hourly volume with 429, Retry-After and a message; other users go on`, async () => {
    const { user, auth } = await route.uploader();
    for (let i = 0; i < VOLUME / PNG.length; i++) expect((await route.upload(auth)).statusCode).toBe(201);
    const files = () => ctx.db.select().from(mediaUploads).where(eq(mediaUploads.userId, user.id));
    const before = (await files()).length;

    const refused = await route.upload(auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.json()).toMatchObject({
      code: 'tooManyRequests',
      detail: `You may upload 720 bytes an hour; try again in ${Math.ceil(wait / 60)} min.`,
      errors: [{ field: 'file', message: 'uploadVolumeExceeded' }],
    });
    // Nothing of the refused upload is stored or counted.
    expect((await files()).length).toBe(before);

    // Removed (replaced) uploads still count: uploading again and again does not reset the volume.
    expect((await route.upload(auth)).statusCode).toBe(429);
    const someoneElse = await route.uploader();
    expect((await route.upload(someoneElse.auth)).statusCode).toBe(201);

    // An hour on, the oldest upload leaves the window and makes room for one more.
    const [oldest] = (await files()).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    await ctx.db
      .update(mediaUploads)
      .set({ createdAt: new Date(Date.now() - 3_601_000) })
      .where(eq(mediaUploads.key, oldest!.key));
    expect((await route.upload(auth)).statusCode).toBe(201);
    expect((await route.upload(auth)).statusCode).toBe(429);
  });
});

describe('replacing a saved file', () => {
  it('removes a user’s previous picture at once when they save a new one or none', async () => {
    const { auth } = await ROUTES.avatar.uploader();
    const first = await pathOf(await ROUTES.avatar.upload(auth));
    await ROUTES.avatar.save(auth, first);
    const second = await pathOf(await ROUTES.avatar.upload(auth));
    expect((await ROUTES.avatar.save(auth, second)).statusCode).toBe(200);
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(200);
    expect((await ROUTES.avatar.save(auth, null)).statusCode).toBe(200);
    expect(await served(second)).toBe(404);
  });

  it('keeps a replaced picture that a tenant also shows as its logo', async () => {
    const { auth } = await ROUTES.avatar.uploader();
    const picture = await pathOf(await ROUTES.avatar.upload(auth));
    await ROUTES.avatar.save(auth, picture);
    await ctx.factories.tenant({ logoMediaFile: picture });
    await ROUTES.avatar.save(auth, null);
    expect(await served(picture)).toBe(200);
  });

  it('keeps a logo and a mobile logo uploaded for the same form apart', async () => {
    const { auth } = await ROUTES.logo.uploader();
    const logo = await pathOf(await ROUTES.logo.upload(auth, 'logoMediaFile'));
    const mobile = await pathOf(await ROUTES.logo.upload(auth, 'mobileLogoMediaFile'));
    expect(await served(logo)).toBe(200);
    expect(await served(mobile)).toBe(200);
    const bad = await ROUTES.logo.upload(auth, 'faviconMediaFile');
    expect(bad.statusCode).toBe(400);
  });
});

describe('the sweep', () => {
  /** A file in the media folder that no upload recorded (an older installation's), `ageMs` old. */
  function unrecorded(ageMs: number) {
    mkdirSync(media(), { recursive: true });
    const key = `${crypto.randomUUID()}.png`;
    writeFileSync(media(key), PNG);
    const at = new Date(Date.now() - ageMs);
    utimesSync(media(key), at, at);
    return { key, path: `/core/api/media/${key}` };
  }
  const day = 86_400_000;

  it('removes files no upload recorded once older than the grace period, unless a record shows them', async () => {
    const old = unrecorded(2 * day);
    const recent = unrecorded(60_000);
    const logo = unrecorded(2 * day);
    const picture = unrecorded(2 * day);
    await ctx.factories.tenant({ mobileLogoMediaFile: logo.path, deletedAt: new Date() });
    await ctx.factories.user({ imagePath: picture.path });

    const { removed } = await ctx.app.services.media.sweep();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(existsSync(media(old.key))).toBe(false);
    expect(existsSync(media(recent.key))).toBe(true);
    // Still shown (by a tenant, even a deleted one, or as a user's picture): kept however old, and recorded.
    expect(existsSync(media(logo.key))).toBe(true);
    expect(existsSync(media(picture.key))).toBe(true);
    const [adopted] = await ctx.db.select().from(mediaUploads).where(eq(mediaUploads.key, logo.key));
    expect(adopted).toMatchObject({ userId: null, referenced: true, size: PNG.length });
  });

  it('removes a recorded file whose record let go of it without saying so', async () => {
    const { user, auth } = await ROUTES.avatar.uploader();
    const picture = await pathOf(await ROUTES.avatar.upload(auth));
    await ROUTES.avatar.save(auth, picture);
    await ctx.app.services.media.sweep(afterGrace());
    expect(await served(picture)).toBe(200);
    // A change that bypasses the service (an anonymisation, say) leaves the file to the sweep.
    await ctx.db.update(users).set({ imagePath: null }).where(eq(users.id, user.id));
    await ctx.app.services.media.sweep(afterGrace());
    expect(await served(picture)).toBe(404);
  });

  it('forgets removed uploads once they are out of the hourly window', async () => {
    const { user, auth } = await ROUTES.avatar.uploader();
    const first = await pathOf(await ROUTES.avatar.upload(auth));
    await pathOf(await ROUTES.avatar.upload(auth));
    const rows = () => ctx.db.select().from(mediaUploads).where(eq(mediaUploads.userId, user.id));
    expect(await rows()).toHaveLength(2);
    await ctx.app.services.media.sweep(new Date(Date.now() + 3_601_000));
    expect((await rows()).map((r) => `/core/api/media/${r.key}`)).not.toContain(first);
  });
});

describe('the sweep timer', () => {
  it('runs with the service and stops when it closes', async () => {
    // A database and folder of its own: this service sweeps with a one-second grace period.
    const database = await freshDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'atrium-sweep-'));
    const storage = localFolderStorage(dir);
    const service = createMediaService({
      db: database.db,
      storage,
      log: ctx.app.log,
      limits: { bytesPerHour: VOLUME, graceMs: 1000, sweepEveryMs: 20 },
    });
    const stale = async () => {
      const key = `${crypto.randomUUID()}.png`;
      await storage.put(key, PNG);
      const at = new Date(Date.now() - 60_000);
      utimesSync(join(dir, key), at, at);
      return key;
    };
    try {
      const first = await stale();
      await expect.poll(() => existsSync(join(dir, first)), { timeout: 5000 }).toBe(false);
      await service.close();
      const second = await stale();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(existsSync(join(dir, second))).toBe(true);
    } finally {
      await service.close();
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

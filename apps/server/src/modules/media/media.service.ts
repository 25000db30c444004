import { randomUUID } from 'node:crypto';
import { MEDIA_PATH, UPLOAD_VOLUME_EXCEEDED } from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError, fieldError } from '../../http/errors.js';
import { resizedCopies } from '../../storage/image-copies.js';
import type { FileStorage } from '../../storage/storage.js';
import { MEDIA_PREFIX, storeImage } from '../../storage/uploads.js';
import type { UploadLimits } from './media.config.js';
import * as repo from './media.repository.js';
import { formatBytes, secondsUntilRoom, VOLUME_WINDOW_MS } from './upload-volume.js';

/** What an upload is for (recorded with it). */
export type UploadPurpose = 'avatar' | 'logo' | 'mobileLogo' | 'homeLogo';
/** Files found in the folder that no upload recorded. */
const ADOPTED = 'unknown';

const keyOf = (path: string) => path.slice(MEDIA_PREFIX.length);
const pathOf = (key: string) => `${MEDIA_PREFIX}${key}`;
const mediaPaths = (paths: (string | null | undefined)[]) =>
  [...new Set(paths)].filter((p): p is string => !!p && MEDIA_PATH.test(p));

/**
 * The media folder's bookkeeping, one policy for every upload route: each upload is recorded (who,
 * when, size); a user uploads at most `bytesPerHour` in any hour; files no record shows are removed
 * when a record lets go of them, and by a periodic sweep once older than `graceMs`. Each upload waits
 * on its own: a newer one (another tab's form, say) never removes it.
 */
export function createMediaService(deps: {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  limits: UploadLimits;
}) {
  const { db, storage, log, limits } = deps;

  /** 429 with Retry-After when `incoming` more bytes would take the user past the hourly volume. */
  async function checkVolume(conn: Db, userId: string, incoming: number, now: Date) {
    const recent = await repo.uploadsSince(conn, userId, new Date(now.getTime() - VOLUME_WINDOW_MS));
    const wait = secondsUntilRoom(recent, incoming, limits.bytesPerHour, now);
    if (wait === null) return;
    const minutes = Math.ceil(wait / 60);
    throw new AppError(
      'tooManyRequests',
      `You may upload ${formatBytes(limits.bytesPerHour)} an hour; try again in ${minutes} min.`,
      [{ field: 'file', message: UPLOAD_VOLUME_EXCEEDED }],
      { 'retry-after': String(wait) },
    );
  }

  /** Removes stored files by key (their rows stay an hour, marked removed). */
  async function removeFiles(keys: string[], now = new Date()) {
    if (!keys.length) return;
    for (const key of keys) await storage.remove(key);
    await repo.markRemoved(db, keys, now);
  }

  /** Of the keys, removes those no record shows and marks the others referenced; answers how many went. */
  async function removeUnreferenced(keys: string[], now = new Date()) {
    if (!keys.length) return 0;
    const shown = await repo.referencedPaths(db, keys.map(pathOf));
    const unused = keys.filter((k) => !shown.has(pathOf(k)));
    await repo.setReferenced(
      db,
      keys.filter((k) => shown.has(pathOf(k))),
      true,
    );
    await removeFiles(unused, now);
    return unused.length;
  }

  /**
   * Uploads nothing shows: those uploaded more than graceMs before `now` go (recorded ones, and files
   * no upload recorded by their modification time); files a record shows are kept and recorded.
   */
  async function sweep(now = new Date()) {
    const cutoff = new Date(now.getTime() - limits.graceMs);
    let removed = 0;
    // Recorded uploads, a page at a time; a record that let go of its file without saying so is caught here too.
    for (let after = ''; ; ) {
      const page = await repo.storedBefore(db, cutoff, after);
      if (!page.length) break;
      removed += await removeUnreferenced(
        page.map((r) => r.key),
        now,
      );
      after = page.at(-1)!.key;
    }
    // Files in the folder no upload recorded: listed before the rows are read, as a row is written first.
    const files = (await storage.list()).filter((f) => MEDIA_PATH.test(pathOf(f.key)));
    const recorded = await repo.storedKeys(
      db,
      files.map((f) => f.key),
    );
    const unrecorded = files.filter((f) => !recorded.has(f.key));
    const shown = await repo.referencedPaths(
      db,
      unrecorded.map((f) => pathOf(f.key)),
    );
    await repo.adoptFiles(
      db,
      unrecorded
        .filter((f) => shown.has(pathOf(f.key)))
        .map((f) => ({ key: f.key, userId: null, purpose: ADOPTED, size: f.size, createdAt: f.modifiedAt })),
    );
    for (const f of unrecorded) {
      if (shown.has(pathOf(f.key)) || f.modifiedAt >= cutoff) continue;
      await storage.remove(f.key);
      removed++;
    }
    await repo.purgeRemoved(db, new Date(now.getTime() - VOLUME_WINDOW_MS));
    return { removed };
  }

  // One sweep at a time per process; the timer never keeps the process alive.
  let sweeping: Promise<{ removed: number }> | null = null;
  const runSweep = (now?: Date) => {
    sweeping ??= sweep(now).finally(() => {
      sweeping = null;
    });
    return sweeping;
  };
  const timer = setInterval(() => {
    runSweep()
      .then(({ removed }) => removed && log.info({ removed }, 'upload sweep removed unused files'))
      .catch((err) => log.error({ err }, 'upload sweep failed'));
  }, limits.sweepEveryMs);
  timer.unref();

  async function storeWithCopies(
    userId: string,
    purpose: UploadPurpose,
    read: () => Promise<Buffer>,
    widths: readonly number[],
  ) {
    // Already at the limit: refused before the body is read or parsed.
    await checkVolume(db, userId, 1, new Date());
    const data = await read();
    const stored = await storeImage(storage, data);
    const files = [{ key: stored.key, size: stored.data.length }];
    const copies: (string | null)[] = [];
    try {
      for (const copy of widths.length ? await resizedCopies(stored.data, stored.ext, widths) : []) {
        if (!copy) {
          copies.push(null);
          continue;
        }
        const key = `${randomUUID()}.${stored.ext}`;
        await storage.put(key, copy);
        files.push({ key, size: copy.length });
        copies.push(pathOf(key));
      }
      await db.transaction(async (tx) => {
        const now = new Date();
        await repo.lockUploader(tx, userId);
        await checkVolume(tx, userId, data.length, now);
        for (const f of files)
          await repo.insertUpload(tx, { key: f.key, userId, purpose, size: f.size, createdAt: now });
      });
    } catch (err) {
      for (const f of files) await storage.remove(f.key);
      // A raster the content check passed but that cannot be decoded is the upload's fault.
      if (!(err instanceof AppError)) {
        log.info({ err }, 'an uploaded image could not be resized');
        throw fieldError('file', 'unsupportedImage', 'The image could not be read');
      }
      throw err;
    }
    return { path: stored.path, copies };
  }

  return {
    /**
     * Checks and stores an uploaded image for `userId` within their hourly volume; answers the path it
     * is served at. The body is read only once the user has room for it.
     */
    async storeImage(userId: string, purpose: UploadPurpose, read: () => Promise<Buffer>) {
      const { path } = await storeWithCopies(userId, purpose, read, []);
      return { path };
    },

    /**
     * As storeImage, plus narrower copies of a PNG or JPEG at each of `widths` (null where none was
     * made: image-copies.ts); the copies are recorded like the image (uploader, purpose).
     */
    storeImageWithCopies: (userId: string, purpose: UploadPurpose, read: () => Promise<Buffer>, widths: number[]) =>
      storeWithCopies(userId, purpose, read, widths),

    /**
     * Whether a media path names a stored file that `userId` uploaded: a record may show only that (or
     * what it shows already), never a path to someone else's upload, another tenant's logo say. Inside a
     * transaction, pass its connection.
     */
    async isUploadOf(userId: string, path: string, conn: Db = db) {
      return (await repo.uploaderOf(conn, keyOf(path))) === userId && storage.exists(keyOf(path));
    },

    /** Whether a media path is a tenant's logo or mobile logo (mails show those). */
    isTenantLogo: (path: string) => repo.isTenantLogo(db, path),

    /** A stored file's bytes, or null when there is no such file. */
    read: (key: string) => storage.get(key),

    /** Records that a record now shows these media paths (call it in the transaction that saves them). */
    claim: (conn: Db, paths: (string | null | undefined)[]) =>
      repo.setReferenced(conn, mediaPaths(paths).map(keyOf), true),

    /** Removes the files of these media paths at once, unless a record still shows them (a replaced logo, say). */
    async release(paths: (string | null | undefined)[]) {
      await removeUnreferenced(mediaPaths(paths).map(keyOf));
    },

    /** Runs the sweep now (the timer runs it every sweepEveryMs); `now` lets tests look ahead in time. */
    sweep: runSweep,

    /** Stops the sweep timer and waits for a running sweep. */
    async close() {
      clearInterval(timer);
      // A failed sweep was logged already; closing goes on.
      await sweeping?.catch(() => {});
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;

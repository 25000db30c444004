import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files live. One port; the local folder is the default adapter. */
export type FileStorage = {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a file that is not there is no error. */
  remove(key: string): Promise<void>;
  /** Every stored file, with when it was written and its size in bytes. */
  list(): Promise<StoredFile[]>;
  /**
   * Streams a file in without holding it in memory; answers its size. When the stream fails, nothing
   * is left under the key (and an earlier file under it stays).
   */
  write(key: string, data: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  /** Streams a file out, with its size in bytes; null when there is no such file. */
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
};

/**
 * Where every upload lives, split into areas (one folder or key prefix each: `media`, `documents`),
 * so that one area's bookkeeping (the media sweep) never sees another's files.
 */
export type Storage = {
  area(name: string): FileStorage;
  /** Throws when the storage cannot be reached (the readiness check, GET /health/ready). */
  probe(): Promise<void>;
};

/** Counts the bytes passing through. */
export function byteCounter() {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { counter, size: () => size };
}

export type StoredFile = { key: string; modifiedAt: Date; size: number };

/** Keys are flat names we generate ourselves; anything else is refused before it reaches the disk. */
const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,200}$/i;

function assertKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

/** Areas as sub-folders of one folder on the local disk (DATA_DIR by default). */
export function localStorage(root: string): Storage {
  return {
    area: (name) => localFolderStorage(join(root, name)),
    probe: () => access(root, constants.W_OK),
  };
}

/** Files in a folder on the local disk (DATA_DIR/media by default). */
export function localFolderStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertKey(key);
    const path = join(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(base, { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async write(key, data) {
      const path = pathOf(key);
      await mkdir(base, { recursive: true });
      const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      const { counter, size } = byteCounter();
      try {
        await pipeline(data, counter, createWriteStream(tmp));
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return { size: size() };
    },
    async read(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      const stream = createReadStream(path);
      // Opened before answering, so a file removed since the stat is "no file", not a failed answer.
      const opened = await new Promise<boolean>((ok, fail) => {
        stream.once('open', () => ok(true));
        stream.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? ok(false) : fail(err)));
      });
      return opened ? { stream, size: info.size } : null;
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(base);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
      const files: StoredFile[] = [];
      // Half-written files (put's .tmp) are not stored files yet.
      for (const key of names.filter((n) => SAFE_KEY.test(n) && !n.includes('..') && !n.endsWith('.tmp'))) {
        const info = await stat(join(base, key)).catch(() => null);
        if (info?.isFile()) files.push({ key, modifiedAt: info.mtime, size: info.size });
      }
      return files;
    },
  };
}

import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

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
};

export type StoredFile = { key: string; modifiedAt: Date; size: number };

/** Keys are flat names we generate ourselves; anything else is refused before it reaches the disk. */
const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,200}$/i;

function assertKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
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

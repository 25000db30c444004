import type { ImportProgress, ImportProgressStep } from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import * as repo from './users-import.repository.js';

/** How long a finished import's last progress stays readable (the dialog's last poll). */
export const FINISHED_KEPT_MS = 60_000;
/** An import nobody wrote for this long is forgotten: the process that ran it stopped. */
const LOST_MS = 60 * 60_000;
/** Row counts are written at most this often; a step's start and the end are written at once. */
export const PROGRESS_WRITE_MS = 250;

const seconds = (ms: number) => ms / 1000;

/** What an import reports as it goes (confirmImport); the store's, or nothing. */
export type ImportReporter = {
  /** The step now running, with none of its rows done yet. */
  step(step: ImportProgressStep): void;
  /** One more row passed the current step (or `rows` more). */
  rowDone(rows?: number): void;
  /** The import ended: resolves once that is written, so a poll after the answer reads it. */
  finish(ok: boolean): Promise<void>;
};

export const silentReporter: ImportReporter = { step() {}, rowDone() {}, finish: async () => {} };

/**
 * The progress of running imports, by tenant, user and the import id the caller chose: only the user
 * who started an import, in the tenant it runs in, reads it. Kept in the database (user_import_progress),
 * so a poll answered by any app process sees an import another one runs.
 */
export function importProgressStore(db: Db, log: FastifyBaseLogger) {
  return {
    /** Starts following an import of `total` rows; an id already running is refused (409). */
    async start(key: repo.ImportKey, total: number): Promise<ImportReporter> {
      const keep = { keptSeconds: seconds(FINISHED_KEPT_MS), lostSeconds: seconds(LOST_MS) };
      if (!(await repo.startImportProgress(db, key, total, keep))) {
        throw new AppError('conflict', 'An import with this id is running already');
      }
      return reporter(db, log, key, total);
    },
    /** The import's progress, or null when none runs (or it finished over a minute ago). */
    async get(key: repo.ImportKey): Promise<ImportProgress | null> {
      const row = await repo.importProgress(db, key, seconds(FINISHED_KEPT_MS));
      return row ? { ...row, step: row.step as ImportProgressStep } : null;
    },
  };
}

export type ImportProgressStore = ReturnType<typeof importProgressStore>;

/**
 * Writes one import's progress behind it, one write after another so the last written is the latest.
 * A failed write is logged and the import goes on: progress is for the dialog, not the import.
 */
function reporter(db: Db, log: FastifyBaseLogger, key: repo.ImportKey, total: number): ImportReporter {
  let progress: ImportProgress = { step: 'checking', done: 0, total };
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  let writes = Promise.resolve();
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const [now, end] = [progress, finished];
    writes = writes
      .then(() => repo.writeImportProgress(db, key, { step: now.step, done: now.done }, end))
      .then(
        () => {},
        (err) => log.warn({ err, importId: key.importId }, 'users import: its progress could not be written'),
      );
    return writes;
  };
  return {
    step(step) {
      progress = { step, done: 0, total };
      void write();
    },
    rowDone(rows = 1) {
      progress = { ...progress, done: Math.min(total, progress.done + rows) };
      timer ??= setTimeout(write, PROGRESS_WRITE_MS);
    },
    finish(ok) {
      progress = ok ? { step: 'done', done: total, total } : { ...progress, step: 'failed' };
      finished = true;
      return write();
    },
  };
}

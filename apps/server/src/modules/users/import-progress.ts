import type { ImportProgress, ImportProgressStep } from '@atrium/contracts';
import { AppError } from '../../http/errors.js';

/** How long a finished import's last progress stays readable (the dialog's last poll). */
export const FINISHED_KEPT_MS = 60_000;

/** What an import reports as it goes (confirmImport); the registry's, or nothing. */
export type ImportReporter = {
  /** The step now running, with none of its rows done yet. */
  step(step: ImportProgressStep): void;
  /** One more row passed the current step (or `rows` more). */
  rowDone(rows?: number): void;
  finish(ok: boolean): void;
};

export const silentReporter: ImportReporter = { step() {}, rowDone() {}, finish() {} };

/**
 * The progress of the imports this process runs, by tenant, user and the import id the caller chose:
 * only the user who started an import, in the tenant it runs in, reads it. Kept in memory: the import
 * is one request, and its progress lives as long as that request and FINISHED_KEPT_MS after it. A
 * poll that reaches another process (several processes without sticky routing) finds nothing and
 * answers 404; the dialog then shows the running bar without a percentage, as before.
 */
export function importProgressRegistry(now: () => number = Date.now) {
  const entries = new Map<string, { progress: ImportProgress; finishedAt: number | null }>();
  const keyOf = (tenantId: string, userId: string, importId: string) => `${tenantId}:${userId}:${importId}`;
  const prune = () => {
    for (const [key, entry] of entries) {
      if (entry.finishedAt !== null && now() - entry.finishedAt > FINISHED_KEPT_MS) entries.delete(key);
    }
  };
  return {
    /** Starts following an import of `total` rows; an id already running is refused (409). */
    start(tenantId: string, userId: string, importId: string, total: number): ImportReporter {
      prune();
      const key = keyOf(tenantId, userId, importId);
      if (entries.get(key)?.finishedAt === null) {
        throw new AppError('conflict', 'An import with this id is running already');
      }
      const entry = {
        progress: { step: 'checking', done: 0, total } as ImportProgress,
        finishedAt: null as number | null,
      };
      entries.set(key, entry);
      return {
        step(step) {
          entry.progress = { step, done: 0, total };
        },
        rowDone(rows = 1) {
          entry.progress = { ...entry.progress, done: Math.min(total, entry.progress.done + rows) };
        },
        finish(ok) {
          entry.progress = ok ? { step: 'done', done: total, total } : { ...entry.progress, step: 'failed' };
          entry.finishedAt = now();
        },
      };
    },
    /** The import's progress, or null when this process runs no such import (or forgot it). */
    get(tenantId: string, userId: string, importId: string): ImportProgress | null {
      prune();
      return entries.get(keyOf(tenantId, userId, importId))?.progress ?? null;
    },
    /** Imports followed now (tests). */
    get size() {
      return entries.size;
    },
  };
}

export type ImportProgressRegistry = ReturnType<typeof importProgressRegistry>;

import type { Db } from '../../db/client.js';
import * as repo from './health.repository.js';

export function createHealthService({ db }: { db: Db }) {
  return {
    /** Throws when the database cannot be reached. */
    async check() {
      await repo.selectOne(db);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;

import type { Db } from '../db/client.js';
import type { Storage } from '../storage/storage.js';

/**
 * What a module's demo step is given: the seed's transaction (cross-tenant), the two demo tenants and
 * the demo accounts by email, which demo-data.ts writes first (the README documents them).
 */
export type DemoContext = {
  tx: Db;
  tenants: { northwind: string; harbour: string };
  users: Record<string, string>;
  storage: Storage | undefined;
};

/** A module's demo content, written once on a fresh database when SEED_DEMO is on. */
export type DemoStep = (demo: DemoContext) => Promise<void>;

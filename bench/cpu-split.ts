/**
 * Where a load's CPU time goes, a request at a time: the app's thread (the app and the floor both run
 * on it, one at a time), the process's other threads (autocannon's worker, V8's GC helpers) and
 * PostgreSQL's processes. Read from /proc, so Linux only; elsewhere it answers nothing. On a 2-core
 * machine the three share the cores, so PostgreSQL's share bounds the rate as much as the app's.
 */
import { readdirSync, readFileSync } from 'node:fs';

export type CpuSplit = { app: number; other: number; db: number };
type Sample = { app: number; process: number; db: Map<string, number> };

/** Clock ticks a second (USER_HZ): 100 on every Linux this runs on. */
const TICK_US = 1e6 / 100;

/** utime + stime of a /proc stat line; the command name may hold spaces, so fields count from its ')'. */
const ticks = (stat: string) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // a process that ended between the listing and the read
  }
};

export function cpuSample(): Sample | null {
  const own = read(`/proc/${process.pid}/stat`);
  const app = read(`/proc/${process.pid}/task/${process.pid}/stat`);
  if (!own || !app) return null;
  const db = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    const stat = /^\d+$/.test(pid) ? read(`/proc/${pid}/stat`) : null;
    if (stat?.includes('(postgres)')) db.set(pid, ticks(stat));
  }
  return { app: ticks(app), process: ticks(own), db };
}

/** µs a request between two samples. PostgreSQL's by process, so a backend that started meanwhile counts whole. */
export function cpuPerRequest(before: Sample | null, after: Sample | null, requests: number): CpuSplit | undefined {
  if (!before || !after || !requests) return undefined;
  let db = 0;
  for (const [pid, t] of after.db) db += t - (before.db.get(pid) ?? 0);
  const us = (t: number) => (t * TICK_US) / requests;
  return {
    app: us(after.app - before.app),
    other: us(after.process - after.app - (before.process - before.app)),
    db: us(db),
  };
}

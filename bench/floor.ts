/**
 * The framework's floor (issue 25): a plain Fastify route that runs an endpoint's statements through
 * the app's pool with no checks (no token, session, feature gate or validation) and answers their rows
 * as JSON. Loaded by the same autocannon requests as the endpoint (same paths, same headers), it shows
 * what a hand-written service on the same stack serves, so endpoint / floor is the request path's own
 * cost and endpoint / bare the whole HTTP stack's.
 *
 * The floor runs each request's statements in that request's tenant scope, as the app does: the same
 * rows, under the same row-level security. Its second form, the open floor, runs them as the bench's
 * superuser, to whom row-level security does not apply; the two floors' difference is what tenant
 * isolation costs PostgreSQL.
 */
import Fastify from 'fastify';
import type pg from 'pg';
import { customPlans } from '../apps/server/src/db/client.js';
import type { PlanMode } from '../apps/server/src/db/scoped-connections.js';
import { crossTenant, withTenant } from '../apps/server/src/db/tenant-scope.js';
import type { CpuSplit } from './cpu-split.js';

/** A load's figures; `cpu` where it could be read (cpu-split.ts). */
export type Measure = { rate: number; p50: number; p99: number; cpu?: CpuSplit };
/**
 * One round: the endpoint, the floor (the app's pool, in each request's tenant scope), the floor without
 * row-level security (the bench's superuser pool), the bare statements, and the endpoint's rate over each.
 */
export type Round = {
  endpoint: Measure;
  floor: Measure;
  openFloor: Measure;
  baseline: Measure;
  ratio: number;
  vsFloor: number;
  vsOpenFloor: number;
};

/** What one request of the endpoint sends: its path (with query), its bearer token, its statements. */
export type FloorRequest = {
  path: string;
  token: string;
  statements: (string | FloorStatement)[];
  /** Why the app runs this request's statements across tenants (crossTenant), when it does. */
  crossTenant?: string;
};

/** A statement of a request; `plan: 'auto'` when the app runs it inside customPlans (decision 011). */
export type FloorStatement = pg.QueryConfig & { plan?: PlanMode };

/** Runs a statement as the app does: inside customPlans when it does (on a ScopedPool, as the bench's). */
export const runStatement = (pool: pg.Pool, s: string | FloorStatement) =>
  typeof s === 'object' && s.plan === 'auto' ? customPlans(() => pool.query(s)) : pool.query(s);

const key = (path: string, authorization: string | undefined) => `${authorization ?? ''} ${path}`;

/** The active tenant an access token names (its `tid` claim), read once when the floor starts. */
const tenantOfToken = (token: string) => {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { tid?: unknown };
  return typeof claims.tid === 'string' ? claims.tid : null;
};

/**
 * Starts a floor on a free loopback port. Requests are told apart by path and Authorization header,
 * as the endpoint tells them apart (the token names the user and tenant), so one request list drives
 * both servers. `scoped`: `pool` is the app's, and each request's statements run in the scope of its
 * token's tenant (withTenant), across tenants where the app works so; otherwise `pool` is the
 * superuser's and no scope is set.
 */
export async function startFloor(pool: pg.Pool, requests: FloorRequest[], { scoped }: { scoped: boolean }) {
  const byRequest = new Map<string, FloorRequest & { tenantId: string | null }>();
  for (const r of requests) byRequest.set(key(r.path, `Bearer ${r.token}`), { ...r, tenantId: tenantOfToken(r.token) });
  const app = Fastify({ logger: false });
  app.get('/*', async (req, reply) => {
    const request = byRequest.get(key(req.url, req.headers.authorization));
    if (!request) return reply.code(404).send();
    const run = async () => {
      let rows: unknown[] = [];
      for (const s of request.statements) rows = (await runStatement(pool, s)).rows;
      return rows;
    };
    if (!scoped) return run();
    return withTenant(request.tenantId, request.crossTenant ? () => crossTenant(request.crossTenant!, run) : run);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

export const round = (endpoint: Measure, floor: Measure, openFloor: Measure, baseline: Measure): Round => ({
  endpoint,
  floor,
  openFloor,
  baseline,
  ratio: endpoint.rate / baseline.rate,
  vsFloor: endpoint.rate / floor.rate,
  vsOpenFloor: endpoint.rate / openFloor.rate,
});

/** Each figure's median over the rounds (p99 the median of the rounds' p99s). */
export function medianRound(rounds: Round[]): Round {
  const mid = (key: (r: Round) => number) => rounds.map(key).sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
  const side = (pick: (r: Round) => Measure): Measure => {
    const cpu = rounds.every((r) => pick(r).cpu) ? (key: keyof CpuSplit) => mid((r) => pick(r).cpu![key]) : null;
    return {
      rate: mid((r) => pick(r).rate),
      p50: mid((r) => pick(r).p50),
      p99: mid((r) => pick(r).p99),
      ...(cpu && { cpu: { app: cpu('app'), other: cpu('other'), db: cpu('db') } }),
    };
  };
  return {
    endpoint: side((r) => r.endpoint),
    floor: side((r) => r.floor),
    openFloor: side((r) => r.openFloor),
    baseline: side((r) => r.baseline),
    ratio: mid((r) => r.ratio),
    vsFloor: mid((r) => r.vsFloor),
    vsOpenFloor: mid((r) => r.vsOpenFloor),
  };
}

/** The columns every bench prints for a round: endpoint, floors, bare and the endpoint's ratios to them. */
export const FLOOR_HEAD = [
  'req/s',
  'p50 ms',
  'p99 ms',
  'floor req/s',
  'floor p99',
  'no-RLS req/s',
  'bare q/s',
  'bare p99',
  'ratio',
  'end/floor',
  'end/no-RLS',
];
export const floorColumns = (r: Round) => [
  r.endpoint.rate.toFixed(0),
  r.endpoint.p50.toFixed(1),
  r.endpoint.p99.toFixed(1),
  r.floor.rate.toFixed(0),
  r.floor.p99.toFixed(1),
  r.openFloor.rate.toFixed(0),
  r.baseline.rate.toFixed(0),
  r.baseline.p99.toFixed(1),
  r.ratio.toFixed(2),
  r.vsFloor.toFixed(2),
  r.vsOpenFloor.toFixed(2),
];

/**
 * The CPU columns of a load: µs a request on the app's thread, the process's other threads and
 * PostgreSQL, their total, and that total's share of the endpoint's (a floor's CPU over the endpoint's:
 * on a machine whose cores are all busy, the rate the endpoint would keep of that floor's).
 */
export const CPU_HEAD = ['app µs', 'other µs', 'db µs', 'total µs', 'of endpoint'];
const totalCpu = ({ app, other, db }: CpuSplit) => app + other + db;
export const cpuColumns = (m: Measure, endpoint: Measure) =>
  m.cpu && endpoint.cpu
    ? [
        ...[m.cpu.app, m.cpu.other, m.cpu.db, totalCpu(m.cpu)].map((v) => v.toFixed(0)),
        (totalCpu(m.cpu) / totalCpu(endpoint.cpu)).toFixed(2),
      ]
    : ['-', '-', '-', '-', '-'];

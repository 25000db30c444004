/**
 * The framework's floor (issue 25): a plain Fastify route that runs an endpoint's statements through
 * the bench's bare pool with no checks (no token, session, tenant scope, feature gate or validation)
 * and answers their rows as JSON. Loaded by the same autocannon requests as the endpoint (same paths,
 * same headers), it shows what a hand-written service on the same stack serves, so endpoint / floor is
 * the request path's own cost and endpoint / bare the whole HTTP stack's.
 */
import Fastify from 'fastify';
import type pg from 'pg';
import { customPlans } from '../apps/server/src/db/client.js';
import type { PlanMode } from '../apps/server/src/db/scoped-connections.js';

export type Measure = { rate: number; p50: number; p99: number };
/** One round: the endpoint, the floor and the bare statements, and the endpoint's rate over each. */
export type Round = { endpoint: Measure; floor: Measure; baseline: Measure; ratio: number; vsFloor: number };

/** What one request of the endpoint sends: its path (with query), its bearer token, its statements. */
export type FloorRequest = { path: string; token: string; statements: (string | FloorStatement)[] };

/** A statement of a request; `plan: 'auto'` when the app runs it inside customPlans (decision 011). */
export type FloorStatement = pg.QueryConfig & { plan?: PlanMode };

/** Runs a statement as the app does: inside customPlans when it does (on a ScopedPool, as the bench's). */
export const runStatement = (pool: pg.Pool, s: string | FloorStatement) =>
  typeof s === 'object' && s.plan === 'auto' ? customPlans(() => pool.query(s)) : pool.query(s);

const key = (path: string, authorization: string | undefined) => `${authorization ?? ''} ${path}`;

/**
 * Starts the floor on a free loopback port. Requests are told apart by path and Authorization header,
 * as the endpoint tells them apart (the token names the user and tenant), so one request list drives
 * both servers.
 */
export async function startFloor(pool: pg.Pool, requests: FloorRequest[]) {
  const byRequest = new Map<string, FloorRequest['statements']>();
  for (const r of requests) byRequest.set(key(r.path, `Bearer ${r.token}`), r.statements);
  const app = Fastify({ logger: false });
  app.get('/*', async (req, reply) => {
    const statements = byRequest.get(key(req.url, req.headers.authorization));
    if (!statements) return reply.code(404).send();
    let rows: unknown[] = [];
    for (const s of statements) rows = (await runStatement(pool, s)).rows;
    return rows;
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

export const round = (endpoint: Measure, floor: Measure, baseline: Measure): Round => ({
  endpoint,
  floor,
  baseline,
  ratio: endpoint.rate / baseline.rate,
  vsFloor: endpoint.rate / floor.rate,
});

/** Each figure's median over the rounds (p99 the median of the rounds' p99s). */
export function medianRound(rounds: Round[]): Round {
  const mid = (key: (r: Round) => number) => rounds.map(key).sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
  const side = (pick: (r: Round) => Measure): Measure => ({
    rate: mid((r) => pick(r).rate),
    p50: mid((r) => pick(r).p50),
    p99: mid((r) => pick(r).p99),
  });
  return {
    endpoint: side((r) => r.endpoint),
    floor: side((r) => r.floor),
    baseline: side((r) => r.baseline),
    ratio: mid((r) => r.ratio),
    vsFloor: mid((r) => r.vsFloor),
  };
}

/** The columns every bench prints for a round: endpoint, floor, bare and the two ratios. */
export const FLOOR_HEAD = [
  'req/s',
  'p50 ms',
  'p99 ms',
  'floor req/s',
  'floor p99',
  'bare q/s',
  'bare p99',
  'ratio',
  'end/floor',
];
export const floorColumns = (r: Round) => [
  r.endpoint.rate.toFixed(0),
  r.endpoint.p50.toFixed(1),
  r.endpoint.p99.toFixed(1),
  r.floor.rate.toFixed(0),
  r.floor.p99.toFixed(1),
  r.baseline.rate.toFixed(0),
  r.baseline.p99.toFixed(1),
  r.ratio.toFixed(2),
  r.vsFloor.toFixed(2),
];

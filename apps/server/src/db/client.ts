import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../config.js';
import { ScopedPglite, ScopedPool } from './scoped-connections.js';

export { currentPlanMode, customPlans } from './scoped-connections.js';

// No schema is given to drizzle: it serves only its relational query API, which nothing uses. Tables
// live in their modules (modules/*/*.schema.ts) and are imported where they are queried.
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL, for migrations and LISTEN/NOTIFY-free admin work. */
  close: () => Promise<void>;
  /** The node-postgres pool when on a real server (the hub backplane listens through it). */
  pool?: pg.Pool;
  /** The pool's connection string (migrate() connects with it unless given the owner's). */
  url?: string;
  pglite?: PGlite;
  /**
   * Hands every connection to the app role, to which row-level security applies (decision 016), its
   * scopes signed with the owner's scope key, and refuses a role that would bypass it (with
   * limitedLogin, a login that would). migrate() calls it once the owner login has migrated.
   */
  useAppRole: (key: string, limitedLogin?: boolean) => Promise<void>;
};

/**
 * How the app's pool connects to PostgreSQL (the benchmarks' bare pools connect the same way, through
 * a ScopedPool). Prepared statements run with their generic plan: the hot reads of queryRows and
 * compiledRead are written so that one plan serves every parameter, and planning them on every call
 * would cost as much again as running them (bench/README.md). The reads whose plan depends on their
 * values run inside customPlans (scoped-connections.ts), which switches the connection to auto.
 * No JIT: a generic plan costs a parameter LIMIT at a tenth of the table, which crosses jit_above_cost
 * on a large table, and compiling then takes longer than the page read it speeds up (tens of ms for a
 * 0.2 ms index scan: sprints-ideas.ts, bench/README.md).
 */
export const poolConfig = (url: string, poolSize = DEFAULT_POOL_SIZE): pg.PoolConfig => ({
  connectionString: url,
  max: poolSize,
  options: '-c plan_cache_mode=force_generic_plan -c jit=off',
});

/** PostgreSQL when a URL is given, otherwise PGlite in dataDir (or in memory when dataDir is null). */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string | null;
  poolSize?: number;
  /** PGlite: a dumped data directory to start from (the tests' migrated template). */
  from?: Blob;
}): Promise<Database> {
  if (opts.url) {
    // Each checkout brings the connection to the running work's tenant scope (db/tenant-scope.ts).
    const pool = new ScopedPool(poolConfig(opts.url, opts.poolSize));
    // An idle client whose connection ends (server restart, terminated backend, a test database
    // dropped WITH (FORCE)) is reported on the pool; unheard, that 'error' would end the process.
    // The pool drops that client and opens a new one when next needed.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      url: opts.url,
      close: () => pool.end(),
      useAppRole: (key, limitedLogin) => pool.useAppRole(key, limitedLogin),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, opts.from && { loadDataDir: opts.from });
  // Queries take turns on the one connection, each in its work's tenant scope.
  const scoped = new ScopedPglite(client);
  const db = drizzlePglite({ client: scoped as unknown as PGlite, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    close: () => client.close(),
    useAppRole: (key) => scoped.useAppRole(key),
  };
}

const dialect = new PgDialect({ casing: 'snake_case' });
const statementNames = new Map<string, string>();

/** SQL text and parameters of a statement, as the driver receives them. */
const toQuery = (statement: SQL) => dialect.sqlToQuery(statement);

/** The prepared-statement name of a statement text: the driver refuses one name for two texts. */
function statementName(prefix: string, text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `${prefix}_${createHash('sha1').update(text).digest('base64url').slice(0, 12)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The rows of a hot read. On PostgreSQL it runs as a named prepared statement, which each pooled
 * connection parses and plans once (poolConfig) instead of on every call. So the statement must suit
 * one plan whatever its parameters (fence a search so that its matches are found first), and its
 * text must come from a small set (arrays as one parameter, not one placeholder per element), since
 * every distinct text stays prepared on each connection.
 */
export async function queryRows<T>(db: Db, prefix: string, statement: SQL): Promise<T[]> {
  const pool = poolOf(db);
  if (pool) return (await pool.query(namedQuery(prefix, statement))).rows as T[];
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A statement as the driver receives it, named so that each pooled connection prepares it once. */
export type NamedQuery = { name: string; text: string; values: unknown[] };

/** The named form of a queryRows statement (the benchmarks run these bare). */
export function namedQuery(prefix: string, statement: SQL): NamedQuery {
  const { sql: text, params } = toQuery(statement);
  return { name: statementName(prefix, text), text, values: params };
}

/** The app's pool, when db is the pool itself (not PGlite, not a transaction). */
function poolOf(db: Db) {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * A dialect that writes each parameter as a marker no statement text can hold (PostgreSQL refuses NUL
 * in text), so that a statement built once splits into the text around its parameters. escapeParam is
 * PgDialect's public way to write a parameter; compiled() checks that each one came through it.
 */
const PARAM = '\u0000';
class MarkedDialect extends PgDialect {
  override escapeParam(): string {
    return PARAM;
  }
}
const marked = new MarkedDialect({ casing: 'snake_case' });

/**
 * A hot read whose text depends only on a few choices (its shape: searched or not, sort, direction),
 * built once per shape with `sql.placeholder(name)` for every value, which each call fills. For a
 * nested statement Drizzle's building costs more than the rest of a cheap request's own work: about
 * 35 µs of the clients list's ~270 (bench/README.md). On the pool it runs as queryRows does (a named
 * statement, through pg); on PGlite or in a transaction through `db.execute`, as one flat run of the
 * built text and the filled values, which Drizzle writes out again without building anything.
 */
export function compiledRead<Shape extends Record<string, string | boolean>, Values extends Record<string, unknown>>(
  prefix: string,
  build: (shape: Shape) => SQL,
) {
  const built = new Map<string, { name: string; text: string; pieces: string[]; params: unknown[] }>();
  const compiled = (shape: Shape) => {
    const key = JSON.stringify(shape);
    let entry = built.get(key);
    if (!entry) {
      const { sql: markedText, params } = marked.sqlToQuery(build(shape));
      const pieces = markedText.split(PARAM);
      if (pieces.length !== params.length + 1) throw new Error(`${prefix}: a parameter was not written as one`);
      const text = pieces.reduce((all, piece, i) => `${all}$${i}${piece}`);
      entry = { name: statementName(prefix, text), text, pieces, params };
      built.set(key, entry);
    }
    return entry;
  };
  /** The statement as the driver receives it (the benchmarks run it bare). */
  const query = (shape: Shape, values: Values): NamedQuery => {
    const { name, text, params } = compiled(shape);
    return { name, text, values: fillPlaceholders(params, values) };
  };
  return {
    query,
    async rows<T>(db: Db, shape: Shape, values: Values): Promise<T[]> {
      const pool = poolOf(db);
      if (pool) return (await pool.query(query(shape, values))).rows as T[];
      const { pieces, params } = compiled(shape);
      const filled = fillPlaceholders(params, values);
      const flat = sql.join(
        pieces.flatMap((piece, i) => (i < filled.length ? [sql.raw(piece), sql.param(filled[i])] : [sql.raw(piece)])),
      );
      return ((await db.execute(flat)) as unknown as { rows: T[] }).rows;
    },
  };
}

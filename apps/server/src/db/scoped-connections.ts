import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import net from 'node:net';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { APP_ROLE, currentScope, scopeSettings } from './tenant-scope.js';

/** PostgreSQL's plan_cache_mode for a connection's next statement (decision 011). */
export type PlanMode = 'auto' | 'force_generic_plan';

const plans = new AsyncLocalStorage<PlanMode>();

/**
 * Runs fn's statements with plans made for their values (plan_cache_mode auto) instead of the pool's
 * generic plans: for reads whose best plan depends on their values, as measured on a tenant of
 * 1,000,000 rows (the documents list, the clients search: bench/plan-cache-mode.ts, decision 011).
 * A connection is switched in its checkout's one set_config statement, and back at the next checkout
 * outside such work: a round trip each way, paid only when the mode differs.
 */
export const customPlans = <T>(fn: () => Promise<T>): Promise<T> => plans.run('auto', fn);

/** The plan mode of the running work: the pool's generic plans unless inside customPlans. */
export const currentPlanMode = (): PlanMode => plans.getStore() ?? 'force_generic_plan';

/**
 * What one connection's session carries: its role (null: the login role), its tenant settings and its
 * plan_cache_mode.
 */
type Session = { role: string | null; tenant: string | null; cross: string | null; plan: PlanMode | null };

/**
 * A new connection: the login role, no setting (which the policies read as no tenant), generic plans
 * (poolConfig sets plan_cache_mode at connection start).
 */
const fresh = (): Session => ({ role: null, tenant: '', cross: '', plan: 'force_generic_plan' });

/** A session whose change failed: every setting is sent again, the role first, before it is used. */
const UNKNOWN: Session = { role: '', tenant: null, cross: null, plan: null };

type Wanted = ReturnType<typeof scopeSettings>;

/** The settings of the running work's scope, read at once: the work may wait before it runs. */
const wantedNow = (): Wanted => scopeSettings(currentScope());

/**
 * The signature the policies ask for next to the settings (migration 0022): sha256 of the scope key,
 * which only the owner login reads, the tenant and the flag. Without the key nothing is signed, and
 * tenant-owned tables show no row.
 */
const signature = (key: string | null, tenant: string, cross: string) =>
  key === null ? '' : createHash('sha256').update(`${key}:${tenant}:${cross}`).digest('hex');

/**
 * The statement that brings a session to a scope and a plan mode, or null when it is there already.
 * Session-level (set_config's false): set before the work's first statement, it holds for its
 * transaction too. One statement whatever changes, so a change costs one round trip.
 */
function sessionChange(
  session: Session,
  role: string | null,
  key: string | null,
  { tenant, cross }: Wanted,
  plan: PlanMode = session.plan ?? 'force_generic_plan',
) {
  const roleChanges = role !== null && session.role !== role;
  const scopeChanges = session.tenant !== tenant || session.cross !== cross;
  const planChanges = session.plan !== plan;
  if (!roleChanges && !scopeChanges && !planChanges) return null;
  const next: Session = { role: roleChanges ? role : session.role, tenant, cross, plan };
  const settings: [string, string][] = [];
  if (roleChanges) settings.push(['role', role]);
  if (roleChanges || scopeChanges) {
    settings.push(
      ['app.tenant_id', tenant],
      ['app.cross_tenant', cross],
      ['app.scope_sig', signature(key, tenant, cross)],
    );
  }
  if (planChanges) settings.push(['plan_cache_mode', plan]);
  // The setting names are constants of this function; only the values are parameters.
  const text = `select ${settings.map(([setting], i) => `set_config('${setting}', $${i + 1}, false)`).join(', ')}`;
  const name = `atrium_session_${roleChanges ? 'r' : ''}${roleChanges || scopeChanges ? 's' : ''}${planChanges ? 'p' : ''}`;
  return { query: { name, text, values: settings.map(([, value]) => value) }, next };
}

/**
 * Refuses to run as a role that row-level security would not apply to. With limitedLogin, the login
 * itself (what `RESET ROLE` returns to) must not escape it either: no superuser, no BYPASSRLS, no owner
 * of a table, schema, function or the database.
 */
async function assertAppRole(run: (text: string) => Promise<{ rows: unknown[] }>, limitedLogin: boolean) {
  const { rows } = await run(
    `select r.rolname as role, r.rolsuper as super, r.rolbypassrls as bypass,
            -- A schema or the database (hence public) would do as well as a table: its owner could
            -- rename public and put a scope_keys of its own in its place.
            (exists (select 1 from pg_class c where c.relowner = r.oid)
              or exists (select 1 from pg_namespace n where n.nspowner = r.oid)
              or exists (select 1 from pg_proc p where p.proowner = r.oid)
              or exists (select 1 from pg_database d where d.datname = current_database() and d.datdba = r.oid)) as owns
     from pg_roles r where r.rolname in (current_user, session_user) order by r.rolname = current_user desc`,
  );
  const [me, login = me] = rows as ({ role: string; super: boolean; bypass: boolean; owns: boolean } | undefined)[];
  if (me?.role !== APP_ROLE || me.super || me.bypass || me.owns) {
    throw new Error(
      `The app must run as ${APP_ROLE}, a role without SUPERUSER or BYPASSRLS that owns no table; got ${JSON.stringify(me)}`,
    );
  }
  if (limitedLogin && (login?.super || login?.bypass || login?.owns)) {
    throw new Error(
      `DATABASE_URL must log in as a role without SUPERUSER or BYPASSRLS that owns no table (migrations use MIGRATION_DATABASE_URL); got ${JSON.stringify(login)}`,
    );
  }
}

/** A change of a session: its statement, as the driver receives it, and the session after it. */
type Change = NonNullable<ReturnType<typeof sessionChange>>;

type QueryCallback = (err: Error | null, result?: pg.QueryResult) => void;

/**
 * A pooled connection that knows its session and sends a scope or plan change in the same write as
 * the statement it is for (node-postgres pipelining): one round trip instead of two. The server runs
 * the two in order, each up to its own Sync, and the statement's answer is handed on only once the
 * change has succeeded; should the change fail, the caller gets its error and the session is sent
 * whole again, role first, before the connection's next work. (A change is a set_config of custom
 * settings: it fails only with its connection, which fails the statement too.)
 */
export class ScopedClient extends pg.Client {
  /** The session the server has once the pending change is made. */
  session: Session = fresh();
  /** Corked while a change and its statement are written, so that one write sends both. */
  readonly #socket: net.Socket;
  /** The change the next statement must follow. */
  #pending: Change | null = null;
  /** A change sent and not answered yet: statements sent behind it are answered only once it succeeded. */
  #changing: Promise<void> | null = null;

  constructor(config: pg.ClientConfig = {}) {
    const socket = new net.Socket();
    super({ ...config, pipeline: true, stream: () => socket });
    this.#socket = socket;
  }

  /**
   * Brings the session where `wanted` and `plan` say before the connection's next statement: with it
   * for a scope or plan, at once (awaited) for the role, which a new connection's first work changes.
   */
  async prepare(role: string | null, key: string | null, wanted: Wanted, plan: PlanMode) {
    const change = sessionChange(this.session, role, key, wanted, plan);
    this.#pending = null;
    if (!change) return;
    if (change.next.role === this.session.role) {
      this.#pending = change;
      return;
    }
    this.session = UNKNOWN;
    await super.query(change.query);
    this.session = change.next;
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query overloads, passed on unchanged
  override query(config: any, values?: any, callback?: any): any {
    const change = this.#pending;
    // Custom submittables are refused in pipeline mode: they fail without running.
    if ((change === null && this.#changing === null) || typeof config?.submit === 'function') {
      return super.query(config, values, callback);
    }
    const done: QueryCallback | undefined = typeof values === 'function' ? values : callback;
    const args: unknown[] = typeof values === 'function' || values === undefined ? [config] : [config, values];
    let answered: Promise<pg.QueryResult>;
    this.#socket.cork();
    try {
      if (change !== null) this.#send(change);
      answered = (super.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
    } finally {
      this.#socket.uncork();
    }
    const result = Promise.all([this.#changing, answered]).then(([, answer]) => answer);
    if (!done) return result;
    result.then(
      (answer) => done(null, answer),
      (err: Error) => done(err),
    );
    return undefined;
  }

  /** Sends the pending change; until it is answered, every statement's answer waits for it. */
  #send(change: Change) {
    this.#pending = null;
    this.session = change.next;
    const changing: Promise<void> = super.query(change.query).then(
      () => {
        if (this.#changing === changing) this.#changing = null;
      },
      (err: Error) => {
        this.session = UNKNOWN;
        if (this.#changing === changing) this.#changing = null;
        throw err;
      },
    );
    this.#changing = changing;
  }
}

/**
 * A node-postgres pool whose checkouts bring the connection to the running work's tenant scope
 * (tenant-scope.ts), and, once migrations are done, to the app role. Each connection's session is
 * tracked, so a checkout changes it only when the scope differs from its previous work's, and then
 * in the same round trip as the work's first statement (ScopedClient). pool.query, Drizzle's
 * transactions and queryRows all check out through connect().
 */
export class ScopedPool extends pg.Pool {
  #role: string | null = null;
  #key: string | null = null;

  constructor(config: pg.PoolConfig) {
    super({ ...config, Client: ScopedClient });
  }

  /**
   * From now on every connection runs as the app role (migrations ran as the owner login), its scopes
   * signed with key.
   */
  async useAppRole(key: string, limitedLogin = false) {
    this.#role = APP_ROLE;
    this.#key = key;
    const client = await this.connect();
    try {
      await assertAppRole((text) => client.query(text), limitedLogin);
    } finally {
      client.release();
    }
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | undefined {
    const ready = this.#checkout(wantedNow(), currentPlanMode());
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (err: Error) => callback(err, undefined, () => {}),
    );
    return undefined;
  }

  async #checkout(wanted: Wanted, plan: PlanMode): Promise<pg.PoolClient> {
    const client = await super.connect();
    try {
      await (client as unknown as ScopedClient).prepare(this.#role, this.#key, wanted, plan);
    } catch (err) {
      // Its session is now unknown: the connection is closed rather than reused.
      client.release(err as Error);
      throw err;
    }
    return client;
  }
}

/**
 * PGlite is one connection that every request shares, with their queries interleaving. Each query
 * and each transaction runs in turn (as PGlite runs them anyway), after the session was brought to
 * the scope of the work that sent it. Drizzle's PGlite driver uses only query and transaction.
 */
export class ScopedPglite {
  #role: string | null = null;
  #key: string | null = null;
  #session = fresh();
  #turn: Promise<unknown> = Promise.resolve();

  constructor(readonly raw: PGlite) {}

  /** As ScopedPool's. PGlite has one login, a superuser: `RESET ROLE` escapes it (decision 016). */
  async useAppRole(key: string) {
    this.#role = APP_ROLE;
    this.#key = key;
    await assertAppRole((text) => this.query(text), false);
  }

  query<T>(text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) {
    return this.#inTurn(() => this.raw.query<T>(text, params, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>) {
    return this.#inTurn(() => this.raw.transaction(callback));
  }

  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const wanted = wantedNow();
    const result = this.#turn.then(async () => {
      const change = sessionChange(this.#session, this.#role, this.#key, wanted);
      if (change) {
        await this.raw.query(change.query.text, change.query.values);
        this.#session = change.next;
      }
      return work();
    });
    this.#turn = result.catch(() => {});
    return result;
  }
}

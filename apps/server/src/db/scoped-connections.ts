import { createHash } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { APP_ROLE, currentScope, scopeSettings } from './tenant-scope.js';

/** What one connection's session carries: its role (null: the login role) and its tenant settings. */
type Session = { role: string | null; tenant: string; cross: string };

/** A new connection: the login role, no setting (which the policies read as no tenant). */
const fresh = (): Session => ({ role: null, tenant: '', cross: '' });

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
 * The statement that brings a session to a scope, or null when it is there already. Session-level
 * (set_config's false): set before the work's first statement, it holds for its transaction too.
 */
function sessionChange(session: Session, role: string | null, key: string | null, { tenant, cross }: Wanted) {
  const roleChanges = role !== null && session.role !== role;
  if (!roleChanges && session.tenant === tenant && session.cross === cross) return null;
  const next: Session = { role: roleChanges ? role : session.role, tenant, cross };
  const sig = signature(key, tenant, cross);
  const query = roleChanges
    ? {
        name: 'atrium_scope_role',
        text: "select set_config('role', $4, false), set_config('app.tenant_id', $1, false), set_config('app.cross_tenant', $2, false), set_config('app.scope_sig', $3, false)",
        values: [tenant, cross, sig, role],
      }
    : {
        name: 'atrium_scope',
        text: "select set_config('app.tenant_id', $1, false), set_config('app.cross_tenant', $2, false), set_config('app.scope_sig', $3, false)",
        values: [tenant, cross, sig],
      };
  return { query, next };
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

/**
 * A node-postgres pool whose checkouts bring the connection to the running work's tenant scope
 * (tenant-scope.ts), and, once migrations are done, to the app role. Each connection's session is
 * tracked, so a checkout costs a round trip only when the scope differs from its previous work's.
 * pool.query, Drizzle's transactions and queryRows all check out through connect().
 */
export class ScopedPool extends pg.Pool {
  #role: string | null = null;
  #key: string | null = null;
  readonly #sessions = new WeakMap<pg.PoolClient, Session>();

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
    const ready = this.#checkout(wantedNow());
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (err: Error) => callback(err, undefined, () => {}),
    );
    return undefined;
  }

  async #checkout(wanted: Wanted): Promise<pg.PoolClient> {
    const client = await super.connect();
    const session = this.#sessions.get(client) ?? fresh();
    const change = sessionChange(session, this.#role, this.#key, wanted);
    if (!change) return client;
    try {
      await client.query(change.query);
    } catch (err) {
      // Its session is now unknown: the connection is closed rather than reused.
      client.release(err as Error);
      throw err;
    }
    this.#sessions.set(client, change.next);
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

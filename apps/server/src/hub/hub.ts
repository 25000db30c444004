import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HUB_EVENTS } from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { metrics } from '../http/metrics.js';
import type { Principal } from '../http/tokens.js';
import { Connection, type ConnectionHost } from './connection.js';
import type { HubMethod } from './methods.js';
import { groups, type HubOptions } from './options.js';
import { invocation, Outbound } from './protocol.js';

/**
 * A change that every server process applies to its own connections; the backplane carries it
 * between processes. Audiences are group names (null: everyone).
 */
export type Envelope =
  | { op: 'send'; group: string | null; record: string }
  | { op: 'revoke'; sessionIds: string[] }
  /** Ends the sessions' connections for good, without LogOut. */
  | { op: 'close'; sessionIds: string[]; error: string }
  /** The sessions' connections move to the groups of the tenant. */
  | { op: 'retenant'; sessionIds: string[]; tenantId: string | null }
  | { op: 'regroup'; userId: string };

/** The user groups (of the given tenant) a user belongs to. */
export type UserGroupLoader = (userId: string, tenantId: string | null) => Promise<string[]>;

/** The group of a user's connections ('user:<id>'). */
const USER_GROUP_PREFIX = groups.user('');

/** URL-safe random text: connection ids are public, connection tokens are secrets. */
const randomId = (bytes: number) => randomBytes(bytes).toString('base64url');

/** This process's connections, their groups, and the sweep that keeps them alive or ends them. */
export class Hub implements ConnectionHost {
  /** Live connections by their secret token (the `id` of every transport request). */
  private readonly byToken = new Map<string, Connection>();
  private readonly members = new Map<string, Set<Connection>>();
  /** Per session, its connections that may still be waiting for a transport. */
  private readonly pending = new Map<string, Set<Connection>>();
  private sweeper?: NodeJS.Timeout;
  /** False once shutting down: no new connections. */
  accepting = true;
  /** Told when a user's first connection here is ready and when their last one is gone (presence.ts). */
  userPresence: { online(userId: string): void; offline(userId: string): void } | null = null;

  readonly methods: Record<string, HubMethod>;

  constructor(
    readonly options: HubOptions,
    readonly log: FastifyBaseLogger,
    private readonly loadUserGroups: UserGroupLoader,
    /** Sessions were revoked or closed (here or, through the backplane, elsewhere). */
    private readonly sessionsEnded: (sessionIds: string[]) => void = () => {},
  ) {
    this.methods = options.methods;
  }

  start() {
    this.sweeper = setInterval(() => this.sweep(Date.now()), this.options.sweepMs);
    this.sweeper.unref();
  }

  stop() {
    clearInterval(this.sweeper);
  }

  /**
   * A new connection for a signed-in caller (negotiate, or a WebSocket that skipped it), whose
   * access token expires at tokenExpiresAt. Null when the session already has
   * maxPendingPerSession connections that no transport picked up.
   */
  async open(principal: Principal, negotiateVersion: 0 | 1, tokenExpiresAt: number): Promise<Connection | null> {
    const userGroupIds = await this.loadUserGroups(principal.userId, principal.tenantId);
    // Counted after the await, so that concurrent negotiates cannot all slip under the cap.
    const pending = this.pending.get(principal.sessionId) ?? new Set<Connection>();
    for (const connection of pending) if (connection.status !== 'negotiated') pending.delete(connection);
    if (pending.size >= this.options.maxPendingPerSession) return null;
    const id = randomId(16);
    // Version 0 clients send the connection id itself as the id of every request.
    const token = negotiateVersion >= 1 ? randomId(32) : id;
    const connection = new Connection(this, id, token, principal, userGroupIds, tokenExpiresAt);
    this.byToken.set(token, connection);
    pending.add(connection);
    this.pending.set(principal.sessionId, pending);
    return connection;
  }

  /** This process's connections by transport ('none' until a transport picks one up), for /metrics. */
  countByTransport(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const connection of this.byToken.values()) {
      const transport = connection.transport ?? 'none';
      counts.set(transport, (counts.get(transport) ?? 0) + 1);
    }
    return counts;
  }

  /** Whether a user has a live connection in this process (push goes to those without one). */
  hasUser(userId: string): boolean {
    return (this.members.get(groups.user(userId))?.size ?? 0) > 0;
  }

  /** The users with a ready connection in this process. */
  *connectedUsers(): Iterable<string> {
    for (const name of this.members.keys())
      if (name.startsWith(USER_GROUP_PREFIX)) yield name.slice(USER_GROUP_PREFIX.length);
  }

  find(token: string): Connection | undefined {
    return this.byToken.get(token);
  }

  joined(connection: Connection) {
    const names = [groups.user(connection.userId), groups.session(connection.sessionId)];
    if (connection.tenantId) names.push(groups.tenant(connection.tenantId));
    for (const id of connection.userGroupIds) names.push(groups.userGroup(id));
    for (const name of names) this.join(connection, name);
  }

  left(connection: Connection) {
    for (const name of connection.groups) this.leave(connection, name);
  }

  gone(connection: Connection) {
    if (this.byToken.get(connection.token) === connection) this.byToken.delete(connection.token);
    const pending = this.pending.get(connection.sessionId);
    pending?.delete(connection);
    if (pending?.size === 0) this.pending.delete(connection.sessionId);
  }

  private join(connection: Connection, name: string) {
    const set = this.members.get(name) ?? new Set<Connection>();
    if (!set.size) {
      this.members.set(name, set);
      if (name.startsWith(USER_GROUP_PREFIX)) this.userPresence?.online(connection.userId);
    }
    set.add(connection);
    connection.groups.add(name);
  }

  private leave(connection: Connection, name: string) {
    const set = this.members.get(name);
    set?.delete(connection);
    if (set?.size === 0) {
      this.members.delete(name);
      if (name.startsWith(USER_GROUP_PREFIX)) this.userPresence?.offline(connection.userId);
    }
    connection.groups.delete(name);
  }

  /** Applies a change to this process's connections. */
  async apply(envelope: Envelope): Promise<void> {
    switch (envelope.op) {
      case 'send': {
        const message = new Outbound(envelope.record);
        const targets = envelope.group === null ? this.byToken.values() : (this.members.get(envelope.group) ?? []);
        let sent = 0;
        for (const connection of targets) {
          connection.send(message);
          sent++;
        }
        metrics.hubMessagesSent.inc(sent);
        return;
      }
      case 'revoke': {
        this.sessionsEnded(envelope.sessionIds);
        const sessions = new Set(envelope.sessionIds);
        const logOut = new Outbound(invocation(HUB_EVENTS.LogOut, []));
        for (const connection of this.byToken.values()) {
          if (!sessions.has(connection.sessionId)) continue;
          // The client signs out on LogOut; the Close without allowReconnect stops it for good.
          connection.send(logOut);
          connection.close({ error: 'The session has ended' });
        }
        return;
      }
      case 'close': {
        this.sessionsEnded(envelope.sessionIds);
        const sessions = new Set(envelope.sessionIds);
        for (const connection of this.byToken.values()) {
          if (sessions.has(connection.sessionId)) connection.close({ error: envelope.error });
        }
        return;
      }
      case 'retenant': {
        const sessions = new Set(envelope.sessionIds);
        const affected = [...this.byToken.values()].filter((c) => sessions.has(c.sessionId));
        const byUser = new Map<string, string[]>();
        for (const connection of affected) {
          const { userId } = connection;
          if (!byUser.has(userId)) byUser.set(userId, await this.loadUserGroups(userId, envelope.tenantId));
          this.regroup(connection, envelope.tenantId, byUser.get(userId)!);
        }
        return;
      }
      case 'regroup': {
        const affected = [...this.byToken.values()].filter((c) => c.userId === envelope.userId);
        const byTenant = new Map<string | null, string[]>();
        for (const connection of affected) {
          const tenantId = connection.tenantId;
          if (!byTenant.has(tenantId)) byTenant.set(tenantId, await this.loadUserGroups(connection.userId, tenantId));
          this.regroup(connection, tenantId, byTenant.get(tenantId)!);
        }
        return;
      }
    }
  }

  /** Moves a connection to the groups of a tenant; only ready connections are in groups. */
  private regroup(connection: Connection, tenantId: string | null, userGroupIds: string[]) {
    const ready = connection.status === 'ready';
    if (ready) {
      for (const name of [...connection.groups]) {
        if (name.startsWith('tenant:') || name.startsWith('usergroup:')) this.leave(connection, name);
      }
    }
    connection.tenantId = tenantId;
    connection.userGroupIds = userGroupIds;
    if (!ready) return;
    if (tenantId) this.join(connection, groups.tenant(tenantId));
    for (const id of userGroupIds) this.join(connection, groups.userGroup(id));
  }

  /** Runs on a timer: a fault with one connection drops that one and never ends the process. */
  sweep(now: number) {
    for (const connection of this.byToken.values()) {
      try {
        connection.tick(now);
      } catch (err) {
        this.log.error({ err, connectionId: connection.id }, 'hub sweep failed for a connection, dropped');
        try {
          connection.abort();
        } catch {
          this.gone(connection);
        }
      }
    }
  }

  /**
   * Graceful shutdown: every client gets a Close with allowReconnect (it reconnects to another or
   * the restarted process), then the transports end. Waits up to shutdownGraceMs for them.
   */
  async shutdown() {
    this.accepting = false;
    for (const connection of this.byToken.values()) {
      connection.close({ error: 'The server is restarting', allowReconnect: true });
    }
    await new Promise((resolve) => setImmediate(resolve));
    // New requests are refused while the server closes: a long-polling client with no poll in
    // flight cannot take its Close any more, and it reconnects when its next poll fails.
    for (const connection of this.byToken.values()) {
      if (connection.transport === 'LongPolling' && typeof connection.sink?.idleSince === 'number') connection.abort();
    }
    const deadline = Date.now() + this.options.shutdownGraceMs;
    while (this.byToken.size && Date.now() < deadline) await sleep(20);
    for (const connection of this.byToken.values()) connection.abort();
    this.stop();
  }
}

import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { withTenant } from '../db/tenant-scope.js';
import type { Authenticator } from '../http/access-policy.js';
import { metrics } from '../http/metrics.js';
import { userGroupMembers, userGroups } from '../modules/usergroups/usergroups.schema.js';
import { type Backplane, memoryBackplane } from './backplane.js';
import { postgresBackplane } from './backplane-postgres.js';
import { redisBackplane } from './backplane-redis.js';
import { Hub } from './hub.js';
import { createHubService, type HubService } from './hub-service.js';
import { defaultHubOptions, type HubOptions } from './options.js';
import { localPresence, type Presence, redisPresence } from './presence.js';
import { hubRoutes } from './routes.js';
import { trackSockets } from './sockets.js';
import { attachWebSockets } from './websockets.js';

export type { HubService } from './hub-service.js';
export type { HubOptions } from './options.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to connected clients; see HubService. */
    hub: HubService;
  }
}

export type HubPluginOptions = {
  config: Config;
  database: Database;
  authenticator: Authenticator;
  /** Timings and limits; tests shorten them. */
  options?: Partial<HubOptions>;
};

async function userGroupsOf(db: Db, userId: string, tenantId: string | null): Promise<string[]> {
  if (!tenantId) return [];
  const rows = await db
    .select({ id: userGroupMembers.groupId })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(and(eq(userGroupMembers.userId, userId), eq(userGroups.tenantId, tenantId)));
  return rows.map((r) => r.id);
}

/**
 * The Redis names of one deployment: pub/sub ignores Redis database numbers, so the processes of one
 * deployment (which share a database) go by its database's name, which keeps deployments that share
 * a Redis apart.
 */
function redisNamespace(databaseUrl: string | undefined) {
  const name = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : 'embedded';
  return `atrium:${name || 'postgres'}`;
}

/** Redis when REDIS_URL is set, else LISTEN/NOTIFY on a real PostgreSQL, else in-process. */
function chooseBackplane(config: Config, database: Database, log: FastifyBaseLogger): Backplane {
  const databaseUrl = config.databaseUrl ?? database.pool?.options.connectionString;
  if (config.redisUrl) return redisBackplane(config.redisUrl, redisNamespace(databaseUrl), log);
  if (database.kind === 'postgres' && databaseUrl) return postgresBackplane({ connectionString: databaseUrl }, log);
  return memoryBackplane();
}

/**
 * Who is connected to the other processes: kept in Redis when REDIS_URL is set; otherwise each
 * process knows its own connections only, which is exact for the one process of the embedded setup.
 */
function choosePresence(config: Config, database: Database, log: FastifyBaseLogger, options: HubOptions): Presence {
  if (!config.redisUrl) return localPresence();
  const databaseUrl = config.databaseUrl ?? database.pool?.options.connectionString;
  return redisPresence(config.redisUrl, redisNamespace(databaseUrl), log, {
    ttlMs: options.presenceTtlMs,
    refreshMs: options.presenceRefreshMs,
  });
}

/**
 * The SignalR-protocol hub at HUB.path: its routes, its WebSocket upgrades, the backplane, and
 * `app.hub` for modules. On close, every client is told to reconnect before the server stops.
 */
export const hubPlugin = fp<HubPluginOptions>(
  async (app: FastifyInstance, { config, database, authenticator, options }) => {
    const log = app.log.child({ module: 'hub' });
    const hub = new Hub(
      { ...defaultHubOptions, ...options },
      log,
      // In the connection's tenant, whichever request (or none) asks.
      (userId, tenantId) => withTenant(tenantId, () => userGroupsOf(database.db, userId, tenantId)),
      // Every process applies revocations, so each forgets the sessions it took as live.
      (sessionIds) => authenticator.sessions.forget(sessionIds),
    );
    const backplane = chooseBackplane(config, database, log);
    // Other processes' envelopes are applied one at a time, in the order they were published: a
    // connection has moved to its new tenant's groups (retenant, regroup) before the event after it
    // (TenantChanged) reaches the client, so whatever the client then asks for, it is in those groups.
    let applying = Promise.resolve();
    await backplane.start((envelope) => {
      applying = applying
        .then(() => hub.apply(envelope))
        .catch((err) => log.error({ err, op: envelope.op }, 'hub: could not apply'));
    });
    log.debug({ backplane: backplane.kind }, 'hub backplane started');
    const presence = choosePresence(config, database, log, hub.options);
    hub.userPresence = presence;
    await presence.start(() => hub.connectedUsers());

    app.decorate('hub', createHubService(hub, backplane, log, presence));
    await app.register(hubRoutes, { hub, authenticator });
    const wss = attachWebSockets(app.server, { hub, authenticator });
    // Requests in flight may take until the shutdown's own limit; hub clients are ended before it.
    const sockets = trackSockets(app.server, Math.max(hub.options.shutdownGraceMs, config.shutdownTimeoutMs));
    hub.start();
    const removeCounts = metrics.hubConnections.add(() =>
      [...hub.countByTransport()].map(([transport, value]) => ({ labels: { transport }, value })),
    );

    app.addHook('preClose', async () => {
      await hub.shutdown();
      sockets.closeIdle();
    });
    app.addHook('onClose', async () => {
      removeCounts();
      hub.stop();
      wss.close();
      await Promise.all([backplane.close(), presence.close()]);
    });
  },
  { name: 'hub' },
);

import type { AddressInfo } from 'node:net';
import { HUB } from '@atrium/contracts';
import {
  type HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  type IRetryPolicy,
  LogLevel,
} from '@microsoft/signalr';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { crossTenant } from '../../src/db/tenant-scope.js';
import type { HubOptions } from '../../src/hub/index.js';
import { diagnosticMethods } from '../../src/hub/methods.js';
import { userGroupMembers } from '../../src/modules/usergroups/usergroups.schema.js';
import { makeFactories } from '../factories.js';
import { activateTenant, bearer, freshDatabase, ownerUrlOf, signIn, testConfig } from '../harness.js';

type ServerOptions = {
  hub?: Partial<HubOptions>;
  env?: Record<string, string>;
  database?: Database;
  /** Registers the diagnostic methods (Echo, Count), which production does not; true unless false. */
  diagnostics?: boolean;
};

/** Builds the app on a database and listens on a loopback port (0: any free one). */
async function listen(database: Database, opts: ServerOptions, port = 0) {
  const config = testConfig(opts.env);
  const hub = opts.diagnostics === false ? opts.hub : { methods: diagnosticMethods, ...opts.hub };
  const app = await buildApp({ config, database, hub });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

/**
 * A real listening server for hub tests, on a fresh database (or a given one, for a second
 * process of the same deployment), with sign-in helpers and a graceful restart on the same port.
 */
export async function startHubServer(opts: ServerOptions = {}) {
  const owned = opts.database ? null : await freshDatabase();
  const database = opts.database ?? owned!;
  let app = await listen(database, opts);
  const port = (app.server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const factories = makeFactories(database.db);

  // `app` changes on a restart: these always ask the one listening now.
  const signInHere = (email: string) => signIn(app, email);
  const activate = (token: string, tenantId: string) => activateTenant(app, token, tenantId);

  /** A user who is a member of the tenants given, signed in, with the first tenant active. */
  async function member(tenantIds: string[]) {
    const user = await factories.user({ tenantIds });
    let { token, cookie } = await signInHere(user.email);
    if (tenantIds[0]) token = await activate(token, tenantIds[0]);
    return { user, token, cookie };
  }

  /** A super administrator (signed in with adminToken) starts viewing as userId; the new token. */
  async function impersonate(adminToken: string, userId: string, tenantId: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/core/api/auth/impersonate',
      headers: bearer(adminToken),
      payload: { userId, tenantId },
    });
    if (res.statusCode !== 200) throw new Error(`impersonating failed: ${res.body}`);
    return res.json().token as string;
  }

  return {
    get app() {
      return app;
    },
    database,
    factories,
    origin,
    hubUrl: `${origin}${HUB.path}`,
    signIn: signInHere,
    member,
    activate,
    impersonate,
    async addToGroup(groupId: string, userId: string) {
      await crossTenant('test fixtures', () => database.db.insert(userGroupMembers).values({ groupId, userId }));
    },
    /** Closes gracefully (clients are told to reconnect), then listens again on the same port. */
    async restart(pauseMs = 0) {
      await app.close();
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      app = await listen(database, opts, port);
    },
    async close() {
      await app.close();
      if (owned) await owned.dispose();
    },
  };
}
export type HubServer = Awaited<ReturnType<typeof startHubServer>>;

/**
 * A second process of first's deployment, on its database: on PostgreSQL with a pool of its own, as a
 * separate process would have, migrated as a process starts (nothing left to do); close() closes that
 * pool too.
 */
export async function startSecondProcess(first: HubServer, opts: Omit<ServerOptions, 'database'> = {}) {
  const url = first.database.pool?.options.connectionString;
  const own = url ? await openDatabase({ url, dataDir: null }) : null;
  if (own) await migrate(own, ownerUrlOf(first.database));
  const second = await startHubServer({ ...opts, database: own ?? first.database });
  const closeApp = second.close;
  return Object.assign(second, {
    async close() {
      await closeApp();
      await own?.close();
    },
  });
}

const quickRetry: IRetryPolicy = {
  // Bounded: a handful of quick attempts, then the client gives up.
  nextRetryDelayInMilliseconds: ({ previousRetryCount }) => (previousRetryCount < 50 ? 100 : null),
};

/** The official client, forced onto one transport, with negotiation. */
export function hubClient(hubUrl: string, transport: HttpTransportType, token: () => string | undefined) {
  return new HubConnectionBuilder()
    .withUrl(hubUrl, { transport, skipNegotiation: false, accessTokenFactory: () => token() ?? '' })
    .withAutomaticReconnect(quickRetry)
    .configureLogging(LogLevel.None)
    .build();
}

/** Resolves with the arguments of the next call of a client method, or rejects after a while. */
export function nextCall(connection: HubConnection, target: string, timeoutMs = 5000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.off(target, handler);
      reject(new Error(`no ${target} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (...args: unknown[]) => {
      clearTimeout(timer);
      connection.off(target, handler);
      resolve(args);
    };
    connection.on(target, handler);
  });
}

/** Resolves with true if a call of target arrives within ms, false otherwise. */
export async function receivesWithin(connection: HubConnection, target: string, ms: number) {
  return nextCall(connection, target, ms).then(
    () => true,
    () => false,
  );
}

/** The official clients a describe block opens: each tracked as it is made, all stopped in its afterAll. */
export function trackedClients() {
  const open: HubConnection[] = [];
  const client = (hubUrl: string, transport: HttpTransportType, token: () => string | undefined) => {
    const connection = hubClient(hubUrl, transport, token);
    open.push(connection);
    return connection;
  };
  return {
    /** A tracked client, not started yet (to register handlers first). */
    client,
    /** A tracked client, started. */
    async connect(hubUrl: string, transport: HttpTransportType, token: () => string | undefined) {
      const connection = client(hubUrl, transport, token);
      await connection.start();
      return connection;
    },
    stopAll: () => Promise.all(open.map((c) => c.stop())),
  };
}

/**
 * For a describe block: a hub server with two tenants, started before its tests, and the clients they
 * open over the transport (connect); all closed after them.
 */
export function hubWithTwoTenants(transport: HttpTransportType) {
  const clients = trackedClients();
  const hub = {
    server: undefined as unknown as HubServer,
    tenantA: '',
    tenantB: '',
    connect: (token: string | undefined) => clients.connect(hub.server.hubUrl, transport, () => token),
  };
  beforeAll(async () => {
    hub.server = await startHubServer();
    hub.tenantA = (await hub.server.factories.tenant()).id;
    hub.tenantB = (await hub.server.factories.tenant()).id;
  });
  afterAll(async () => {
    await clients.stopAll();
    await hub.server.close();
  });
  return hub;
}

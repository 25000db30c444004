import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HUB_EVENTS } from '@atrium/contracts';
import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.js';

// Two server processes on one PostgreSQL behind a loopback TCP proxy; one is stopped with SIGTERM
// and started again while a client writes and a hub client listens (README "Deployment"). In the
// run only with TEST_DATABASE_URL (vitest.config.ts): PGlite is one process's database.
const serverUrl = process.env.TEST_DATABASE_URL!;
const MAIN = resolve(import.meta.dirname, '../../src/main.ts');
const PASSWORD = 'Atrium-demo-1';

/** Whether the process on `port` answers its readiness check with 200 (docs/deploy.md, "Health"). */
async function isReady(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/core/api/health/ready`, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * A TCP load balancer that, like HAProxy's health checks, sends new connections only to backends
 * whose readiness answered 200 at the last check (every 100 ms), in turn; when one refuses anyway
 * (stopped between checks) it tries the next. A connection (a WebSocket included) stays with its
 * backend, as sticky sessions keep it.
 */
function tcpProxy(ports: number[]) {
  let next = 0;
  const ready = ports.map(() => false);
  /** Each connection's backend, and whether that backend's readiness had answered 200. */
  const routed: { backend: number; ready: boolean }[] = [];
  let checking = true;
  const checks = (async () => {
    while (checking) {
      await Promise.all(ports.map(async (port, i) => (ready[i] = await isReady(port))));
      await sleep(100);
    }
  })();
  const open = new Map<Socket, { backend: number; firstLine: string }>();
  const server: Server = createServer((client) => {
    client.pause();
    const attempt = (tries: number) => {
      const candidates = ports.map((_, i) => i).filter((i) => ready[i]);
      if (!candidates.length) {
        if (tries < 400) setTimeout(() => attempt(tries + 1), 25);
        else client.destroy();
        return;
      }
      const backend = candidates[next++ % candidates.length]!;
      const upstream = tcpConnect(ports[backend]!, '127.0.0.1');
      upstream.once('connect', () => {
        const entry = { backend, firstLine: '' };
        open.set(client, entry);
        routed.push({ backend, ready: ready[backend]! });
        client.once('data', (chunk: Buffer) => {
          entry.firstLine = chunk.toString('latin1').split('\r\n')[0] ?? '';
        });
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.once('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && tries < 400) {
          ready[backend] = false; // until the next check says otherwise
          setTimeout(() => attempt(tries + 1), 25);
          return;
        }
        client.destroy();
      });
      client.once('error', () => upstream.destroy());
      client.once('close', () => {
        upstream.destroy();
        open.delete(client);
      });
    };
    attempt(0);
  });
  return {
    listen: () =>
      new Promise<number>((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as { port: number }).port))),
    /** The backend holding the open connection whose request line matches. */
    backendOf: (pattern: RegExp) => [...open.values()].find((c) => pattern.test(c.firstLine))?.backend,
    /** How many connections went to `backend` so far. */
    connectionsTo: (backend: number) => routed.filter((r) => r.backend === backend).length,
    /** Whether the last check found `backend` ready. */
    isInRotation: (backend: number) => ready[backend]!,
    close: async () => {
      checking = false;
      await checks;
      for (const socket of open.keys()) socket.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

type Started = { child: ChildProcess; exited: Promise<number | null>; output: () => string };

function startServer(port: number, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  return { child, exited, output: () => output };
}

/** Waits until the process answers readiness (migrated, database and storage up), not mere liveness. */
async function waitReady(port: number, started: Started) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited: ${started.output()}`);
    if (await isReady(port)) return;
    await sleep(250);
  }
  throw new Error(`server on ${port} not ready: ${started.output()}`);
}

/** One request on a connection of its own (so each write is balanced on its own). */
function call(port: number, method: string, path: string, token: string | null, body?: unknown) {
  return new Promise<{ status: number; body: string }>((ok, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => ok({ status: res.statusCode!, body: text }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

describe('rolling restart of one of two processes behind a proxy', () => {
  const name = `atrium_restart_${randomUUID().replaceAll('-', '')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-restart-'));
  let databaseUrl: string;
  const ports: number[] = [];
  const servers: Started[] = [];
  let proxy: ReturnType<typeof tcpProxy>;
  let proxyPort: number;
  const env = () => ({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'restart-test-secret-that-is-long-enough',
    WEB_DIST: '/nonexistent',
    SHUTDOWN_TIMEOUT_SECONDS: '20',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    ports.push(await freePort(), await freePort());
    // The first seeds the demo (its accounts write below); the second starts on the seeded database.
    servers[0] = startServer(ports[0]!, { ...env(), SEED_DEMO: 'true' });
    await waitReady(ports[0]!, servers[0]);
    servers[1] = startServer(ports[1]!, { ...env(), SEED_DEMO: 'false' });
    await waitReady(ports[1]!, servers[1]);
    proxy = tcpProxy(ports);
    proxyPort = await proxy.listen();
  }, 300_000);

  afterAll(async () => {
    await proxy?.close();
    for (const s of servers) {
      if (s && s.child.exitCode === null) {
        s.child.kill('SIGKILL');
        await s.exited;
      }
    }
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(email: string): Promise<{ token: string; tenantId: string }> {
    const login = await call(proxyPort, 'POST', '/core/api/auth/login', null, {
      email,
      password: PASSWORD,
      rememberMe: false,
    });
    expect(login.status, login.body).toBe(200);
    const token = JSON.parse(login.body).token as string;
    const info = JSON.parse((await call(proxyPort, 'GET', '/core/api/me/info', token)).body);
    const tenantId = (info.tenants as { id: string; name: string }[]).find((t) => t.name === 'Northwind Partners')!.id;
    const active = await call(proxyPort, 'POST', '/core/api/auth/activetenant', token, { tenantId });
    expect(active.status, active.body).toBe(200);
    return { token: JSON.parse(active.body).token, tenantId };
  }

  it('loses no acknowledged write, answers no 5xx, and the hub client reconnects and hears the next event', async () => {
    const writer = await signIn('admin@atrium.test');
    const listener = await signIn('user@atrium.test');
    const superadmin = await signIn('superadmin@atrium.test');

    // The hub client: WebSockets straight away, reconnecting at once when told to.
    const events: string[] = [];
    let reconnected = 0;
    const hub: HubConnection = new HubConnectionBuilder()
      .withUrl(`http://127.0.0.1:${proxyPort}/core/tenantHub`, {
        accessTokenFactory: () => listener.token,
        transport: HttpTransportType.WebSockets,
        skipNegotiation: true,
      })
      .withAutomaticReconnect({
        nextRetryDelayInMilliseconds: (ctx) => (ctx.elapsedMilliseconds > 60_000 ? null : 200),
      })
      .configureLogging(LogLevel.None)
      .build();
    hub.on(HUB_EVENTS.TenantChanged, (tenantId: string) => events.push(tenantId));
    hub.onreconnected(() => {
      reconnected++;
    });
    await hub.start();
    await sleep(200);
    const hubBackend = proxy.backendOf(/^GET \/core\/tenantHub/);
    expect(hubBackend).toBeDefined();

    // The writer: one client after another, each write on a connection of its own. A write whose
    // connection failed before any answer was not acknowledged; it is sent again, as a browser would.
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let writing = true;
    let n = 0;
    const writes = (async () => {
      while (writing) {
        const title = `restart-${n++}`;
        for (let tries = 0; ; tries++) {
          try {
            const res = await call(proxyPort, 'POST', '/core/api/companies/postCompany', writer.token, { title });
            if (res.status >= 200 && res.status < 300) acknowledged.push(title);
            else failures.push(`${title}: ${res.status} ${res.body}`);
            break;
          } catch (err) {
            if (tries > 20) {
              failures.push(`${title}: ${(err as Error).message}`);
              break;
            }
            await sleep(50);
          }
        }
      }
    })();

    const waitWrites = async (count: number) => {
      const target = acknowledged.length + count;
      while (acknowledged.length < target && !failures.length) await sleep(20);
    };
    await waitWrites(10);

    // The process holding the hub connection restarts: SIGTERM, a clean exit, a new process.
    const stopped = servers[hubBackend!]!;
    stopped.child.kill('SIGTERM');
    expect(await stopped.exited, stopped.output()).toBe(0);
    await waitWrites(10);
    servers[hubBackend!] = startServer(ports[hubBackend!]!, { ...env(), SEED_DEMO: 'false' });
    await waitReady(ports[hubBackend!]!, servers[hubBackend!]!);
    // The proxy's own readiness check puts the new process back in rotation; writes then reach it.
    while (!proxy.isInRotation(hubBackend!)) await sleep(20);
    const sentBefore = proxy.connectionsTo(hubBackend!);
    await waitWrites(20);
    expect(proxy.connectionsTo(hubBackend!)).toBeGreaterThan(sentBefore);
    writing = false;
    await writes;

    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    // Every acknowledged write is in the database.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ title: string }>("select title from companies where title like 'restart-%'");
    await db.end();
    const stored = new Set(rows.map((r) => r.title));
    expect(acknowledged.filter((t) => !stored.has(t))).toEqual([]);

    // The hub client came back on the other process and hears the next event.
    expect(reconnected).toBeGreaterThanOrEqual(1);
    const content = await call(proxyPort, 'GET', `/core/api/tenants/${writer.tenantId}/content`, superadmin.token);
    expect(content.status, content.body).toBe(200);
    const saved = await call(proxyPort, 'PUT', `/core/api/tenants/${writer.tenantId}/content`, superadmin.token, {
      ...JSON.parse(content.body),
      headline: 'After the restart',
    });
    expect(saved.status, saved.body).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!events.includes(writer.tenantId) && Date.now() < deadline) await sleep(50);
    expect(events).toContain(writer.tenantId);
    await hub.stop();
  }, 300_000);
});

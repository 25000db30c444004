import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.js';

// The server as started in production (main.ts), with OpenTelemetry pointed at a loopback OTLP/HTTP
// receiver, and its log read from stdout. On PostgreSQL (TEST_DATABASE_URL) its spans are expected
// too, and with REDIS_URL the readiness check's Redis command (ops/redis-span.ts).
const MAIN = resolve(import.meta.dirname, '../../src/main.ts');
const serverUrl = process.env.TEST_DATABASE_URL;

type Span = { name: string; scope: string; attributes: Record<string, unknown> };

/** Collects the spans of OTLP/HTTP JSON trace exports. */
function otlpReceiver() {
  const spans: Span[] = [];
  const server: Server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const data = JSON.parse(body) as {
          resourceSpans: {
            scopeSpans: {
              scope: { name: string };
              spans: { name: string; attributes: { key: string; value: Record<string, unknown> }[] }[];
            }[];
          }[];
        };
        for (const rs of data.resourceSpans) {
          for (const ss of rs.scopeSpans) {
            for (const s of ss.spans) {
              const attributes = Object.fromEntries(s.attributes.map((a) => [a.key, Object.values(a.value)[0]]));
              spans.push({ name: s.name, scope: ss.scope.name, attributes });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    spans,
    listen: () =>
      new Promise<number>((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as { port: number }).port))),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

describe('a production start: request ids in the log, OpenTelemetry traces', () => {
  const receiver = otlpReceiver();
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-traces-'));
  const database = `atrium_traces_${randomUUID().replaceAll('-', '')}`;
  let child: ChildProcess;
  let output = '';
  let port: number;

  beforeAll(async () => {
    const receiverPort = await receiver.listen();
    port = await freePort();
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'traces-test-secret-that-is-long-enough',
      WEB_DIST: '/nonexistent',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SERVICE_NAME: 'atrium-test',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    };
    delete env.DATABASE_URL;
    if (!process.env.REDIS_URL) delete env.REDIS_URL;
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${database}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      env.DATABASE_URL = url.toString();
    }
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/core/api/health`)).ok) break;
      } catch {}
      await sleep(250);
    }
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await exited;
    }
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  });

  it("writes the request's id on each of its log lines and answers with it", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/core/api/health/ready`, {
      headers: { 'x-request-id': 'ops-check-17' },
    });
    expect(res.headers.get('x-request-id')).toBe('ops-check-17');
    await sleep(200);
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const ours = lines.filter((l) => l.reqId === 'ops-check-17').map((l) => l.msg);
    expect(ours).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('exports spans of HTTP requests, of PostgreSQL queries on PostgreSQL and of Redis commands with Redis', async () => {
    await fetch(`http://127.0.0.1:${port}/core/api/health/ready`);
    const wanted = (spans: Span[]) =>
      spans.some((s) => s.scope.includes('instrumentation-http') && s.name.startsWith('GET')) &&
      (!serverUrl || spans.some((s) => s.scope.includes('instrumentation-pg'))) &&
      (!process.env.REDIS_URL || spans.some((s) => s.attributes['db.system'] === 'redis'));
    const deadline = Date.now() + 15_000;
    while (!wanted(receiver.spans) && Date.now() < deadline) await sleep(100);
    expect(receiver.spans.some((s) => s.scope.includes('instrumentation-http'))).toBe(true);
    if (serverUrl) expect(receiver.spans.some((s) => s.scope.includes('instrumentation-pg'))).toBe(true);
    if (process.env.REDIS_URL) {
      expect(receiver.spans).toContainEqual(
        expect.objectContaining({ name: 'redis PING', attributes: expect.objectContaining({ 'db.system': 'redis' }) }),
      );
    }
  });
});

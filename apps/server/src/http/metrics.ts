import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { PUBLIC } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import type { Config } from '../config.js';
import { AppError } from './errors.js';

/**
 * Prometheus metrics of this process (README "Metrics"). One registry per process, as Prometheus
 * scrapes processes; the gauges are read at scrape time from sources each app registers, so that
 * tests, which build several apps in one process, leave nothing behind when an app closes.
 */
export const registry = new client.Registry();

type Sample = { labels: Record<string, string>; value: number };
type Source = () => Sample[] | Promise<Sample[]>;

/** A gauge whose value is the sum of its sources' samples when scraped; add() returns the remover. */
function sampledGauge(name: string, help: string, labelNames: string[]) {
  const sources = new Set<Source>();
  new client.Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const source of sources) {
        // A source that cannot answer (the database is down) leaves its series out, not the scrape.
        const samples = await Promise.resolve()
          .then(source)
          .catch(() => []);
        for (const s of samples) this.inc(s.labels, s.value);
      }
    },
  });
  return {
    add(source: Source) {
      sources.add(source);
      return () => void sources.delete(source);
    },
  };
}

export const metrics = {
  /** Its _count is the request count: by route pattern (never the raw URL, which holds ids) and status. */
  httpDuration: new client.Histogram({
    name: 'atrium_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, and how long they took',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  dbPool: sampledGauge(
    'atrium_db_pool_connections',
    'Connections of the PostgreSQL pool: total, idle, and checkouts waiting for one',
    ['state'],
  ),
  hubConnections: sampledGauge('atrium_hub_connections', 'Hub connections of this process by transport', ['transport']),
  hubMessagesSent: new client.Counter({
    name: 'atrium_hub_messages_sent_total',
    help: 'Hub messages handed to connections of this process',
    registers: [registry],
  }),
  backplaneLag: new client.Histogram({
    name: 'atrium_hub_backplane_lag_seconds',
    help: 'Time from publishing an envelope in one process to receiving it in this one (clocks must agree)',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  }),
  mailQueue: sampledGauge('atrium_mail_queue', 'Mail in the outbox waiting to be sent (pending) or given up (failed)', [
    'status',
  ]),
  mailFailures: new client.Counter({
    name: 'atrium_mail_delivery_failures_total',
    help: 'Failed mail delivery attempts; final="true" when the mail is given up',
    labelNames: ['final'],
    registers: [registry],
  }),
};

let defaultsCollected = false;

/**
 * Serves the registry when the configuration turns metrics on: GET /metrics on the app's port for
 * callers bearing METRICS_TOKEN, or on METRICS_PORT of its own. Off, nothing is measured per request.
 */
export const metricsPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const settings = config.metrics;
    if (!settings) return;
    if (!defaultsCollected) {
      // Memory, CPU, event-loop delay, handles: prom-client's process metrics, once per process.
      client.collectDefaultMetrics({ register: registry });
      defaultsCollected = true;
    }

    app.addHook('onResponse', (request, reply, done) => {
      // Unmatched requests (404s, scans) share one label, so random paths cannot grow the series.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    if (settings.token) {
      const expected = Buffer.from(`Bearer ${settings.token}`);
      app.get('/metrics', { config: { policy: PUBLIC }, schema: { hide: true } }, async (request, reply) => {
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          throw new AppError('unauthenticated', 'The metrics need their bearer token');
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }

    if (settings.port) {
      const server = metricsServer();
      app.addHook('onListen', () => new Promise<void>((ok) => server.listen(settings.port!, config.host, ok)));
      app.addHook('onClose', () => new Promise<void>((ok) => (server.listening ? server.close(() => ok()) : ok())));
    }
  },
  { name: 'metrics' },
);

/** A bare server for METRICS_PORT: GET /metrics and nothing else. */
function metricsServer(): Server {
  return createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
}

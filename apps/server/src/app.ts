import { PUBLIC } from '@atrium/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accessPolicyPlugin } from './http/access-policy.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './http/errors.js';
import { gracefulClose } from './http/graceful-close.js';
import { hostileInputPlugin } from './http/hostile-input.js';
import { idempotencyPlugin } from './http/idempotency.js';
import { createLiveSessions } from './http/live-sessions.js';
import { methodNotAllowedPlugin } from './http/method-not-allowed.js';
import { metrics, metricsPlugin } from './http/metrics.js';
import { openapiOptions } from './http/openapi.js';
import { requestContextPlugin } from './http/request-context.js';
import { requestId, requestIdPlugin } from './http/request-id.js';
import { API_DOCS_CSP, securityHeadersPlugin } from './http/security-headers.js';
import { responseSerializer } from './http/serializer.js';
import { bodyIdlePlugin, defaultHttpLimits, type HttpLimits, serverLimitOptions } from './http/server-limits.js';
import { createTenantFeatures } from './http/tenant-features.js';
import { tenantScopePlugin } from './http/tenant-scope.js';
import { createTokenService } from './http/tokens.js';
import { registerWebApp } from './http/web-app.js';
import { type HubOptions, hubPlugin } from './hub/index.js';
import { closeServices, createServices, SERVER_MODULES } from './modules/index.js';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Hub timings and limits (tests shorten them). */
  hub?: Partial<HubOptions>;
  /** How long requests may take to arrive (tests shorten them). */
  http?: Partial<HttpLimits>;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

/** Paths whose query string may carry a token must never be logged whole. */
const redactUrl = (url: string) => url.replace(/([?&]access_token=)[^&]*/g, '$1[REDACTED]');

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.token',
        '*.refreshToken',
        // Tenants' Microsoft Graph client secrets (mail settings) and the token request's form.
        '*.msGraphClientSecret',
        '*.client_secret',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

export async function buildApp({ config, database, hub, http, logStream }: AppDeps) {
  const limits = { ...defaultHttpLimits, ...http };
  const app = Fastify({
    logger: logStream ? { ...(loggerOptions(config) as object), stream: logStream } : loggerOptions(config),
    trustProxy: config.trustProxy,
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    // Requests on connections open when a close begins are answered, not refused with 503: the
    // server has stopped listening by then (graceful-close.ts) and answers with Connection: close.
    return503OnClosing: false,
    // Avvio holds close hooks to the plugin timeout too: the drain may take until the shutdown's limit.
    pluginTimeout: Math.max(10_000, config.shutdownTimeoutMs),
    clientErrorHandler,
    ...serverLimitOptions(limits),
    // `/contacts/customLoadPage/` (the web app's call) and `/contacts/customLoadPage` (the document's
    // path: paths end without a slash) are one route.
    routerOptions: { ...serverLimitOptions(limits).routerOptions, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandler(app);

  // Infrastructure
  const db = database.db;
  const authenticator = { tokens: createTokenService(config.jwtSecret), sessions: createLiveSessions(db) };
  const tenantFeatures = createTenantFeatures(db);
  app.decorate('config', config);
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin, { config });
  await app.register(securityHeadersPlugin);
  await app.register(hostileInputPlugin);
  await app.register(bodyIdlePlugin, { limits });
  await app.register(fastifyCookie);
  await app.register(tenantScopePlugin);
  await app.register(requestContextPlugin);
  await app.register(accessPolicyPlugin, { authenticator, features: tenantFeatures });
  await app.register(idempotencyPlugin, { db });
  const closing = gracefulClose(app);
  closing.beforeOthers();
  await app.register(hubPlugin, { config, database, authenticator, options: hub });
  await app.register(methodNotAllowedPlugin);
  await app.register(fastifySwagger, openapiOptions(Object.assign({}, ...SERVER_MODULES.map((m) => m.tags))));
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, policy: PUBLIC };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: '/core/api/docs', staticCSP: API_DOCS_CSP });
    docs.get('/core/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });

  // Modules: every service built once (modules/index.ts), then every module's routes
  const services = createServices({ config, db, authenticator, tenantFeatures, hub: app.hub, log: app.log });
  app.decorate('services', services);
  app.addHook('onClose', () => closeServices(services));
  // Load balancers stop sending requests once readiness fails, while the requests in flight finish.
  app.addHook('preClose', async () => services.health.stopping());
  const pool = database.pool;
  if (pool) {
    const removePool = metrics.dbPool.add(() => [
      { labels: { state: 'total' }, value: pool.totalCount },
      { labels: { state: 'idle' }, value: pool.idleCount },
      { labels: { state: 'waiting' }, value: pool.waitingCount },
    ]);
    app.addHook('onClose', async () => removePool());
  }
  await app.register(
    async (api) => {
      for (const module of SERVER_MODULES) await api.register(module.routes);
    },
    { prefix: '/core/api' },
  );

  closing.afterOthers();

  // Hosts beyond our own the page may load from, as the modules' settings say (the clients map's
  // tiles, tenants' home videos).
  await registerWebApp(app, config.webDist, config.pageSources);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

import { PUBLIC } from '@atrium/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accessPolicyPlugin } from './http/access-policy.js';
import { registerErrorHandler } from './http/errors.js';
import { createLiveSessions, type LiveSessions } from './http/live-sessions.js';
import { responseSerializer } from './http/serializer.js';
import { tenantScopePlugin } from './http/tenant-scope.js';
import { createTokenService, type TokenService } from './http/tokens.js';
import { registerWebApp } from './http/web-app.js';
import { type HubOptions, type HubService, hubPlugin } from './hub/index.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createSmtpTransport } from './mail/smtp.transport.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { meRoutes } from './modules/me/me.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { office365Routes } from './modules/office365/office365.routes.js';
import { passwordsRoutes } from './modules/passwords/passwords.routes.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { userGroupsRoutes } from './modules/usergroups/usergroups.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Hub timings and limits (tests shorten them). */
  hub?: Partial<HubOptions>;
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
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}

export async function buildApp({ config, database, hub }: AppDeps) {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandler(app);

  // Infrastructure
  const tokens = createTokenService(config.jwtSecret);
  const sessions = createLiveSessions(database.db);
  const authenticator = { tokens, sessions };
  const transport = config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : null;
  const mailer = createMailer(database.db, transport, app.log);
  app.addHook('onClose', () => mailer.close());
  await app.register(fastifyCookie);
  await app.register(tenantScopePlugin);
  await app.register(accessPolicyPlugin, { db: database.db, authenticator });
  await app.register(hubPlugin, { config, database, authenticator, options: hub });
  const deps = { config, db: database.db, tokens, sessions, mailer, hub: app.hub };
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Atrium API', version: '1.0.0', description: 'Multi-tenant workplace platform' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, policy: PUBLIC };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: '/core/api/docs' });
    docs.get('/core/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });

  // Modules
  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(authRoutes, deps);
      await api.register(meRoutes, deps);
      await api.register(userGroupsRoutes, deps);
      await api.register(tenantsRoutes, deps);
      await api.register(usersRoutes, deps);
      await api.register(impersonationRoutes, deps);
      await api.register(passwordsRoutes, deps);
      await api.register(mailRoutes, deps);
      await api.register(notificationsRoutes, deps);
      await api.register(office365Routes, deps);
    },
    { prefix: '/core/api' },
  );

  await registerWebApp(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type ModuleDeps = {
  config: Config;
  db: Database['db'];
  tokens: TokenService;
  sessions: LiveSessions;
  hub: HubService;
  mailer: Mailer;
};

import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Authenticator } from '../http/access-policy.js';
import type { TenantFeatures } from '../http/tenant-features.js';
import type { HubService } from '../hub/index.js';
import { openStorage } from '../storage/open-storage.js';
import { createAuditService } from './audit/audit.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { createAuthService } from './auth/auth.service.js';
import { clientsRoutes } from './clients/clients.routes.js';
import { createClientsService } from './clients/clients.service.js';
import { documentsRoutes } from './documents/documents.routes.js';
import { createDocumentsService } from './documents/documents.service.js';
import { healthRoutes } from './health/health.routes.js';
import { createHealthService } from './health/health.service.js';
import { homeRoutes } from './home/home.routes.js';
import { createHomeService } from './home/home.service.js';
import { impersonationRoutes } from './impersonation/impersonation.routes.js';
import { createImpersonationService } from './impersonation/impersonation.service.js';
import { mailRoutes } from './mail/mail.routes.js';
import { createMailService } from './mail/mail.service.js';
import { createSmtpTransport } from './mail/smtp.transport.js';
import { meRoutes } from './me/me.routes.js';
import { createMeService } from './me/me.service.js';
import { mediaRoutes } from './media/media.routes.js';
import { createMediaService } from './media/media.service.js';
import { seedEventTypes } from './notifications/notifications.repository.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { createNotificationsService } from './notifications/notifications.service.js';
import { office365Routes } from './office365/office365.routes.js';
import { createOffice365Service } from './office365/office365.service.js';
import { passwordsRoutes } from './passwords/passwords.routes.js';
import { createPasswordsService } from './passwords/passwords.service.js';
import { tenantSettingsRoutes } from './tenant-settings/tenant-settings.routes.js';
import { createTenantSettingsService } from './tenant-settings/tenant-settings.service.js';
import { seedFeatures } from './tenants/tenants.repository.js';
import { tenantsRoutes } from './tenants/tenants.routes.js';
import { createTenantsService } from './tenants/tenants.service.js';
import { timelogsRoutes } from './timelogs/timelogs.routes.js';
import { createTimelogsService } from './timelogs/timelogs.service.js';
import { userGroupsRoutes } from './usergroups/usergroups.routes.js';
import { createUserGroupsService } from './usergroups/usergroups.service.js';
import { seedRoles } from './users/users.repository.js';
import { usersRoutes } from './users/users.routes.js';
import { createUsersService } from './users/users.service.js';

// The composition root: the one file that knows every module. A new module adds its service to
// createServices and its routes (and reference data, if any) to MODULES; nothing else changes.

/** What app.ts builds before the modules: configuration, database and the infrastructure plugins' parts. */
export type Infra = {
  config: Config;
  db: Db;
  authenticator: Authenticator;
  tenantFeatures: TenantFeatures;
  hub: HubService;
  log: FastifyBaseLogger;
};

/** Every service, each built once, in dependency order. */
export function createServices({ config, db, authenticator, tenantFeatures, hub, log }: Infra) {
  // One storage (folders under DATA_DIR, or the S3 bucket): its `media` area holds tenant logos and
  // profile pictures, served by GET /media/{file}; its `documents` area the documents' files.
  const storage = openStorage(config);
  const mailTransport = config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : null;

  const health = createHealthService({ db });
  const audit = createAuditService({ db });
  const mail = createMailService({ db, transport: mailTransport, log });
  const auth = createAuthService({ db, authenticator, hub });
  const media = createMediaService({ db, storage: storage.area('media'), log, limits: config.uploads });
  const tenants = createTenantsService({ db, media, auth, features: tenantFeatures });
  const users = createUsersService({ db, auth, tenants, hub });
  const usergroups = createUserGroupsService({ db });
  const passwords = createPasswordsService({ db, mail, auth, users, publicUrl: config.publicUrl, log });
  const impersonation = createImpersonationService({ auth, tenants, users, audit, hub });
  const notifications = createNotificationsService({ db, hub, mail, audit, config });
  const timelogs = createTimelogsService({ db });
  const documents = createDocumentsService({
    db,
    storage: storage.area('documents'),
    log,
    maxBytes: config.documentMaxBytes,
  });
  const me = createMeService({ db, media, auth, notifications });
  const clients = createClientsService({ db, tenants, map: config.map });
  const tenantSettings = createTenantSettingsService({ db, media, tenants, hub, videoHosts: config.videoHosts });
  const home = createHomeService({ tenantSettings });
  const office365 = createOffice365Service({
    db,
    auth,
    config: config.office365,
    redirectUri: `${config.publicUrl}/office365auth`,
    secret: config.jwtSecret,
  });

  return {
    health,
    audit,
    mail,
    auth,
    media,
    tenants,
    users,
    usergroups,
    passwords,
    impersonation,
    notifications,
    me,
    office365,
    timelogs,
    documents,
    clients,
    tenantSettings,
    home,
  };
}
export type Services = ReturnType<typeof createServices>;

/**
 * Stops what services run in the background once the server has closed: queued reset mails first
 * (they feed the mail worker), then the mail worker and the upload sweep.
 */
export async function closeServices(services: Services) {
  await services.passwords.settled();
  await Promise.all([services.mail.close(), services.media.close()]);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The checked configuration (config.ts). */
    config: Config;
    /** Every module's service, built once by createServices; routes take what they need from here. */
    services: Services;
  }
}

type ModuleEntry = {
  /** The module's routes, mounted under /core/api. */
  routes: FastifyPluginAsyncZod;
  /** Reference data every installation needs, written at start-up (idempotent). */
  seed?: (db: Db) => Promise<void>;
};

/** Every module with routes or reference data, in registration order. */
export const MODULES: ModuleEntry[] = [
  { routes: healthRoutes },
  { routes: authRoutes },
  { routes: meRoutes },
  { routes: userGroupsRoutes },
  { routes: tenantsRoutes, seed: seedFeatures },
  { routes: mediaRoutes },
  { routes: usersRoutes, seed: seedRoles },
  { routes: impersonationRoutes },
  { routes: passwordsRoutes },
  { routes: mailRoutes },
  { routes: notificationsRoutes, seed: seedEventTypes },
  { routes: office365Routes },
  { routes: timelogsRoutes },
  { routes: documentsRoutes },
  { routes: clientsRoutes },
  { routes: tenantSettingsRoutes },
  { routes: homeRoutes },
];

/** Writes every module's reference data (roles, features, notification event types). */
export async function seedReferenceData(db: Db) {
  for (const module of MODULES) await module.seed?.(db);
}

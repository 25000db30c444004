import type { ModuleKey } from '@atrium/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Authenticator } from '../http/access-policy.js';
import type { TenantFeatures } from '../http/tenant-features.js';
import type { HubService } from '../hub/index.js';
import { openStorage } from '../storage/open-storage.js';
import { auditDemo } from './audit/audit.demo.js';
import { auditRoutes } from './audit/audit.routes.js';
import { createAuditService } from './audit/audit.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { createAuthService } from './auth/auth.service.js';
import { chatDemo } from './chat/chat.demo.js';
import { chatRoutes } from './chat/chat.routes.js';
import { createChatService } from './chat/chat.service.js';
import { clientsDemo } from './clients/clients.demo.js';
import { clientsRoutes } from './clients/clients.routes.js';
import { createClientsService } from './clients/clients.service.js';
import type { DemoStep } from './demo-step.js';
import { documentsDemo } from './documents/documents.demo.js';
import { documentsRoutes } from './documents/documents.routes.js';
import { createDocumentsService } from './documents/documents.service.js';
import { healthRoutes } from './health/health.routes.js';
import { createHealthService } from './health/health.service.js';
import { homeDemo } from './home/home.demo.js';
import { homeRoutes } from './home/home.routes.js';
import { createHomeService } from './home/home.service.js';
import { impersonationRoutes } from './impersonation/impersonation.routes.js';
import { createImpersonationService } from './impersonation/impersonation.service.js';
import { mailRoutes } from './mail/mail.routes.js';
import { createMailService } from './mail/mail.service.js';
import { createSmtpTransport } from './mail/smtp.transport.js';
import { mailSettingsDemo } from './mail-settings/mail-settings.demo.js';
import { mailSettingsRoutes } from './mail-settings/mail-settings.routes.js';
import { createMailSettingsService } from './mail-settings/mail-settings.service.js';
import { meRoutes } from './me/me.routes.js';
import { createMeService } from './me/me.service.js';
import { mediaRoutes } from './media/media.routes.js';
import { createMediaService } from './media/media.service.js';
import { notificationsDemo } from './notifications/notifications.demo.js';
import { seedEventTypes, seedTenantEventTypes } from './notifications/notifications.repository.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { startScheduler } from './notifications/notifications.scheduler.js';
import { createNotificationsService } from './notifications/notifications.service.js';
import { office365Routes } from './office365/office365.routes.js';
import { createOffice365Service } from './office365/office365.service.js';
import { passwordsRoutes } from './passwords/passwords.routes.js';
import { createPasswordsService } from './passwords/passwords.service.js';
import { pushRoutes } from './push/push.routes.js';
import { createPushService } from './push/push.service.js';
import { localVapidKeys } from './push/vapid-keys.js';
import { sprintsDemo } from './sprints/sprints.demo.js';
import { sprintsRoutes } from './sprints/sprints.routes.js';
import { createSprintsService } from './sprints/sprints.service.js';
import { tenantListsDemo } from './tenant-settings/tenant-lists.demo.js';
import { createTenantListsService } from './tenant-settings/tenant-lists.service.js';
import { tenantSettingsRoutes } from './tenant-settings/tenant-settings.routes.js';
import { createTenantSettingsService } from './tenant-settings/tenant-settings.service.js';
import { seedFeatures } from './tenants/tenants.repository.js';
import { tenantsRoutes } from './tenants/tenants.routes.js';
import { createTenantsService } from './tenants/tenants.service.js';
import { timelogsDemo } from './timelogs/timelogs.demo.js';
import { timelogsRoutes } from './timelogs/timelogs.routes.js';
import { createTimelogsService } from './timelogs/timelogs.service.js';
import { twoFactorRoutes } from './twofactor/twofactor.routes.js';
import { createTwoFactorService } from './twofactor/twofactor.service.js';
import { userGroupsDemo } from './usergroups/usergroups.demo.js';
import { userGroupsRoutes } from './usergroups/usergroups.routes.js';
import { createUserGroupsService } from './usergroups/usergroups.service.js';
import { seedRoles } from './users/users.repository.js';
import { usersRoutes } from './users/users.routes.js';
import { createUsersService } from './users/users.service.js';

// The composition root: the one file that knows every module. A new module adds its service to
// createServices and its entry (routes, and reference data or demo content if any) to MODULES.

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

  const health = createHealthService({ db, redisUrl: config.redisUrl, storage });
  const audit = createAuditService({ db });
  const auth = createAuthService({ db, authenticator, hub });
  const media = createMediaService({ db, storage: storage.area('media'), log, limits: config.uploads });
  const tenants = createTenantsService({
    db,
    media,
    auth,
    features: tenantFeatures,
    audit,
    seedTenant: seedTenantDefaults,
  });
  // Tenants' own mail settings and templates dress and route every mail the mail service queues.
  const mailSettings = createMailSettingsService({
    db,
    tenants,
    audit,
    key: config.settingsKey,
    endpoints: config.mail.graph,
    log,
  });
  const mail = createMailService({ db, transport: mailTransport, log, tenantMail: mailSettings.tenantMail });
  const twofactor = createTwoFactorService({
    db,
    auth,
    audit,
    secret: config.jwtSecret,
    settingsKey: config.settingsKey,
  });
  const users = createUsersService({ db, auth, tenants, hub, audit, secret: config.jwtSecret, log });
  const usergroups = createUserGroupsService({ db });
  const passwords = createPasswordsService({ db, mail, auth, users, audit, publicUrl: config.publicUrl, log });
  const impersonation = createImpersonationService({ auth, tenants, users, audit, hub });
  const push = createPushService({
    db,
    vapid: { ...(config.vapid.keys ?? localVapidKeys(config.dataDir)), subject: config.vapid.subject },
    log,
    allowLoopback: config.pushAllowLoopback,
  });
  // 'Immediately' notifications also go out as web push to users with no live connection.
  const notifications = createNotificationsService({
    db,
    hub,
    mail,
    audit,
    config,
    log,
    push: {
      sendToUser: async (userId, message) => {
        await push.sendToUser(userId, message);
      },
    },
  });
  const timelogs = createTimelogsService({ db, notifications });
  const documents = createDocumentsService({
    db,
    storage: storage.area('documents'),
    log,
    maxBytes: config.documentMaxBytes,
    notifications,
  });
  // The digests and the time-log reminder, in every process: each claims per user and period (decision 027).
  const scheduler = config.notificationScheduleMs
    ? startScheduler({
        everyMs: config.notificationScheduleMs,
        log,
        jobs: [
          { name: 'notification digests', run: (now) => notifications.sendDigests(now) },
          { name: 'time-log reminder', run: (now) => timelogs.remindMissingHours(now) },
        ],
      })
    : null;
  const me = createMeService({ db, media, auth, notifications });
  const clients = createClientsService({ db, tenants, map: config.map });
  const tenantSettings = createTenantSettingsService({ db, media, tenants, hub, audit, videoHosts: config.videoHosts });
  const sprints = createSprintsService({ db, hub, log, audit, notifications });
  const tenantLists = createTenantListsService({ db, tenants, sprints, audit, log });
  const home = createHomeService({ tenantSettings });
  const chat = createChatService({ db, hub, log, notifications, push });
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
    mailSettings,
    auth,
    twofactor,
    media,
    tenants,
    users,
    usergroups,
    passwords,
    impersonation,
    notifications,
    push,
    me,
    office365,
    timelogs,
    documents,
    clients,
    tenantSettings,
    tenantLists,
    sprints,
    home,
    chat,
    scheduler,
  };
}
export type Services = ReturnType<typeof createServices>;

/**
 * Stops what services run in the background once the server has closed: queued reset mails first
 * (they feed the mail worker), then the mail worker and the upload sweep.
 */
export async function closeServices(services: Services) {
  await services.scheduler?.stop();
  await services.passwords.settled();
  services.passwords.stop();
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

export type ServerModule = {
  /** The module's routes, mounted under /core/api. */
  routes: FastifyPluginAsyncZod;
  /** The OpenAPI tags its routes introduce (routeOptions) and what each is for, shown in the reference. */
  tags?: Readonly<Record<string, string>>;
  /** Reference data every installation needs, written at start-up (idempotent). */
  seed?: (db: Db) => Promise<void>;
  /**
   * A new tenant's defaults of this module (tenant-owned rows), written in the transaction that
   * creates the tenant, in its scope (seedTenantDefaults).
   */
  tenantSeed?: (tx: Db, tenantId: string) => Promise<void>;
  /** Its demo content, written once on a fresh database when SEED_DEMO is on (demo-data.ts). */
  demo?: DemoStep;
};

/** A manifest module whose server half does not exist yet (its pages show 'not built'). */
export const NOT_BUILT = 'not built';
/** A manifest module that needs no routes of its own (its pages call other modules' routes). */
export const WEB_ONLY = 'web only';

/**
 * Every manifest module (the type asks for each one, as the web's registry does) and the server's own
 * modules (health, me, media, ...), in registration order.
 */
type ServerModules = { [M in ModuleKey]: ServerModule | typeof NOT_BUILT | typeof WEB_ONLY } & Record<
  string,
  ServerModule | typeof NOT_BUILT | typeof WEB_ONLY
>;

export const MODULES = {
  health: { routes: healthRoutes, tags: { health: 'Liveness and readiness for load balancers.' } },
  auth: {
    routes: authRoutes,
    tags: { auth: 'Sign in and out, renew the access token, choose the active tenant, view as another user.' },
  },
  twofactor: {
    routes: twoFactorRoutes,
    tags: { twofactor: 'Two-factor sign-in: the second step of signing in, and setting it up.' },
  },
  me: { routes: meRoutes, tags: { me: "The caller's own profile, settings, picture and consents." } },
  usergroups: {
    routes: userGroupsRoutes,
    tags: { usergroups: "The active tenant's user groups." },
    demo: userGroupsDemo,
  },
  tenants: {
    routes: tenantsRoutes,
    tags: { tenants: 'Tenants and their features (super administrators and partner managers).' },
    seed: seedFeatures,
  },
  media: { routes: mediaRoutes, tags: { media: 'Stored pictures and files.' } },
  users: {
    routes: usersRoutes,
    tags: { users: "The active tenant's users (administrators), their roles and imports." },
    seed: seedRoles,
  },
  impersonation: { routes: impersonationRoutes },
  passwords: {
    routes: passwordsRoutes,
    tags: { passwords: 'Forgotten passwords: ask for a reset link, set a new password with it.' },
  },
  mail: { routes: mailRoutes, tags: { mail: 'The mail outbox (super administrators).' } },
  notifications: {
    routes: notificationsRoutes,
    tags: { notifications: 'Notifications and their subscriptions.' },
    seed: seedEventTypes,
    tenantSeed: seedTenantEventTypes,
    demo: notificationsDemo,
  },
  push: { routes: pushRoutes, tags: { push: 'Web push subscriptions of the browser.' } },
  office365: { routes: office365Routes },
  timelogs: {
    routes: timelogsRoutes,
    tags: { timelogs: 'Weekly time logging: projects, tasks and hours.' },
    demo: timelogsDemo,
  },
  documents: {
    routes: documentsRoutes,
    tags: { documents: 'Documents, their types and files.', folders: 'Document folders.' },
    demo: documentsDemo,
  },
  clients: {
    routes: clientsRoutes,
    tags: { clients: 'Clients with their contacts and locations.' },
    demo: clientsDemo,
  },
  'tenant-settings': {
    routes: tenantSettingsRoutes,
    tags: {
      'tenant-settings': "A tenant's settings: description, info, lists, landing content, mail settings and template.",
    },
    demo: tenantListsDemo,
  },
  // The mail-sending settings and email template pages of tenant-settings (/tenants/emails/...).
  'mail-settings': { routes: mailSettingsRoutes, demo: mailSettingsDemo },
  audit: { routes: auditRoutes, tags: { audit: 'The audit log of administrative changes.' }, demo: auditDemo },
  home: { routes: homeRoutes, tags: { home: "The active tenant's home page and menu." }, demo: homeDemo },
  // The profile pages call me's routes; the error pages call none.
  profile: WEB_ONLY,
  errors: WEB_ONLY,
  maps: NOT_BUILT,
  news: NOT_BUILT,
  calendar: NOT_BUILT,
  messages: NOT_BUILT,
  chat: { routes: chatRoutes, tags: { chat: 'Chat conversations in the active tenant.' }, demo: chatDemo },
  feed: NOT_BUILT,
  todo: NOT_BUILT,
  poll: NOT_BUILT,
  phonebook: NOT_BUILT,
  employee: NOT_BUILT,
  absent: NOT_BUILT,
  marketplace: NOT_BUILT,
  whistleblow: NOT_BUILT,
  dataroom: NOT_BUILT,
  crm: NOT_BUILT,
  sprints: {
    routes: sprintsRoutes,
    tags: { sprints: 'Sprints: collaborations whose members bring ideas, vote and comment.' },
    demo: sprintsDemo,
  },
  toolbox: NOT_BUILT,
  personalplan: NOT_BUILT,
  onboarding: NOT_BUILT,
  playbook: NOT_BUILT,
  roleplay: NOT_BUILT,
  aiselling: NOT_BUILT,
} satisfies ServerModules;

/** The modules with a server half, in registration order. */
export const SERVER_MODULES: ServerModule[] = Object.values(MODULES as ServerModules).filter(
  (m): m is ServerModule => typeof m === 'object',
);

/** Writes every module's reference data (roles, features, notification event types). */
export async function seedReferenceData(db: Db) {
  for (const module of SERVER_MODULES) await module.seed?.(db);
}

/**
 * Writes every module's defaults for a new tenant (its `tenantSeed`): the tenants service calls it in
 * the transaction that creates a tenant, in that tenant's scope; the demo data and the test
 * factories write their tenants' defaults through it too.
 */
export async function seedTenantDefaults(tx: Db, tenantId: string) {
  for (const module of SERVER_MODULES) await module.tenantSeed?.(tx, tenantId);
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Connections to PostgreSQL per process: two per core, at least 4. Past that, backends only queue
 * for the CPU, and on a machine shared with PostgreSQL they also take it from the app
 * (bench/README.md).
 */
export const DEFAULT_POOL_SIZE = Math.max(4, 2 * availableParallelism());

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface the HTTP server binds to. */
  HOST: z.string().default('0.0.0.0'),
  /** Folder of the embedded database and other local state. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.url().optional(),
  /** Connections to DATABASE_URL per server process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(DEFAULT_POOL_SIZE),
  /** Redis server for the real-time hub's backplane between server processes; when unset, PostgreSQL LISTEN/NOTIFY carries it. */
  REDIS_URL: z.url().optional(),
  /** Seed demo tenants and accounts; defaults to true on the embedded database outside production only. */
  SEED_DEMO: bool,
  /** Secret that signs access tokens (32+ characters); generated into DATA_DIR when unset outside production. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Mark cookies Secure; defaults to true in production. */
  COOKIE_SECURE: bool,
  /** Trust X-Forwarded-* headers from a reverse proxy. */
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app served at /. */
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  /** Address users reach Atrium at, for links in mail; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** SMTP server for outgoing mail, as smtp(s)://user:password@host:port; unset keeps mail in the outbox. */
  SMTP_URL: z.url().optional(),
  /** Sender address of system mail. */
  MAIL_FROM: z.string().default('Atrium <no-reply@atrium.local>'),
  /**
   * Accounts that may send the daily notification mails from /tenants, comma-separated and
   * case-insensitive (super administrators only). Defaults to superadmin@atrium.test when demo data is
   * seeded, otherwise to nobody.
   */
  DAILY_MAIL_SENDERS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of email addresses')))
    .optional(),
  /** Bytes one user may upload (avatars, logos) in any hour; beyond it uploads answer 429. Default 20 MiB. */
  UPLOAD_BYTES_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(20 * 1024 * 1024),
  /** Minutes an upload no record shows is kept (a form may still be open) before the sweep removes it. */
  UPLOAD_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
  /** Minutes between two sweeps of unsaved uploads. */
  UPLOAD_SWEEP_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Microsoft 365 single sign-on: the Entra tenant (or 'common'), the app's client id and secret. */
  OFFICE365_TENANT_ID: z.string().optional(),
  OFFICE365_CLIENT_ID: z.string().optional(),
  OFFICE365_CLIENT_SECRET: z.string().optional(),
  /**
   * Entra tenants (tid) whose users may sign in, comma-separated. Defaults to OFFICE365_TENANT_ID;
   * required when that is 'common' or 'organizations', or any Entra tenant could sign in.
   */
  OFFICE365_ALLOWED_TENANT_IDS: z.string().optional(),
  /** OpenID issuer; defaults to Microsoft's v2.0 endpoint of OFFICE365_TENANT_ID. */
  OFFICE365_ISSUER: z.url().optional(),
  /** Scopes asked for at sign-in. */
  OFFICE365_SCOPE: z.string().default('openid profile email'),
  /** Show the Microsoft 365 button only on hosts matching this regular expression. */
  OFFICE365_HOST_PATTERN: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  seedDemo: boolean;
  jwtSecret: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string };
  /** Lower-cased addresses of the accounts that may send the daily mails. */
  dailyMailSenders: string[];
  office365: Office365Config | null;
  uploads: UploadLimits;
};

/** Per-user limits on stored uploads (README, "Uploads"). */
export type UploadLimits = {
  /** Bytes one user may upload in any hour. */
  bytesPerHour: number;
  /** How long an upload no record shows is kept. */
  graceMs: number;
  /** How often the sweep runs. */
  sweepEveryMs: number;
};

export type Office365Config = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
  scope: string;
  hostPattern: string | undefined;
  /** The Entra tenants whose ID tokens are accepted. */
  allowedTenantIds: string[];
};

/** Reads the environment once; fails listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset (as with `FOO= npm start`).
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET: required in production');
  }
  const dataDir = resolve(e.DATA_DIR);
  // Demo accounts have a published password: never seeded in production unless asked.
  const seedDemo = e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    seedDemo,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    // The demo's super administrator may try the button; a real installation names its senders.
    dailyMailSenders: e.DAILY_MAIL_SENDERS ?? (seedDemo ? ['superadmin@atrium.test'] : []),
    office365:
      e.OFFICE365_TENANT_ID && e.OFFICE365_CLIENT_ID && e.OFFICE365_CLIENT_SECRET
        ? {
            tenantId: e.OFFICE365_TENANT_ID,
            clientId: e.OFFICE365_CLIENT_ID,
            clientSecret: e.OFFICE365_CLIENT_SECRET,
            issuer: e.OFFICE365_ISSUER ?? `https://login.microsoftonline.com/${e.OFFICE365_TENANT_ID}/v2.0`,
            scope: e.OFFICE365_SCOPE,
            hostPattern: e.OFFICE365_HOST_PATTERN,
            allowedTenantIds: allowedTenants(e.OFFICE365_TENANT_ID, e.OFFICE365_ALLOWED_TENANT_IDS),
          }
        : null,
    uploads: {
      bytesPerHour: e.UPLOAD_BYTES_PER_HOUR,
      graceMs: e.UPLOAD_GRACE_MINUTES * 60_000,
      sweepEveryMs: e.UPLOAD_SWEEP_MINUTES * 60_000,
    },
  };
}

const MULTI_TENANT_AUTHORITIES = ['common', 'organizations', 'consumers'];

function allowedTenants(tenantId: string, list: string | undefined): string[] {
  const allowed = list
    ? list
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
    : [];
  if (allowed.length) return allowed;
  if (MULTI_TENANT_AUTHORITIES.includes(tenantId.toLowerCase())) {
    throw new Error(
      'Invalid configuration:\n  OFFICE365_ALLOWED_TENANT_IDS: required when OFFICE365_TENANT_ID is a multi-tenant authority',
    );
  }
  return [tenantId];
}

/** A per-installation secret kept in DATA_DIR, so sign-ins survive restarts of a dev machine. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { PRODUCT_NAME } from '@atrium/contracts';
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
  /**
   * PostgreSQL login that owns the tables and runs the migrations; defaults to DATABASE_URL. With it,
   * DATABASE_URL must be a login that is no superuser and owns nothing (decision 016).
   */
  MIGRATION_DATABASE_URL: z.url().optional(),
  /** Connections to DATABASE_URL per server process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(DEFAULT_POOL_SIZE),
  /** Redis server for the real-time hub's backplane between server processes; when unset, PostgreSQL LISTEN/NOTIFY carries it. */
  REDIS_URL: z.url().optional(),
  /** Seed demo tenants and accounts; defaults to true on the embedded database outside production only. */
  SEED_DEMO: bool,
  /** Secret that signs access tokens (32+ characters); generated into DATA_DIR when unset outside production. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Web push (VAPID) key pair, base64url as `npx web-push generate-vapid-keys` prints it; generated into
   * DATA_DIR when unset. Every server process must use the same pair (browsers subscribe with the public key).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key (65 bytes)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key (32 bytes)')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL; defaults to MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .optional(),
  /** Mark cookies Secure; defaults to true in production. */
  COOKIE_SECURE: bool,
  /** Trust X-Forwarded-* headers from a reverse proxy. */
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app served at /. */
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  /** Address users reach Atrium at, for links in mail; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /**
   * Hosts (host[:port]) besides Atrium's own that a tenant's landing page may embed a video from,
   * comma-separated (e.g. `www.youtube-nocookie.com,player.vimeo.com`); any other address is 'Unsafe url.'.
   */
  VIDEO_HOSTS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .optional(),
  /** SMTP server for outgoing mail, as smtp(s)://user:password@host:port; unset keeps mail in the outbox. */
  SMTP_URL: z.url().optional(),
  /** Sender address of system mail. */
  MAIL_FROM: z.string().default(`${PRODUCT_NAME} <no-reply@atrium.local>`),
  /** Where tenants' Microsoft Graph mail settings get their client-credentials tokens (Entra ID). */
  MAIL_GRAPH_LOGIN_URL: z.url().default('https://login.microsoftonline.com'),
  /** The Microsoft Graph API root tenants' mail goes through (sendMail). */
  MAIL_GRAPH_API_URL: z.url().default('https://graph.microsoft.com'),
  /**
   * Key (32 bytes, base64 or 64 hex digits) that encrypts stored secrets such as tenants' Graph client
   * secrets; generated into DATA_DIR when unset. Every server process must use the same key.
   */
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .refine((v) => parseKey(v) !== null, 'must be 32 bytes as base64 or 64 hex digits')
    .optional(),
  /**
   * Map tiles of the clients map, as a Leaflet URL template (https://tiles.example/{z}/{x}/{y}.png, {s}
   * for a subdomain); unset draws the map with no tiles. The web app's img-src allows this host only.
   */
  MAP_TILE_URL: z.string().refine(tileOriginOf, 'must be an http(s) URL template with {z}, {x} and {y}').optional(),
  /** Attribution shown on the map for those tiles (plain text). */
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
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
  /**
   * Seconds between two runs of the notification scheduler (the weekly, daily and monthly digests, the
   * time-log reminder); 0 turns it off. Default 60, and off under NODE_ENV=test (tests run it by hand).
   */
  NOTIFICATION_SCHEDULE_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
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
  /** Largest document file (POST/PATCH /documents/{id}/file), in bytes; beyond it uploads answer 413. Default 50 MiB. */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 * 1024),
  /** S3-compatible object storage for uploaded files, used instead of DATA_DIR when S3_BUCKET is set. */
  S3_BUCKET: z.string().optional(),
  /** The S3 service's address (MinIO, Ceph, ...); unset means AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  /** The bucket's region. */
  S3_REGION: z.string().default('us-east-1'),
  /** Access key; unset uses the AWS SDK's default credential chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Address the bucket in the path (endpoint/bucket/key), as most self-hosted S3 servers need. */
  S3_FORCE_PATH_STYLE: bool,
  /** Serve Prometheus metrics at GET /metrics on PORT to callers bearing this token (16+ characters). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Serve Prometheus metrics at GET /metrics on this port of HOST instead, without a token (keep it private). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Seconds a SIGTERM may take: unfinished requests and hub clients are cut off after it, then the process exits. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /**
   * OpenTelemetry traces (HTTP, PostgreSQL, Redis) are sent when either is set; the exporter reads
   * every other OTEL_* variable itself (OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_SERVICE_NAME, ...).
   */
  OTEL_TRACES_EXPORTER: z.string().optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
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

/** Every environment variable Atrium reads (deploy/compose.yaml may set no other). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The owner login migrations run with; undefined: databaseUrl's. */
  migrationDatabaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  seedDemo: boolean;
  jwtSecret: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  publicUrl: string;
  /** Hosts a landing page's video may come from: the public URL's host, then VIDEO_HOSTS. */
  videoHosts: string[];
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** Microsoft's endpoints tenants' Graph mail settings use (tests point them at a loopback peer). */
    graph: { authorityBaseUrl: string; graphBaseUrl: string };
  };
  /** The AES-256-GCM key of stored secrets (32 bytes). */
  settingsKey: Buffer;
  /** Lower-cased addresses of the accounts that may send the daily mails. */
  dailyMailSenders: string[];
  /** Milliseconds between two runs of the notification scheduler; 0: it does not run. */
  notificationScheduleMs: number;
  office365: Office365Config | null;
  uploads: UploadLimits;
  /** Tiles of the clients map; null: none configured. */
  map: { tileUrl: string | null; tileAttribution: string | null; tileOrigin: string | null };
  /** Largest document file in bytes. */
  documentMaxBytes: number;
  /** Object storage for uploads; null keeps them in DATA_DIR. */
  s3: S3Config | null;
  /** GET /metrics: off (null), on PORT behind a bearer token, or on a port of its own. */
  metrics: { token: string | null; port: number | null } | null;
  /** Milliseconds a graceful shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Whether OpenTelemetry traces are exported (main.ts loads the SDK only then). */
  tracing: boolean;
  /** The web push key pair (base64url; null: the push module keeps one in DATA_DIR) and the contact push services see. */
  vapid: { keys: VapidKeys | null; subject: string };
};

export type VapidKeys = { publicKey: string; privateKey: string };

export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
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
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
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
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    seedDemo,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    videoHosts: [
      ...new Set([new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).host.toLowerCase(), ...(e.VIDEO_HOSTS ?? [])]),
    ],
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      graph: {
        authorityBaseUrl: e.MAIL_GRAPH_LOGIN_URL.replace(/\/$/, ''),
        graphBaseUrl: e.MAIL_GRAPH_API_URL.replace(/\/$/, ''),
      },
    },
    settingsKey: e.SETTINGS_ENCRYPTION_KEY ? parseKey(e.SETTINGS_ENCRYPTION_KEY)! : localKey(dataDir),
    // The demo's super administrator may try the button; a real installation names its senders.
    dailyMailSenders: e.DAILY_MAIL_SENDERS ?? (seedDemo ? ['superadmin@atrium.test'] : []),
    notificationScheduleMs: (e.NOTIFICATION_SCHEDULE_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60)) * 1000,
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
    map: {
      tileUrl: e.MAP_TILE_URL ?? null,
      tileAttribution: e.MAP_TILE_ATTRIBUTION ?? null,
      tileOrigin: e.MAP_TILE_URL ? tileOriginOf(e.MAP_TILE_URL) : null,
    },
    uploads: {
      bytesPerHour: e.UPLOAD_BYTES_PER_HOUR,
      graceMs: e.UPLOAD_GRACE_MINUTES * 60_000,
      sweepEveryMs: e.UPLOAD_SWEEP_MINUTES * 60_000,
    },
    documentMaxBytes: e.DOCUMENT_MAX_BYTES,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
        }
      : null,
    metrics:
      e.METRICS_TOKEN || e.METRICS_PORT ? { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null } : null,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    tracing:
      (e.OTEL_TRACES_EXPORTER !== undefined && e.OTEL_TRACES_EXPORTER !== 'none') ||
      (e.OTEL_TRACES_EXPORTER === undefined &&
        !!(e.OTEL_EXPORTER_OTLP_ENDPOINT || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)),
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim()}`,
    },
  };
}

/**
 * The CSP source of a tile URL template: its origin, with a {s} subdomain as a wildcard label; null
 * when it is not an http(s) template with {z}, {x} and {y}.
 */
export function tileOriginOf(template: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((p) => template.includes(p))) return null;
  let url: URL;
  try {
    url = new URL(template.replaceAll('{s}', 'tile-subdomain').replace(/\{[a-z]+\}/g, '0'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url.origin.replace('tile-subdomain', '*');
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

/** A 32-byte key given as 64 hex digits or base64 (url-safe or not); null when it is neither. */
function parseKey(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) return null;
  const key = Buffer.from(v, 'base64');
  return key.length === 32 ? key : null;
}

/** The settings key kept in DATA_DIR when none is configured (like the JWT secret). */
function localKey(dataDir: string): Buffer {
  const file = join(dataDir, 'settings-key');
  if (existsSync(file)) {
    const key = parseKey(readFileSync(file, 'utf8'));
    if (key) return key;
    throw new Error(`Invalid configuration:\n  ${file}: not a 32-byte key`);
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return localKey(dataDir);
    throw err;
  }
  return key;
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import {
  bool,
  type ModuleConfig,
  type PageSources,
  type PlatformBasics,
  type ReportProblem,
  type SettingsSlice,
} from './settings.js';

// The platform's own settings. A module's settings are its own slice, the default export of its
// modules/<module>/<module>.config.ts, found here by that name and checked in the same pass, so that
// start-up lists every problem of every slice at once (docs/adding-a-module.md, "Settings").

/**
 * Connections to PostgreSQL per process: two per core, at least 4. Past that, backends only queue
 * for the CPU, and on a machine shared with PostgreSQL they also take it from the app
 * (bench/README.md).
 */
export const DEFAULT_POOL_SIZE = Math.max(4, 2 * availableParallelism());

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
   * Key (32 bytes, base64 or 64 hex digits) that encrypts stored secrets such as tenants' Graph client
   * secrets; generated into DATA_DIR when unset. Every server process must use the same key.
   */
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .refine((v) => parseKey(v) !== null, 'must be 32 bytes as base64 or 64 hex digits')
    .optional(),
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
});

const modulesDir = join(import.meta.dirname, 'modules');
/**
 * Every module's settings slice. Loaded before anything else (main.ts reads the configuration before
 * tracing patches the libraries the modules use), so a slice imports zod and settings.ts only.
 */
const MODULE_SETTINGS: readonly SettingsSlice[] = await Promise.all(
  readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.config\.ts$/.test(file))
    .sort()
    .map(async (file) => {
      const slice = (await import(pathToFileURL(join(modulesDir, file)).href)).default as SettingsSlice | undefined;
      if (!slice?.env || !slice.read) throw new Error(`modules/${file}: its default export is no defineSettings(...)`);
      return slice;
    }),
);

const shape = { ...envSchema.shape };
for (const slice of MODULE_SETTINGS) {
  for (const name of Object.keys(slice.env)) {
    if (name in shape) throw new Error(`Two settings slices read ${name}`);
  }
  Object.assign(shape, slice.env);
}
/** Every setting, the platform's and every module's, checked in one pass. */
const settingsSchema = z.object(shape);

/** Every environment variable Atrium reads (deploy/compose.yaml may set no other). */
export const SETTING_NAMES = Object.keys(shape);

/** The checked configuration: the platform's settings here, and what each module's slice adds. */
export type Config = PlatformConfig & ModuleConfig;

export type PlatformConfig = {
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
  /** What the modules' settings let the web app's page load from besides itself (img-src, frame-src). */
  pageSources: PageSources;
  /** The AES-256-GCM key of stored secrets (32 bytes). */
  settingsKey: Buffer;
  /** Object storage for uploads; null keeps them in DATA_DIR. */
  s3: S3Config | null;
  /** GET /metrics: off (null), on PORT behind a bearer token, or on a port of its own. */
  metrics: { token: string | null; port: number | null } | null;
  /** Milliseconds a graceful shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Whether OpenTelemetry traces are exported (main.ts loads the SDK only then). */
  tracing: boolean;
};

export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

/** Reads the environment once; fails listing every problem of every slice. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset (as with `FOO= npm start`).
  const parsed = settingsSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const all = parsed.data as Record<string, unknown>;
  const problems: string[] = [];
  const report: ReportProblem = (variable, message) => problems.push(`${variable}: ${message}`);
  const e = parsed.data as unknown as z.output<typeof envSchema>;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) report('JWT_SECRET', 'required in production');
  const dataDir = resolve(e.DATA_DIR);
  const basics: PlatformBasics = {
    env: e.NODE_ENV,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    // Demo accounts have a published password: never seeded in production unless asked.
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
  };
  const modules = MODULE_SETTINGS.map((slice) => slice.read(all, basics, report, all));
  if (problems.length) throw invalid(problems);
  const pageSources: PageSources = { img: [], frame: [] };
  MODULE_SETTINGS.forEach((slice, i) => {
    const sources = slice.pageSources?.(modules[i]!);
    pageSources.img.push(...(sources?.img ?? []));
    pageSources.frame.push(...(sources?.frame ?? []));
  });
  return Object.assign(
    {
      ...basics,
      pageSources,
      port: e.PORT,
      host: e.HOST,
      databaseUrl: e.DATABASE_URL,
      migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
      databasePoolSize: e.DATABASE_POOL_SIZE,
      redisUrl: e.REDIS_URL,
      jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
      cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
      trustProxy: e.TRUST_PROXY ?? false,
      logLevel: e.LOG_LEVEL,
      webDist: resolve(e.WEB_DIST),
      settingsKey: e.SETTINGS_ENCRYPTION_KEY ? parseKey(e.SETTINGS_ENCRYPTION_KEY)! : localKey(dataDir),
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
    } satisfies PlatformConfig,
    ...modules,
  ) as Config;
}

const invalid = (problems: string[]) =>
  new Error(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);

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

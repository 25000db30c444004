import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';
import { loggerOptions } from './app.js';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'nope', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/,
    );
  });

  it('lists a module’s bad variables with the platform’s, in one list', () => {
    // PORT is the platform's (config.ts); DOCUMENT_MAX_BYTES and VAPID_SUBJECT are the documents' and
    // push modules' own slices (modules/<module>/<module>.config.ts).
    expect(() => loadConfig({ PORT: 'abc', DOCUMENT_MAX_BYTES: '0', VAPID_SUBJECT: 'nobody' })).toThrow(
      /Invalid configuration:\n {2}PORT: [^\n]+\n {2}DOCUMENT_MAX_BYTES: [^\n]+\n {2}VAPID_SUBJECT: must be a mailto: or https: URL$/,
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const together = { NODE_ENV: 'production', DATA_DIR: dataDir, VAPID_PUBLIC_KEY: 'A'.repeat(87) };
    expect(() => loadConfig(together)).toThrow(
      /JWT_SECRET: required in production\n {2}VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY/,
    );
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')) })).toThrow(
      /JWT_SECRET/,
    );
  });

  it('seeds demo data on the embedded database only, unless asked', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@localhost/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@localhost/db', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
  });

  it('limits uploads to 20 MiB per user and hour, kept unsaved a day and swept hourly, unless told otherwise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).uploads).toEqual({
      bytesPerHour: 20 * 1024 * 1024,
      graceMs: 24 * 3_600_000,
      sweepEveryMs: 3_600_000,
    });
    const set = { UPLOAD_BYTES_PER_HOUR: '5000000', UPLOAD_GRACE_MINUTES: '90', UPLOAD_SWEEP_MINUTES: '5' };
    expect(loadConfig({ DATA_DIR: dir, ...set }).uploads).toEqual({
      bytesPerHour: 5_000_000,
      graceMs: 90 * 60_000,
      sweepEveryMs: 5 * 60_000,
    });
    expect(() => loadConfig({ DATA_DIR: dir, UPLOAD_BYTES_PER_HOUR: '20MB', UPLOAD_SWEEP_MINUTES: '0' })).toThrow(
      /UPLOAD_BYTES_PER_HOUR[\s\S]*UPLOAD_SWEEP_MINUTES/,
    );
  });

  it('reads DAILY_MAIL_SENDERS as lower-cased addresses; unset, only the demo super administrator with demo data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const pg = { DATA_DIR: dir, DATABASE_URL: 'postgres://x@localhost/db' };
    expect(loadConfig({ DATA_DIR: dir }).dailyMailSenders).toEqual(['superadmin@atrium.test']);
    expect(loadConfig(pg).dailyMailSenders).toEqual([]);
    expect(loadConfig({ ...pg, DAILY_MAIL_SENDERS: ' Ops@Example.com,, b@example.com ' }).dailyMailSenders).toEqual([
      'ops@example.com',
      'b@example.com',
    ]);
    expect(() => loadConfig({ ...pg, DAILY_MAIL_SENDERS: 'ops@example.com; b@example.com' })).toThrow(
      /DAILY_MAIL_SENDERS/,
    );
  });

  it('requires an allowlist of Entra tenants for multi-tenant Microsoft 365 sign-in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const sso = { OFFICE365_CLIENT_ID: 'c', OFFICE365_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ DATA_DIR: dir, ...sso, OFFICE365_TENANT_ID: 'common' })).toThrow(/ALLOWED_TENANT_IDS/);
    const single = loadConfig({ DATA_DIR: dir, ...sso, OFFICE365_TENANT_ID: 'contoso' });
    expect(single.office365?.allowedTenantIds).toEqual(['contoso']);
    const many = loadConfig({
      DATA_DIR: dir,
      ...sso,
      OFFICE365_TENANT_ID: 'common',
      OFFICE365_ALLOWED_TENANT_IDS: 'a, b',
    });
    expect(many.office365?.allowedTenantIds).toEqual(['a', 'b']);
  });

  it('keeps one generated secret per data folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });
});

describe('the HTTP surface', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('GET /core/api/health answers ok', async () => {
    const res = await ctx.app.inject({ url: '/core/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves the OpenAPI document and the browsable reference', async () => {
    const doc = await ctx.app.inject({ url: '/core/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/auth/login'].post).toBeDefined();
    const ui = await ctx.app.inject({ url: '/core/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with problem+json 404', async () => {
    const res = await ctx.app.inject({ url: '/core/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('serving the web app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Atrium shell</title>');
    ctx = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(() => ctx.close());

  it('serves index.html at / and for deep links', async () => {
    for (const url of ['/', '/users/0b8f7c1e-1111-4111-8111-111111111111', '/tenants/new?x=1']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Atrium shell');
    }
  });

  it('does not answer missing assets or API paths with the shell', async () => {
    expect((await ctx.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/core/api/missing' })).statusCode).toBe(404);
  });
});

describe('logging', () => {
  it('redacts authorization, cookies, passwords and access_token query parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({
      JWT_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'log-')),
    });
    const app = Fastify({ logger: { ...(loggerOptions(config) as object), stream } });
    app.post('/core/tenantHub', async (request) => {
      request.log.info({ body: request.body }, 'got body');
      return {};
    });
    await app.inject({
      method: 'POST',
      url: '/core/tenantHub?id=abc&access_token=SECRET-TOKEN',
      headers: { authorization: 'Bearer SECRET-BEARER', cookie: 'atrium_refresh=SECRET-COOKIE' },
      payload: { password: 'SECRET-PASSWORD' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/core/tenantHub?id=abc&access_token=[REDACTED]');
    for (const secret of ['SECRET-TOKEN', 'SECRET-BEARER', 'SECRET-COOKIE', 'SECRET-PASSWORD']) {
      expect(log).not.toContain(secret);
    }
  });
});

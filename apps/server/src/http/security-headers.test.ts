import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/harness.js';
import { multipart, PNG } from '../../test/multipart.js';
import { CSP_NONCE_PLACEHOLDER } from './web-app.js';

/** The CSP as directive -> sources. */
function cspOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectBaseHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(cspOf(res).get('frame-ancestors')).toEqual(["'none'"]);
}

describe('security headers on API answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('are on answers, errors, 404s and framework errors, and an API answer loads nothing', async () => {
    const answers = [
      await ctx.app.inject({ url: '/core/api/health' }),
      await ctx.app.inject({ url: '/core/api/me/info' }),
      await ctx.app.inject({ method: 'POST', url: '/core/api/auth/login', payload: { email: 'x' } }),
      await ctx.app.inject({ url: '/core/api/nope' }),
      await ctx.app.inject({ url: '/nope.js' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 400, 404, 404]);
    for (const res of answers) {
      expectBaseHeaders(res);
      expect(cspOf(res).get('default-src')).toEqual(["'none'"]);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers a malformed URL with problem+json and the same headers', async () => {
    const res = await ctx.app.inject({ url: '/core/api/users/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, code: 'FST_ERR_BAD_URL' });
    expectBaseHeaders(res);
  });

  it('sends no HSTS for a claimed X-Forwarded-Proto when the proxy is not trusted', async () => {
    const res = await ctx.app.inject({ url: '/core/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives the API docs a policy of their own that still forbids framing', async () => {
    const res = await ctx.app.inject({ url: '/core/api/docs/' });
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res);
    expect(cspOf(res).get('script-src')).toEqual(["'self'"]);
  });

  describe('Cache-Control', () => {
    it('is no-store on sign-in, refresh and every authenticated answer', async () => {
      const user = await ctx.factories.user();
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/core/api/auth/login',
        payload: { email: user.email, password: ctx.factories.PASSWORD, rememberMe: false },
      });
      expect(login.statusCode).toBe(200);
      expect(login.headers['cache-control']).toBe('no-store');
      const cookie = login.cookies.find((c) => c.name === 'atrium_refresh')!.value;
      const refresh = await ctx.app.inject({
        method: 'POST',
        url: '/core/api/auth/refresh',
        cookies: { atrium_refresh: cookie },
      });
      expect(refresh.statusCode).toBe(200);
      expect(refresh.headers['cache-control']).toBe('no-store');
      const auth = bearer(refresh.json().token);
      for (const url of ['/core/api/me/info', '/core/api/me/generaldata']) {
        const res = await ctx.app.inject({ url, headers: auth });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      // Errors too: a refused refresh.
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/core/api/auth/refresh',
        cookies: { atrium_refresh: 'made-up' },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
    });

    it('leaves a public immutable file its own caching', async () => {
      const me = await ctx.actor(['User']);
      const form = multipart(PNG, 'a.png');
      const upload = await ctx.app.inject({
        method: 'POST',
        url: '/core/api/me/avatar',
        headers: { ...me.auth, ...form.headers },
        payload: form.payload,
      });
      expect(upload.statusCode).toBe(201);
      expect(upload.headers['cache-control']).toBe('no-store');
      const file = await ctx.app.inject({ url: upload.json().path });
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});

describe('security headers behind a trusted proxy, and the web app page', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><title>Atrium shell</title>` +
        `<script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/assets/app.js"></script>`,
    );
    writeFileSync(join(dist, 'assets/app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
    writeFileSync(join(dist, 'assets/app.js.map'), '{"version":3,"sources":["secret.ts"]}');
    writeFileSync(
      join(dist, 'assets/app.js.br'),
      brotliCompressSync('console.log(1);\n//# sourceMappingURL=app.js.map'),
    );
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Atrium"}');
    ctx = await createTestApp({ WEB_DIST: dist, TRUST_PROXY: 'true', VIDEO_HOSTS: 'player.vimeo.com' });
  });
  afterAll(() => ctx.close());

  it('sends HSTS only when the request came over HTTPS', async () => {
    const https = await ctx.app.inject({ url: '/core/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const page = await ctx.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBeDefined();
    const http = await ctx.app.inject({ url: '/core/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the page with a strict CSP whose style nonce is new on every answer and templated into the page', async () => {
    const first = await ctx.app.inject({ url: '/' });
    const second = await ctx.app.inject({ url: '/users/0b8f7c1e-1111-4111-8111-111111111111' });
    const nonces = [first, second].map((res) => {
      expect(res.statusCode).toBe(200);
      expectBaseHeaders(res);
      const csp = cspOf(res);
      expect(res.headers['content-security-policy']).not.toContain('unsafe');
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      // Frames: Atrium's own host and the operator's video hosts only (tenants' home videos).
      expect(csp.get('frame-src')).toEqual(["'self'", ...ctx.app.config.videoHosts]);
      expect(csp.get('frame-src')).toContain('player.vimeo.com');
      const style = csp.get('style-src')!;
      expect(style[0]).toBe("'self'");
      const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(style[1] ?? '')?.[1];
      expect(nonce).toBeDefined();
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('never serves source maps, nor the page without its nonce', async () => {
    const script = await ctx.app.inject({ url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toContain('immutable');
    expectBaseHeaders(script);
    const map = await ctx.app.inject({ url: '/assets/app.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    const raw = await ctx.app.inject({ url: '/index.html' });
    expect(raw.statusCode).toBe(404);
  });

  it('sends the build’s brotli copy of an asset to a browser that accepts it, with the same headers', async () => {
    const br = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expectBaseHeaders(br);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log(1)');
    const plain = await ctx.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log(1)');
  });

  it('serves the service worker with a policy of its own (fetch our origin, nothing else), always revalidated', async () => {
    const sw = await ctx.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const csp = cspOf(sw);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(sw.headers['content-security-policy']).not.toContain('unsafe');
    // Other files keep the API's inert policy.
    const manifest = await ctx.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-security-policy']).toContain("default-src 'none'");
    expect(manifest.headers['content-security-policy']).not.toContain('connect-src');
  });
});

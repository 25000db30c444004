import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type Directives = Record<string, string[]>;

/**
 * The policy of every answer that is not the web app's page (JSON, problem+json, media, files): it
 * loads nothing, runs nothing and may not be framed, so a JSON answer opened as a page is inert.
 */
const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Hosts beyond our own that the web app's page may load from. */
export type PageSources = {
  /** Images: the clients map's tile host (MAP_TILE_URL), when there is one. */
  img: string[];
  /** Frames: the hosts a tenant's home page may embed a video from (VIDEO_HOSTS). */
  frame: string[];
};
const NO_SOURCES: PageSources = { img: [], frame: [] };

/**
 * The web app's page (docs/decisions/015-content-security-policy.md). Scripts come from our origin
 * only; Mantine's <style> elements carry the per-request nonce, and no style attribute in markup is
 * allowed (React sets styles through the CSSOM, which a policy does not govern). 'self' in connect-src
 * also covers the hub's ws:/wss: on the same host and port (CSP Level 3).
 */
function webAppDirectives(styleNonce: string, { img, frame }: PageSources): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", `'nonce-${styleNonce}'`],
    'style-src-attr': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:', ...img],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'self'", ...frame],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The web app page's policy in place of the API's, on this one answer. */
export function applyWebAppCsp(reply: FastifyReply, styleNonce: string, sources: PageSources = NO_SOURCES) {
  const csp = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: webAppDirectives(styleNonce, sources),
  });
  csp(reply.request.raw, reply.raw, () => {});
}

/**
 * The service worker's own policy (apps/web/src/sw.ts): it fetches and caches our origin's pages and
 * files and shows notifications with our icons; nothing else.
 */
export const SERVICE_WORKER_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Swagger UI sets styles inline all over; the API docs are a developer's page, kept apart from the app. */
export const API_DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
  // Sent only when the request came over HTTPS: see the hook below.
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
} satisfies HelmetOptions;

/**
 * helmet's middleware, built once: `@fastify/helmet` builds it anew on every request (its directives
 * parsed, its header values rendered), which cost the users list about 6 µs a request (bench/README).
 */
const setHelmetHeaders = helmet(HELMET_OPTIONS);

/** A year, as browsers' preload lists ask; subdomains too, since every Atrium host is HTTPS-only once it is. */
const HSTS = 'max-age=31536000; includeSubDomains';

function setHeaders(request: FastifyRequest, reply: FastifyReply) {
  setHelmetHeaders(request.raw as IncomingMessage, reply.raw as ServerResponse, () => {});
  // request.protocol reads X-Forwarded-Proto only with TRUST_PROXY: a client cannot ask for HSTS.
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/** The same headers on a raw answer that never reaches a route's hooks (Fastify's framework errors). */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  setHeaders(request, reply);
  reply.header('cache-control', 'no-store');
}

/**
 * Security headers on every answer (API, web app, errors, 404s), and `Cache-Control: no-store` on
 * every answer that does not choose its own caching and on every authenticated one, whatever it chose.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    // Callback hooks: neither waits for anything, and an async hook costs a promise and a turn.
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request, reply);
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      // An answer for a signed-in caller must never be kept by a browser or a shared cache.
      if (request.principal || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC } from '@atrium/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { applyWebAppCsp, type PageSources, SERVICE_WORKER_CSP } from './security-headers.js';

/** What the web build writes where each answer's CSP nonce goes (apps/web/vite.config.ts, html.cspNonce). */
export const CSP_NONCE_PLACEHOLDER = '__ATRIUM_CSP_NONCE__';

/**
 * Serves the built web app at / and its index.html for every deep link the SPA router owns.
 * Unknown API paths and missing files get problem+json 404s instead, a known path with a method it does
 * not serve 405 with `Allow`.
 */
export async function registerWebApp(app: FastifyInstance, root: string, sources?: PageSources) {
  const indexFile = join(root, 'index.html');
  // The page split where the nonce goes, so each answer is a join rather than a search.
  const indexParts = existsSync(indexFile) ? readFileSync(indexFile, 'utf8').split(CSP_NONCE_PLACEHOLDER) : null;
  if (!indexParts) app.log.warn({ root }, 'web app not built: run `npm run build` to serve it');

  if (indexParts) {
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, policy: PUBLIC };
      });
      await web.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build's .br and .gz copies, for browsers that accept them (apps/web/vite.config.ts).
        preCompressed: true,
        // index.html only with its nonce (below); source maps never, even when a build made them.
        globIgnore: ['index.html', '**/*.map'],
        setHeaders(res, path) {
          // Hashed assets never change; anything else must be revalidated (the service worker too, so
          // that a deploy's new worker is found at once).
          res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
          // A worker runs under the policy its script came with: the API's 'none' would stop it fetching.
          if (path.endsWith('/sw.js')) res.header('content-security-policy', SERVICE_WORKER_CSP);
        },
      });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !path.startsWith('/core/') && !/\.\w+$/.test(path);
    if (indexParts && isPage) {
      // A fresh nonce per answer: only the <style> elements this page's own code adds carry it.
      const nonce = randomBytes(16).toString('base64');
      applyWebAppCsp(reply, nonce, sources);
      return reply.header('cache-control', 'no-cache').type('text/html').send(indexParts.join(nonce));
    }
    const allowed = app.allowedMethods(path);
    if (allowed.length) {
      const detail = `${path} answers ${allowed.join(', ')}`;
      return reply.status(405).header('allow', allowed.join(', ')).type('application/problem+json').send({
        type: 'about:blank',
        title: 'Method not allowed',
        status: 405,
        detail,
        code: 'methodNotAllowed',
        instance: path,
      });
    }
    return reply
      .status(404)
      .type('application/problem+json')
      .send({ type: 'about:blank', title: 'Not found', status: 404, code: 'notFound', instance: path });
  });
}

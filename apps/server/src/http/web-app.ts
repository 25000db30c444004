import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC } from '@atrium/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app at / and its index.html for every deep link the SPA router owns.
 * Unknown API paths and missing files get problem+json 404s instead.
 */
export async function registerWebApp(app: FastifyInstance, root: string) {
  const indexFile = join(root, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile) : null;
  if (!index) app.log.warn({ root }, 'web app not built: run `npm run build` to serve it');

  if (index) {
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, policy: PUBLIC };
      });
      await web.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders(res, path) {
          // Hashed assets never change; anything else must be revalidated.
          res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !path.startsWith('/core/') && !/\.\w+$/.test(path);
    if (index && isPage) return reply.header('cache-control', 'no-cache').type('text/html').send(index);
    return reply
      .status(404)
      .type('application/problem+json')
      .send({ type: 'about:blank', title: 'Not found', status: 404, code: 'notFound', instance: path });
  });
}

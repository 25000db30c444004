import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC } from '@atrium/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app at / and index.html for every deep link the SPA router owns. */
export async function webAppPlugin(app: FastifyInstance, { root }: { root: string }) {
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve it');
    return;
  }
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, policy: PUBLIC };
  });
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      // Hashed assets never change; the HTML shell must always be revalidated.
      res.raw.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/core/') || /\.\w+$/.test(path)) {
      return reply.status(404).type('application/problem+json').send({ type: 'about:blank', title: 'Not found', status: 404, instance: path });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

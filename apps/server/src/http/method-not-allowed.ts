import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { MAX_PARAM_LENGTH } from './server-limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route serves on this path (none: the path is unknown), for 405's `Allow`. */
    allowedMethods(path: string): string[];
  }
}

/**
 * Knows every route's path as the router matches it, so that the not-found handler can tell a path
 * that exists with other methods (405 with `Allow`, RFC 9110 §15.5.6) from one that does not (404).
 * Fastify's router answers both alike; this mirror matches as it does (same trailing-slash and
 * parameter-length options) and is asked only on the way to a 404.
 */
export const methodNotAllowedPlugin = fp(
  async (app: FastifyInstance) => {
    const router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH });
    const methods = new Set<HTTPMethod>();
    const added = new Set<string>();
    app.addHook('onRoute', (route) => {
      for (const method of ([] as string[]).concat(route.method) as HTTPMethod[]) {
        const key = `${method} ${route.url}`;
        if (added.has(key)) continue;
        added.add(key);
        methods.add(method);
        router.on(method, route.url, () => {});
      }
    });
    app.decorate('allowedMethods', (path: string) => [...methods].filter((m) => router.find(m, path) !== null).sort());
  },
  { name: 'method-not-allowed' },
);

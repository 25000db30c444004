import { MEDIA_PATH, PUBLIC } from '@atrium/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { routeOptions } from '../../http/route-options.js';
import { CONTENT_TYPES } from '../../storage/images.js';
import { MEDIA_PREFIX } from '../../storage/uploads.js';

const route = routeOptions(['media']);

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { media } = app.services;

  app.get(
    '/media/:file',
    // Logos and pictures show in <img> tags, which send no bearer token; names are random and unguessable.
    route(PUBLIC, 'An uploaded logo or profile picture', {
      params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|svg|ico)$/) }),
      produces: Object.values(CONTENT_TYPES),
    }),
    async (request, reply) => {
      const { file } = request.params;
      if (!MEDIA_PATH.test(`${MEDIA_PREFIX}${file}`)) throw new AppError('notFound');
      const data = await media.read(file);
      if (!data) throw new AppError('notFound');
      const ext = file.slice(file.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
      // Tenant logos show in mails, which webmail pages load from their own origin; every other file
      // keeps the same-origin policy of every answer.
      if (await media.isTenantLogo(`${MEDIA_PREFIX}${file}`))
        reply.header('cross-origin-resource-policy', 'cross-origin');
      return (
        reply
          .type(CONTENT_TYPES[ext])
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own runs nothing and loads nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(data)
      );
    },
  );
};

import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, fieldError } from '../http/errors.js';
import { ImageRejected } from './image-rejected.js';
import { detectImage } from './images.js';
import type { FileStorage } from './storage.js';

/** Where stored media are served; a stored file's path is this prefix plus its key. */
export const MEDIA_PREFIX = '/core/api/media/';

/**
 * A module's upload routes, in a context of their own with the multipart parser: its hooks (a close
 * listener, a preValidation and a clean-up onResponse) run on these routes only, not on every read of
 * the module. An upload is one file part of at most `maxBytes` and nothing else. Register it with
 * `await`, where the routes belong.
 */
export const uploadRoutes =
  (maxBytes: number, routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod =>
  async (app, options) => {
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
    // The OpenAPI document describes these routes' multipart body from this (http/openapi.ts).
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, upload: { maxBytes } };
    });
    await routes(app, options);
  };

/**
 * The bytes of the multipart field `file` of an upload request, the body's one and only part: 400 when
 * there is no file, the body is not well-formed multipart, or it holds a text field or a second part;
 * 413 as soon as the file passes the route's size limit (the rest of the body is not read).
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw fieldError('file', 'required', 'Send the file as multipart/form-data');
  }
  try {
    const parts = request.parts();
    const first = await parts.next();
    if (first.done || first.value.type !== 'file' || first.value.fieldname !== 'file') {
      throw fieldError('file', 'required', 'No file was sent');
    }
    const { file } = first.value;
    // Past the limit the parser passes no more bytes but reads the body to its end: refuse at once.
    file.once('limit', () => file.destroy(new UploadTooLarge()));
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    if (file.truncated) throw new UploadTooLarge();
    // Anything after the file (another file, a field) is refused by the parser's limits (errors.ts: 400).
    await parts.next();
    return Buffer.concat(chunks);
  } catch (err) {
    // The multipart plugin's own errors (limits) carry their status; the parser's (busboy: no
    // boundary, a body that ends early, a malformed part) do not, and only the body can cause them.
    if (err instanceof AppError || hasClientStatus(err)) throw err;
    request.log.info({ err }, 'malformed multipart body');
    throw fieldError('file', 'malformedUpload', 'The upload is not well-formed multipart/form-data');
  }
}

/** A file past its route's limit: 413 problem+json (errors.ts closes the connection). */
class UploadTooLarge extends Error {
  readonly statusCode = 413;
  readonly code = 'FST_REQ_FILE_TOO_LARGE';
  constructor() {
    super('request file too large');
  }
}

const hasClientStatus = (err: unknown) => {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** Checks an uploaded image by its content, stores the (sanitised) image and answers its key and path. */
export async function storeImage(storage: FileStorage, data: Buffer) {
  let kind: Awaited<ReturnType<typeof detectImage>>;
  try {
    kind = await detectImage(data);
  } catch (err) {
    if (err instanceof ImageRejected) {
      throw fieldError('file', 'unsupportedImage', err.message);
    }
    throw err;
  }
  const key = `${randomUUID()}.${kind.ext}`;
  await storage.put(key, kind.data);
  return { key, path: `${MEDIA_PREFIX}${key}`, ext: kind.ext, data: kind.data };
}

import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import { ImageRejected } from './image-rejected.js';
import { detectImage } from './images.js';
import type { FileStorage } from './storage.js';

/** Where stored media are served; a stored file's path is this prefix plus its key. */
export const MEDIA_PREFIX = '/core/api/media/';

/**
 * The bytes of the multipart field `file` of an upload request; 400 when there is none or the body is
 * not well-formed multipart, 413 above the route's limits.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('validation', 'Send the file as multipart/form-data', [{ field: 'file', message: 'required' }]);
  }
  try {
    const file = await request.file();
    if (!file) throw new AppError('validation', 'No file was sent', [{ field: 'file', message: 'required' }]);
    return await file.toBuffer();
  } catch (err) {
    // The multipart plugin's own errors (limits: 413) carry their status; the parser's (busboy: no
    // boundary, a body that ends early, a malformed part) do not, and only the body can cause them.
    if (err instanceof AppError || hasClientStatus(err)) throw err;
    request.log.info({ err }, 'malformed multipart body');
    throw new AppError('validation', 'The upload is not well-formed multipart/form-data', [
      { field: 'file', message: 'malformedUpload' },
    ]);
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
      throw new AppError('validation', err.message, [{ field: 'file', message: 'unsupportedImage' }]);
    }
    throw err;
  }
  const key = `${randomUUID()}.${kind.ext}`;
  await storage.put(key, kind.data);
  return { key, path: `${MEDIA_PREFIX}${key}`, ext: kind.ext, data: kind.data };
}

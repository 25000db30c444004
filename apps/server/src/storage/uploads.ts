import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import { detectImage, ImageRejected } from './images.js';
import type { FileStorage } from './storage.js';

/** Where stored media are served; a stored file's path is this prefix plus its key. */
export const MEDIA_PREFIX = '/core/api/media/';

/** The bytes of the multipart field `file` of an upload request; 400 when there is none. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('validation', 'Send the file as multipart/form-data', [{ field: 'file', message: 'required' }]);
  }
  const file = await request.file();
  if (!file) throw new AppError('validation', 'No file was sent', [{ field: 'file', message: 'required' }]);
  return file.toBuffer();
}

/** Checks an uploaded image by its content, stores the (sanitised) image and answers its key and path. */
export async function storeImage(storage: FileStorage, data: Buffer) {
  let kind: ReturnType<typeof detectImage>;
  try {
    kind = detectImage(data);
  } catch (err) {
    if (err instanceof ImageRejected) {
      throw new AppError('validation', err.message, [{ field: 'file', message: 'unsupportedImage' }]);
    }
    throw err;
  }
  const key = `${randomUUID()}.${kind.ext}`;
  await storage.put(key, kind.data);
  return { key, path: `${MEDIA_PREFIX}${key}` };
}

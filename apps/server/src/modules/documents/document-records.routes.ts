import {
  type AccessPolicy,
  can,
  documentBodySchema,
  documentListQuerySchema,
  documentPageSchema,
  documentSchema,
  documentUpdateSchema,
  extensionOf,
  POLICIES,
} from '@atrium/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../http/errors.js';
import { idParams, noContent } from '../../http/route-options.js';
import { principalOf, tenantOf } from '../../http/tenant-context.js';
import { uploadRoutes } from '../../storage/uploads.js';
import { safeFileName } from './document-file.js';
import { admins, created, members, route } from './documents.route-options.js';
import { FileTooLarge, type IncomingFile } from './documents.service.js';

/** Shown in the browser rather than saved: raster images only (an SVG can carry script). */
const INLINE_TYPES = new Set(['png', 'jpg', 'jpeg', 'ico']);

/** Documents (spec part 2 §7, under /api/documents): the records, and their files streamed up and down. */
export const documentRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents } = app.services;
  const maxBytes = app.config.documentMaxBytes;

  /** The multipart field `file`, streamed; 400 when there is none, 413 when the body is plainly too large. */
  async function incomingFile(request: FastifyRequest): Promise<IncomingFile> {
    if (!request.isMultipart()) {
      throw fieldError('file', 'required', 'Send the file as multipart/form-data');
    }
    // Multipart framing adds well under 64 KiB; a body past that is refused before it is read.
    if (Number(request.headers['content-length'] ?? 0) > maxBytes + 64 * 1024) throw new FileTooLarge(maxBytes);
    const parts = request.parts();
    let part: Awaited<ReturnType<typeof parts.next>>['value'];
    try {
      part = (await parts.next()).value;
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) throw err;
      request.log.info({ err }, 'malformed multipart body');
      throw fieldError('file', 'malformedUpload', 'The upload is not well-formed multipart/form-data');
    }
    if (part?.type !== 'file' || part.fieldname !== 'file') {
      throw fieldError('file', 'required', 'No file was sent');
    }
    const { file } = part;
    // Listened to at once: the body may fail before the service reads it (it is then the client's fault).
    file.on('error', (err: unknown) => request.log.debug({ err }, 'upload stream failed'));
    // Past the limit the parser passes no more bytes but reads the body to its end: refuse at once.
    file.once('limit', () => file.destroy(new FileTooLarge(maxBytes)));
    // A second part (or a field) after the file: the parser's limits refuse it (errors.ts: 400).
    return { filename: part.filename, file, rest: async () => void (await parts.next()) };
  }

  app.get(
    '/documents/loadallfrom/:id',
    route(
      members,
      'Documents of one document type (spec: loadallfrom/{id}; the same as /documenttypes/{id}/documents)',
      { params: idParams, response: { 200: z.array(documentSchema) } },
    ),
    async (request) => documents.documentsOfType(tenantOf(request), request.params.id),
  );

  app.get(
    '/documents',
    route(admins, 'Documents of the active tenant: search on the title, sort by title or updatedAt, paged', {
      querystring: documentListQuerySchema,
      response: { 200: documentPageSchema },
    }),
    async (request) => documents.listDocuments(tenantOf(request), request.query),
  );

  app.get(
    '/documents/loadOneDocument/:id',
    route(admins, 'One document', { params: idParams, response: { 200: documentSchema } }),
    async (request) => documents.getDocument(tenantOf(request), request.params.id),
  );

  app.post(
    '/documents/postdocument',
    route(members, 'Create a document record (step one; then POST /documents/{id}/file)', {
      description:
        'The record is listed only once its file is stored; a refused or failed first upload removes it, ' +
        'and a record left without a file for a day is removed when the tenant next creates one.',
      body: documentBodySchema,
      response: { 201: created },
    }),
    async (request, reply) => reply.status(201).send(await documents.createDocument(tenantOf(request), request.body)),
  );

  app.patch(
    '/documents/updatedocument',
    route(admins, 'Update a document’s title and type (then PATCH /documents/{id}/file to replace the file)', {
      body: documentUpdateSchema,
      response: { 200: documentSchema },
    }),
    async (request) => documents.updateDocument(tenantOf(request), request.body),
  );

  app.delete(
    '/documents/:id',
    route(admins, 'Delete a document and its file', { params: idParams, response: noContent }),
    async (request, reply) => {
      await documents.deleteDocument(tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const fileRoute = (policy: AccessPolicy, summary: string) =>
    route(policy, summary, {
      description:
        'multipart/form-data with one field `file`, streamed to storage. The content must be what the name says ' +
        '(400 fileTypeMismatch), programs and scripts are refused (400 fileTypeRefused), and a file over ' +
        'DOCUMENT_MAX_BYTES answers 413.',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 200: documentSchema },
    });

  await app.register(
    uploadRoutes(maxBytes, async (uploads) => {
      uploads.post(
        '/documents/:id/file',
        fileRoute(members, 'Upload the file of a new document (step two)'),
        async (request) => {
          const tenantId = tenantOf(request);
          const isAdmin = can(principalOf(request), POLICIES.tenantAdmins);
          const hadFile = await documents.ensureDocument(tenantId, request.params.id, { mayReplace: isAdmin });
          try {
            return await documents.storeFile(tenantId, request.params.id, await incomingFile(request), {
              mayReplace: isAdmin,
              by: principalOf(request).userId,
            });
          } catch (err) {
            // Refused (type, size, malformed) or cut off: the new document goes with its file.
            if (!hadFile) await documents.discardUnfiled(tenantId, request.params.id);
            throw err;
          }
        },
      );

      uploads.patch('/documents/:id/file', fileRoute(admins, 'Replace the file of a document'), async (request) => {
        const tenantId = tenantOf(request);
        await documents.ensureDocument(tenantId, request.params.id, { mayReplace: true });
        return documents.storeFile(tenantId, request.params.id, await incomingFile(request), { mayReplace: true });
      });
    }),
  );

  app.get(
    '/documents/:id/file',
    route(members, 'Download a document’s file', {
      description:
        'Streamed. Raster images (png, jpg, ico) come inline, everything else, SVG included, as an attachment; ' +
        'always with nosniff and a sandboxing Content-Security-Policy.',
      params: idParams,
      produces: ['*/*'],
    }),
    async (request, reply) => {
      const file = await documents.readFile(tenantOf(request), request.params.id);
      const inline = INLINE_TYPES.has(extensionOf(file.fileName)) && file.contentType.startsWith('image/');
      return (
        reply
          .type(file.contentType)
          .header('content-length', String(file.size))
          // Cleaned again: names stored before a rule was added keep what it removes.
          .header(
            'content-disposition',
            contentDisposition(safeFileName(file.fileName), { type: inline ? 'inline' : 'attachment' }),
          )
          .header('x-content-type-options', 'nosniff')
          // Opened on its own, the file runs nothing and loads nothing (an SVG's script included).
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(file.stream)
      );
    },
  );
};

import { Readable } from 'node:stream';
import {
  type DocumentBody,
  type DocumentListQuery,
  type DocumentTypeBody,
  type DocumentTypeListQuery,
  type DocumentUpdate,
  FOLDER_CYCLE,
  type FolderBody,
  type FolderUpdate,
  href,
} from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { checkUpload } from './document-file.js';
import * as repo from './documents.repository.js';

/** Where a document's file downloads. */
export const documentFilePath = (id: string) => `/core/api/documents/${id}/file`;

const toDocument = ({ fileKey, ...row }: repo.DocumentRow) => ({
  ...row,
  documentPath: fileKey ? documentFilePath(row.id) : null,
});

const typeNameTaken = (name: string) =>
  new AppError('conflict', `A document type named "${name.trim()}" already exists`, [
    { field: 'name', message: 'documentTypeNameTaken' },
  ]);

type DbError = { code?: string; constraint?: string; cause?: DbError };

/** The same refusal when a concurrent save took the name between the check and the write. */
function typeNameConflict(err: unknown, name: string): unknown {
  const e = typeof err === 'object' && err !== null ? (err as DbError) : undefined;
  const dbError = e?.code ? e : e?.cause;
  return dbError?.code === '23505' && dbError.constraint === repo.TYPE_NAME_INDEX ? typeNameTaken(name) : err;
}

/** How long a record may wait for its file before the next new document sweeps it away. */
const UNFILED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** An upload that went past the size limit: 413 problem+json, the form says how large a file may be. */
export class FileTooLarge extends Error {
  readonly statusCode = 413;
  readonly code = 'fileTooLarge';
  constructor(maxBytes: number) {
    super(`A document file may be at most ${Math.floor(maxBytes / (1024 * 1024))} MB`);
  }
}

/**
 * An incoming multipart file, as @fastify/multipart hands it over; `rest` reads what follows it and
 * fails when that is anything but the body's end.
 */
export type IncomingFile = { filename: string; file: Readable & { truncated?: boolean }; rest: () => Promise<void> };

/**
 * Documents, document types and folders of the active tenant. Every call names the tenant, so
 * another tenant's row is simply not found (404). Files live in the storage's documents area under
 * generated keys; the row names its file only once the file is completely stored.
 */
export function createDocumentsService(deps: {
  db: Db;
  /** The storage's `documents` area. */
  storage: FileStorage;
  log: FastifyBaseLogger;
  maxBytes: number;
  /** Raises DocumentAdded when a document gets its first file; optional (some tests leave it out). */
  notifications?: Pick<NotificationsService, 'raise'>;
}) {
  const { db, storage, log, maxBytes, notifications } = deps;

  /** Tells the tenant's members (but the uploader) that a document was added; never fails the upload. */
  async function documentAdded(tenantId: string, row: repo.DocumentRow, by: string | undefined) {
    if (!notifications) return;
    try {
      await notifications.raise(tenantId, {
        eventType: 'DocumentAdded',
        userIds: 'members',
        exceptUserId: by,
        title: { en: `New document: ${row.title}`, da: `Nyt dokument: ${row.title}` },
        body: { en: 'A document was added under Documents.', da: 'Et dokument er tilføjet under Dokumenter.' },
        link: href('documents', 'view', { id: row.documentTypeId }),
      });
    } catch (err) {
      log.error({ err, documentId: row.id }, 'documents: could not raise DocumentAdded');
    }
  }

  async function typeOf(tenantId: string, id: string) {
    const type = await repo.findType(db, tenantId, id);
    if (!type) throw new AppError('notFound', 'No such document type');
    return type;
  }

  /** The type a document body names must be the tenant's: a field error otherwise. */
  async function checkTypeField(tenantId: string, id: string) {
    await repo.ensureSystemTypes(db, tenantId);
    if (!(await repo.findType(db, tenantId, id))) {
      throw fieldError('documentTypeId', 'notFound', 'No such document type');
    }
  }

  /** 409 on the name field when another type of the tenant is called so, in any case. */
  async function checkTypeNameFree(tenantId: string, name: string, exceptId?: string) {
    if (await repo.typeNameTaken(db, tenantId, name, exceptId)) throw typeNameTaken(name);
  }

  async function documentOf(tenantId: string, id: string) {
    const row = await repo.findDocument(db, tenantId, id);
    if (!row) throw new AppError('notFound', 'No such document');
    return row;
  }

  async function removeFile(key: string | null | undefined) {
    if (!key) return;
    // A file left behind is only disk space; the record is what matters, so log and go on.
    await storage.remove(key).catch((err) => log.warn({ err, key }, 'could not remove a document file'));
  }

  async function checkParent(conn: Db, tenantId: string, parentId: string | null, field: string, self?: string) {
    if (!parentId) return;
    if (!(await repo.findFolder(conn, tenantId, parentId))) {
      throw fieldError(field, 'notFound', 'No such folder');
    }
    if (self && (await repo.isSelfOrBelow(conn, tenantId, self, parentId))) {
      throw fieldError(field, FOLDER_CYCLE, 'A folder cannot be inside itself or one of its subfolders');
    }
  }

  return {
    /* Document types */

    async listTypes(tenantId: string, query: DocumentTypeListQuery) {
      await repo.ensureSystemTypes(db, tenantId);
      return repo.listTypes(db, tenantId, query);
    },

    async nonSystemTypes(tenantId: string) {
      return { data: await repo.nonSystemTypes(db, tenantId) };
    },

    /** Every type, system ones included: the document form's choice. */
    async allTypes(tenantId: string) {
      await repo.ensureSystemTypes(db, tenantId);
      return { data: await repo.allTypes(db, tenantId) };
    },

    /** The types shown in the side menu (GET /me/generaldata). */
    async getType(tenantId: string, id: string) {
      await repo.ensureSystemTypes(db, tenantId);
      return typeOf(tenantId, id);
    },

    async createType(tenantId: string, body: DocumentTypeBody) {
      // Seeded first, so that a new type cannot take the system type's name.
      await repo.ensureSystemTypes(db, tenantId);
      await checkTypeNameFree(tenantId, body.name);
      return repo.insertType(db, { tenantId, ...body }).catch((err) => {
        throw typeNameConflict(err, body.name);
      });
    },

    async updateType(tenantId: string, id: string, body: DocumentTypeBody & { id?: string }) {
      if (body.id && body.id !== id) {
        throw fieldError('id', 'mismatch', 'The id does not match the path');
      }
      // A system type is found by its name (ensureSystemTypes): renamed, it would be made again.
      const type = await typeOf(tenantId, id);
      if (type.isSystem && body.name !== type.name) {
        throw new AppError('conflict', 'A system document type keeps its name', [
          { field: 'name', message: 'systemTypeName' },
        ]);
      }
      await checkTypeNameFree(tenantId, body.name, id);
      const updated = await repo
        .updateType(db, tenantId, id, { name: body.name, isShownOnSideMenu: body.isShownOnSideMenu })
        .catch((err) => {
          throw typeNameConflict(err, body.name);
        });
      if (!updated) throw new AppError('notFound', 'No such document type');
      return updated;
    },

    async deleteType(tenantId: string, id: string) {
      const type = await typeOf(tenantId, id);
      if (type.isSystem) throw new AppError('conflict', 'A system document type cannot be deleted');
      await db.transaction(async (tx) => {
        if ((await repo.documentsOfTypeCount(tx, tenantId, id)) > 0) {
          throw new AppError('conflict', 'Documents of this type exist; delete or move them first');
        }
        await repo.deleteType(tx, tenantId, id);
      });
    },

    async documentsOfType(tenantId: string, typeId: string) {
      await typeOf(tenantId, typeId);
      const page = await repo.listDocuments(db, tenantId, {
        typeId,
        page: 1,
        take: 200,
        sort: 'title',
        direction: 'asc',
      });
      return page.data.map(toDocument);
    },

    /* Documents */

    async listDocuments(tenantId: string, query: DocumentListQuery) {
      const page = await repo.listDocuments(db, tenantId, query);
      return { ...page, data: page.data.map(toDocument) };
    },

    getDocument: async (tenantId: string, id: string) => toDocument(await documentOf(tenantId, id)),

    /** Step one of creating a document: the record, without its file yet (no list shows it until then). */
    async createDocument(tenantId: string, body: DocumentBody) {
      await checkTypeField(tenantId, body.documentTypeId);
      // Records whose client went away before step two are swept here rather than by a timer.
      await repo.deleteStaleUnfiledDocuments(db, tenantId, new Date(Date.now() - UNFILED_MAX_AGE_MS));
      return repo.insertDocument(db, { tenantId, title: body.title, documentTypeId: body.documentTypeId });
    },

    async updateDocument(tenantId: string, body: DocumentUpdate) {
      await documentOf(tenantId, body.id);
      await checkTypeField(tenantId, body.documentTypeId);
      await repo.updateDocument(db, tenantId, body.id, { title: body.title, documentTypeId: body.documentTypeId });
      return toDocument(await documentOf(tenantId, body.id));
    },

    async deleteDocument(tenantId: string, id: string) {
      const removed = await repo.deleteDocument(db, tenantId, id);
      if (!removed) throw new AppError('notFound', 'No such document');
      await removeFile(removed.fileKey);
    },

    /** Checked before the body is read: an unknown document costs no upload. True when it has a file. */
    async ensureDocument(tenantId: string, id: string, { mayReplace }: { mayReplace: boolean }) {
      const row = await documentOf(tenantId, id);
      // Whoever may add a document may give it its first file; replacing one is an administrator's.
      if (row.fileKey && !mayReplace) throw new AppError('forbidden', 'Only an administrator may replace the file');
      return !!row.fileKey;
    },

    /** A first upload that was refused or failed takes its record with it: nothing half-made stays. */
    async discardUnfiled(tenantId: string, id: string) {
      await repo.deleteUnfiledDocument(db, tenantId, id);
    },

    /**
     * Streams an uploaded file into storage (never whole in memory), then points the record at it and
     * removes the file it had. A refused or failed upload leaves the record as it was.
     */
    async storeFile(
      tenantId: string,
      id: string,
      upload: IncomingFile,
      {
        mayReplace,
        by,
      }: { mayReplace: boolean /** The uploader (not notified of their own document). */; by?: string },
    ) {
      // An error of the incoming stream is the client's body (cut short, malformed), never ours: 400.
      let bodyError: unknown = upload.file.errored ?? undefined;
      upload.file.once('error', (err) => {
        bodyError = err;
      });
      const malformed = (err: unknown) => {
        log.info({ err }, 'malformed multipart body');
        return fieldError('file', 'malformedUpload', 'The upload is not well-formed multipart/form-data');
      };
      let checked: Awaited<ReturnType<typeof checkUpload>>;
      try {
        checked = await checkUpload(upload);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw bodyError !== undefined || upload.file.errored ? malformed(err) : err;
      }
      let tooLarge = false;
      // The multipart plugin ends a file at the limit and marks it truncated: fail the write then.
      async function* limited() {
        for await (const chunk of checked.stream) yield chunk as Buffer;
        if (upload.file.truncated) {
          tooLarge = true;
          throw new FileTooLarge(maxBytes);
        }
      }
      let size: number;
      try {
        ({ size } = await storage.write(checked.key, Readable.from(limited()), { contentType: checked.contentType }));
        await upload.rest();
      } catch (err) {
        await removeFile(checked.key);
        if (tooLarge || err instanceof FileTooLarge || bodyError instanceof FileTooLarge)
          throw new FileTooLarge(maxBytes);
        if (bodyError !== undefined || upload.file.errored) throw malformed(err);
        throw err;
      }
      // Checked again on the locked row: another upload may have given the document a file, or it may
      // have been deleted, while this one came in.
      let replaced: string | null;
      try {
        replaced = await db.transaction(async (tx) => {
          const current = await repo.lockDocumentFile(tx, tenantId, id);
          if (!current) throw new AppError('notFound', 'No such document');
          if (current.fileKey && !mayReplace) {
            throw new AppError('forbidden', 'Only an administrator may replace the file');
          }
          await repo.updateDocument(tx, tenantId, id, {
            fileKey: checked.key,
            fileName: checked.fileName,
            contentType: checked.contentType,
            size,
          });
          return current.fileKey;
        });
      } catch (err) {
        await removeFile(checked.key);
        throw err;
      }
      await removeFile(replaced);
      const stored = await documentOf(tenantId, id);
      if (!replaced) await documentAdded(tenantId, stored, by);
      return toDocument(stored);
    },

    /** The document's file as a stream, with what the answer's headers need; 404 when there is none. */
    async readFile(tenantId: string, id: string) {
      const row = await documentOf(tenantId, id);
      if (!row.fileKey) throw new AppError('notFound', 'This document has no file yet');
      const file = await storage.read(row.fileKey);
      if (!file) throw new AppError('notFound', 'The document’s file is missing');
      return {
        ...file,
        fileName: row.fileName ?? 'document',
        contentType: row.contentType ?? 'application/octet-stream',
      };
    },

    /* Folders */

    listFolders: (tenantId: string) => repo.listFolders(db, tenantId),

    async foldersExcept(tenantId: string, id: string) {
      if (!(await repo.findFolder(db, tenantId, id))) throw new AppError('notFound', 'No such folder');
      return repo.foldersExcept(db, tenantId, id);
    },

    async getFolder(tenantId: string, id: string) {
      const folder = await repo.findFolder(db, tenantId, id);
      if (!folder) throw new AppError('notFound', 'No such folder');
      return folder;
    },

    async createFolder(tenantId: string, body: FolderBody) {
      await checkParent(db, tenantId, body.parentFolderId, 'parentFolderId');
      return repo.insertFolder(db, { tenantId, name: body.name, parentFolderId: body.parentFolderId });
    },

    async updateFolder(tenantId: string, body: FolderUpdate) {
      if (!(await repo.findFolder(db, tenantId, body.id))) throw new AppError('notFound', 'No such folder');
      // Checked and written in one transaction, so two moves at once cannot make a loop between them.
      return db.transaction(async (tx) => {
        await tx.execute(sqlLockFolders(tenantId));
        await checkParent(tx, tenantId, body.parentFolder, 'parentFolder', body.id);
        await repo.updateFolder(tx, tenantId, body.id, { name: body.name, parentFolderId: body.parentFolder });
        return repo.findFolder(tx, tenantId, body.id).then((f) => f!);
      });
    },

    async deleteFolder(tenantId: string, id: string) {
      if (!(await repo.deleteFolder(db, tenantId, id))) throw new AppError('notFound', 'No such folder');
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** Moves of one tenant's folders run one at a time (a transaction-scoped advisory lock on the tenant). */
const sqlLockFolders = (tenantId: string) => sql`select pg_advisory_xact_lock(hashtext(${`folders:${tenantId}`}))`;

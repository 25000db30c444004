import { z } from 'zod';
import { DOCUMENT_LIMITS, DOCUMENT_SORTS, DOCUMENT_TYPE_SORTS } from './documents-constants.js';
import { plainText } from './plain-text.js';
import { pageOf, pageQuerySchema } from './problem.js';

export * from './documents-constants.js';

const requiredText = (max: number) => plainText({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');

/** POST /documenttypes. */
export const documentTypeBodySchema = z.object({
  name: requiredText(DOCUMENT_LIMITS.nameMax),
  isShownOnSideMenu: z.boolean().default(false),
});
export type DocumentTypeBody = z.infer<typeof documentTypeBodySchema>;
export type DocumentTypeBodyInput = z.input<typeof documentTypeBodySchema>;

/** PUT /documenttypes/{id} (the id in the body is optional and must match the path). */
export const documentTypeUpdateSchema = documentTypeBodySchema.extend({ id: z.uuid().optional() });

export const documentTypeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isShownOnSideMenu: z.boolean(),
  /** Seeded with every tenant ('General'); not listed as non-system and never deleted. */
  isSystem: z.boolean(),
  createdAt: z.date(),
});
export type DocumentType = z.infer<typeof documentTypeSchema>;

export type DocumentTypeSort = (typeof DOCUMENT_TYPE_SORTS)[number];
export const documentTypeListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(DOCUMENT_TYPE_SORTS).default('name'),
});
export type DocumentTypeListQuery = z.infer<typeof documentTypeListQuerySchema>;
export const documentTypePageSchema = pageOf(documentTypeSchema);
/** GET /documenttypes/nonsystem: 'the response has a data list' (spec §7). */
export const documentTypeListSchema = z.object({ data: z.array(documentTypeSchema) });

/** A document type shown in the side menu (GET /me/generaldata). */
export const sideMenuDocumentTypeSchema = z.object({ id: z.uuid(), name: z.string() });
export type SideMenuDocumentType = z.infer<typeof sideMenuDocumentTypeSchema>;

/** POST /documents/postdocument. */
export const documentBodySchema = z.object({
  title: requiredText(DOCUMENT_LIMITS.titleMax),
  documentTypeId: z.uuid({ error: 'required' }),
});
export type DocumentBody = z.infer<typeof documentBodySchema>;

/** PATCH /documents/updatedocument. */
export const documentUpdateSchema = documentBodySchema.extend({ id: z.uuid() });
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;

export const documentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  documentTypeId: z.uuid(),
  documentTypeName: z.string(),
  /** Where the file downloads (GET /documents/{id}/file); null while the document has no file. */
  documentPath: z.string().nullable(),
  /** The file's safe display name, type and size; null while there is none. */
  fileName: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().int().nullable(),
  updatedAt: z.date(),
});
export type Document = z.infer<typeof documentSchema>;

export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
export const documentListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(DOCUMENT_SORTS).default('updatedAt'),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;
export const documentPageSchema = pageOf(documentSchema);

/** POST /folders/postfolder. */
export const folderBodySchema = z.object({
  name: requiredText(DOCUMENT_LIMITS.nameMax),
  parentFolderId: z.uuid().nullable().default(null),
});
export type FolderBody = z.infer<typeof folderBodySchema>;

/** PATCH /folders/updateFolder: the parent is sent as parentFolder (spec §3). */
export const folderUpdateSchema = z.object({
  id: z.uuid(),
  name: requiredText(DOCUMENT_LIMITS.nameMax),
  parentFolder: z.uuid().nullable().default(null),
});
export type FolderUpdate = z.infer<typeof folderUpdateSchema>;

export const folderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parentFolderId: z.uuid().nullable(),
  parentFolderName: z.string().nullable(),
  createdAt: z.date(),
});
export type Folder = z.infer<typeof folderSchema>;

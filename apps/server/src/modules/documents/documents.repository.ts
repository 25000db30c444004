import type { DocumentListQuery, DocumentTypeListQuery } from '@atrium/contracts';
import { and, asc, count, desc, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { customPlans, type Db } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { paged } from '../../db/paging.js';
import { documents, documentTypes, folders } from './documents.schema.js';

// Every query names the tenant: another tenant's row simply does not exist here.

/** The types every tenant has from the start. */
export const SYSTEM_TYPES = ['General'];

/* Document types */

const typeColumns = {
  id: documentTypes.id,
  name: documentTypes.name,
  isShownOnSideMenu: documentTypes.isShownOnSideMenu,
  isSystem: documentTypes.isSystem,
  createdAt: documentTypes.createdAt,
};

export async function ensureSystemTypes(db: Db, tenantId: string) {
  // The name's unique index makes a second seeding (or a tenant's own type of that name) add nothing.
  await db
    .insert(documentTypes)
    .values(SYSTEM_TYPES.map((name) => ({ tenantId, name, isSystem: true })))
    .onConflictDoNothing();
}

/** The unique index on a tenant's lower(trim(name)) of document types (migration 0023). */
export const TYPE_NAME_INDEX = 'document_types_tenant_name_key';

/** Whether another type of the tenant has this name, ignoring case and surrounding spaces. */
export const typeNameTaken = async (db: Db, tenantId: string, name: string, exceptId?: string) =>
  (
    await db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(
        and(
          eq(documentTypes.tenantId, tenantId),
          sql`lower(trim(${documentTypes.name})) = lower(trim(${name}))`,
          exceptId ? ne(documentTypes.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  ).length > 0;

export async function listTypes(db: Db, tenantId: string, q: DocumentTypeListQuery) {
  const where = and(
    eq(documentTypes.tenantId, tenantId),
    q.search?.trim()
      ? sql`lower(${documentTypes.name}) like ${containsPattern(q.search.trim().toLowerCase())}`
      : undefined,
  );
  const dir = q.direction === 'desc' ? desc : asc;
  const order = q.sort === 'createdAt' ? dir(documentTypes.createdAt) : dir(sql`lower(${documentTypes.name})`);
  return paged(q, async ({ limit, offset }) => {
    const [rows, [total]] = await Promise.all([
      db
        .select(typeColumns)
        .from(documentTypes)
        .where(where)
        .orderBy(order, asc(documentTypes.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(documentTypes).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  });
}

export const nonSystemTypes = (db: Db, tenantId: string) =>
  db
    .select(typeColumns)
    .from(documentTypes)
    .where(and(eq(documentTypes.tenantId, tenantId), eq(documentTypes.isSystem, false)))
    .orderBy(sql`lower(${documentTypes.name})`, asc(documentTypes.id));

export const allTypes = (db: Db, tenantId: string) =>
  db
    .select(typeColumns)
    .from(documentTypes)
    .where(eq(documentTypes.tenantId, tenantId))
    .orderBy(sql`lower(${documentTypes.name})`, asc(documentTypes.id));

export const findType = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .select(typeColumns)
      .from(documentTypes)
      .where(and(eq(documentTypes.tenantId, tenantId), eq(documentTypes.id, id)))
  )[0];

export const insertType = async (db: Db, values: typeof documentTypes.$inferInsert) =>
  (await db.insert(documentTypes).values(values).returning(typeColumns))[0]!;

export const updateType = async (
  db: Db,
  tenantId: string,
  id: string,
  values: { name: string; isShownOnSideMenu: boolean },
) =>
  (
    await db
      .update(documentTypes)
      .set(values)
      .where(and(eq(documentTypes.tenantId, tenantId), eq(documentTypes.id, id)))
      .returning(typeColumns)
  )[0];

export const deleteType = (db: Db, tenantId: string, id: string) =>
  db.delete(documentTypes).where(and(eq(documentTypes.tenantId, tenantId), eq(documentTypes.id, id)));

export const documentsOfTypeCount = async (db: Db, tenantId: string, typeId: string) =>
  (
    await db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.documentTypeId, typeId)))
  )[0]?.n ?? 0;

/* Documents */

const documentColumns = {
  id: documents.id,
  title: documents.title,
  documentTypeId: documents.documentTypeId,
  documentTypeName: documentTypes.name,
  fileKey: documents.fileKey,
  fileName: documents.fileName,
  contentType: documents.contentType,
  size: documents.size,
  updatedAt: documents.updatedAt,
};
export type DocumentRow = {
  id: string;
  title: string;
  documentTypeId: string;
  documentTypeName: string;
  fileKey: string | null;
  fileName: string | null;
  contentType: string | null;
  size: number | null;
  updatedAt: Date;
};

const documentsWithType = (db: Db) =>
  db.select(documentColumns).from(documents).innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId));

/**
 * A page of the tenant's documents and their total, with plans made for the values (customPlans): on
 * a tenant of 1,000,000 documents, generic plans made every page of it about half as fast
 * (decision 011, bench/plan-cache-mode.ts).
 */
export const listDocuments = (db: Db, tenantId: string, q: DocumentListQuery & { typeId?: string }) =>
  customPlans(() => documentsPage(db, tenantId, q));

async function documentsPage(db: Db, tenantId: string, q: DocumentListQuery & { typeId?: string }) {
  const where = and(
    eq(documents.tenantId, tenantId),
    // A record whose file has not arrived (yet) is half-made: no list shows it.
    isNotNull(documents.fileKey),
    q.typeId ? eq(documents.documentTypeId, q.typeId) : undefined,
    q.search?.trim()
      ? sql`lower(${documents.title}) like ${containsPattern(q.search.trim().toLowerCase())}`
      : undefined,
  );
  const dir = q.direction === 'desc' ? desc : asc;
  const order = q.sort === 'title' ? dir(sql`lower(${documents.title})`) : dir(documents.updatedAt);
  return paged(q, async ({ limit, offset }) => {
    const [rows, [total]] = await Promise.all([
      documentsWithType(db).where(where).orderBy(order, asc(documents.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(documents).where(where),
    ]);
    return { rows: rows as DocumentRow[], total: total?.n ?? 0 };
  });
}

export const findDocument = async (db: Db, tenantId: string, id: string) =>
  (await documentsWithType(db).where(and(eq(documents.tenantId, tenantId), eq(documents.id, id))))[0] as
    | DocumentRow
    | undefined;

export const insertDocument = async (db: Db, values: typeof documents.$inferInsert) =>
  (await db.insert(documents).values(values).returning({ id: documents.id }))[0]!;

export const updateDocument = async (
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<
    Pick<typeof documents.$inferInsert, 'title' | 'documentTypeId' | 'fileKey' | 'fileName' | 'contentType' | 'size'>
  >,
) =>
  (
    await db
      .update(documents)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
      .returning({ id: documents.id })
  )[0];

/** The document's file key, its row locked until the transaction ends (null: no file; undefined: no document). */
export const lockDocumentFile = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .select({ fileKey: documents.fileKey })
      .from(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
      .for('update')
  )[0];

export const deleteDocument = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .delete(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
      .returning({ fileKey: documents.fileKey })
  )[0];

/** Removes the document if it still has no file (its first upload failed); true when it did. */
export const deleteUnfiledDocument = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .delete(documents)
      .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id), isNull(documents.fileKey)))
      .returning({ id: documents.id })
  ).length > 0;

/** Removes the tenant's records whose file never came (the client went away between the two steps). */
export const deleteStaleUnfiledDocuments = (db: Db, tenantId: string, before: Date) =>
  db
    .delete(documents)
    .where(and(eq(documents.tenantId, tenantId), isNull(documents.fileKey), lt(documents.createdAt, before)));

/* Folders */

// Qualified by hand: Drizzle leaves a column of a one-table select unqualified, which the sub-select would take as its own.
const parent = sql<string | null>`(select p.name from folders p where p.id = "folders"."parent_folder_id")`;
const folderColumns = {
  id: folders.id,
  name: folders.name,
  parentFolderId: folders.parentFolderId,
  parentFolderName: parent,
  createdAt: folders.createdAt,
};

export const listFolders = (db: Db, tenantId: string) =>
  db
    .select(folderColumns)
    .from(folders)
    .where(eq(folders.tenantId, tenantId))
    .orderBy(sql`lower(${folders.name})`, asc(folders.id));

/** The tenant's folders except `id` and every folder below it (a recursive walk down from it). */
export const foldersExcept = async (db: Db, tenantId: string, id: string) =>
  (
    (await db.execute(sql`
      with recursive below(id) as (
        select id from folders where tenant_id = ${tenantId} and id = ${id}
        union
        select f.id from folders f join below b on f.parent_folder_id = b.id where f.tenant_id = ${tenantId}
      )
      select f.id, f.name, f.parent_folder_id as "parentFolderId",
             (select p.name from folders p where p.id = f.parent_folder_id) as "parentFolderName",
             f.created_at as "createdAt"
      from folders f
      where f.tenant_id = ${tenantId} and f.id not in (select id from below)
      order by lower(f.name), f.id`)) as unknown as {
      rows: {
        id: string;
        name: string;
        parentFolderId: string | null;
        parentFolderName: string | null;
        createdAt: Date | string;
      }[];
    }
  ).rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));

/** Whether `candidate` is `id` itself or lies below it. */
export const isSelfOrBelow = async (db: Db, tenantId: string, id: string, candidate: string) =>
  (
    (await db.execute(sql`
      with recursive below(id) as (
        select id from folders where tenant_id = ${tenantId} and id = ${id}
        union
        select f.id from folders f join below b on f.parent_folder_id = b.id where f.tenant_id = ${tenantId}
      )
      select 1 as hit from below where id = ${candidate}`)) as unknown as { rows: unknown[] }
  ).rows.length > 0;

export const findFolder = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .select(folderColumns)
      .from(folders)
      .where(and(eq(folders.tenantId, tenantId), eq(folders.id, id)))
  )[0];

export const insertFolder = async (db: Db, values: typeof folders.$inferInsert) =>
  (await db.insert(folders).values(values).returning({ id: folders.id }))[0]!;

export const updateFolder = async (
  db: Db,
  tenantId: string,
  id: string,
  values: { name: string; parentFolderId: string | null },
) =>
  (
    await db
      .update(folders)
      .set(values)
      .where(and(eq(folders.tenantId, tenantId), eq(folders.id, id)))
      .returning({ id: folders.id })
  )[0];

export const deleteFolder = async (db: Db, tenantId: string, id: string) =>
  (
    await db
      .delete(folders)
      .where(and(eq(folders.tenantId, tenantId), eq(folders.id, id)))
      .returning({ id: folders.id })
  )[0];

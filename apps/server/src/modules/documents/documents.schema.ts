import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeTo } from '../../db/references.js';
import { tenantOwned } from '../../db/tenant-owned.js';
import { tenants } from '../tenants/tenants.schema.js';

/** Kinds of documents in one tenant; system types are seeded with the tenant and never deleted. */
export const documentTypes = pgTable(
  'document_types',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    name: text().notNull(),
    isShownOnSideMenu: boolean().notNull().default(false),
    isSystem: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_types_tenant_name_idx').on(t.tenantId, t.name),
    // One type per name in a tenant, ignoring case and surrounding spaces (migration 0023): the type
    // picker never offers two alike, and seeding a system type twice (two processes) adds nothing.
    uniqueIndex('document_types_tenant_name_key').on(t.tenantId, sql`lower(trim(${t.name}))`),
    tenantOwned(),
  ],
);

/** A document: a record (title, type) and, once uploaded, its file in the storage's documents area. */
export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    documentTypeId: uuid()
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    /** The storage key (a generated name); null until the file is uploaded. */
    fileKey: text(),
    /** The uploaded file's sanitised name, shown and offered on download. */
    fileName: text(),
    contentType: text(),
    size: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_tenant_updated_idx').on(t.tenantId, t.updatedAt),
    index('documents_tenant_type_idx').on(t.tenantId, t.documentTypeId),
    tenantOwned(),
  ],
);

/** Folders of one tenant; they nest through parentFolderId. */
export const folders = pgTable(
  'folders',
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: cascadeTo(() => tenants.id),
    name: text().notNull(),
    // A deleted folder's subfolders move up to the top level rather than vanish with it.
    parentFolderId: uuid().references((): AnyPgColumn => folders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('folders_tenant_name_idx').on(t.tenantId, t.name),
    index('folders_parent_idx').on(t.parentFolderId),
    tenantOwned(),
  ],
);

import type { Document, DocumentType, Folder } from '@atrium/contracts';
import type { Wire } from '@/shared/api/wire';

export type DocumentRow = Wire<Document>;
export type DocumentTypeRow = Wire<DocumentType>;
export type FolderRow = Wire<Folder>;

/**
 * A document type's name as shown: the system type every tenant has ('General') in the user's language.
 * Names are unique per tenant, ignoring case, so only the system type is called exactly that.
 */
export const typeNameShown = (t: (key: 'documents.types.general') => string, name: string) =>
  name === 'General' ? t('documents.types.general') : name;

export const documentKeys = {
  all: ['documents'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  detail: (id: string) => [...documentKeys.all, 'detail', id] as const,
  ofType: (typeId: string) => [...documentKeys.all, 'of-type', typeId] as const,
  types: () => [...documentKeys.all, 'types'] as const,
  typeDetail: (id: string) => [...documentKeys.types(), 'detail', id] as const,
  folders: () => [...documentKeys.all, 'folders'] as const,
  folderDetail: (id: string) => [...documentKeys.folders(), 'detail', id] as const,
  foldersExcept: (id: string) => [...documentKeys.folders(), 'except', id] as const,
};

/** Rows per page of the documents, types and folders lists (the spec leaves the size open). */
export const DOCUMENTS_PAGE_SIZE = 20;

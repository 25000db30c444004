import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type DocumentTypeRow, documentKeys } from './types';

/** GET /documenttypes/all: every type, system ones included (the document form's choices). */
export const getAllDocumentTypes = (signal?: AbortSignal) =>
  api<{ data: DocumentTypeRow[] }>('/documenttypes/all', { signal });

export const allDocumentTypesQuery = () =>
  queryOptions({ queryKey: [...documentKeys.types(), 'all'], queryFn: ({ signal }) => getAllDocumentTypes(signal) });

export const useAllDocumentTypes = () => useQuery(allDocumentTypesQuery());

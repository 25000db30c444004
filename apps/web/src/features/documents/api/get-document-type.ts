import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type DocumentTypeRow, documentKeys } from './types';

/** GET /documenttypes/{id}. */
export const getDocumentType = (id: string, signal?: AbortSignal) =>
  api<DocumentTypeRow>(`/documenttypes/${id}`, { signal });

export const documentTypeQuery = (id: string) =>
  queryOptions({ queryKey: documentKeys.typeDetail(id), queryFn: ({ signal }) => getDocumentType(id, signal) });

export const useDocumentType = (id: string | null) => useQuery({ ...documentTypeQuery(id ?? ''), enabled: !!id });

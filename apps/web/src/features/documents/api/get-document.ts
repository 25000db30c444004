import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type DocumentRow, documentKeys } from './types';

/** GET /documents/loadOneDocument/{id}. */
export const getDocument = (id: string, signal?: AbortSignal) =>
  api<DocumentRow>(`/documents/loadOneDocument/${id}`, { signal });

export const documentQuery = (id: string) =>
  queryOptions({ queryKey: documentKeys.detail(id), queryFn: ({ signal }) => getDocument(id, signal) });

export const useDocument = (id: string | null) => useQuery({ ...documentQuery(id ?? ''), enabled: !!id });

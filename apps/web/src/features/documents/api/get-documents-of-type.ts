import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type DocumentRow, documentKeys } from './types';

/** GET /documents/loadallfrom/{typeId}: the documents of one type, by title (the side list). */
export const getDocumentsOfType = (typeId: string, signal?: AbortSignal) =>
  api<DocumentRow[]>(`/documents/loadallfrom/${typeId}`, { signal });

export const documentsOfTypeQuery = (typeId: string) =>
  queryOptions({ queryKey: documentKeys.ofType(typeId), queryFn: ({ signal }) => getDocumentsOfType(typeId, signal) });

export const useDocumentsOfType = (typeId: string | null) =>
  useQuery({ ...documentsOfTypeQuery(typeId ?? ''), enabled: !!typeId });

import type { DocumentTypeSort, ListParams } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { type DocumentTypeRow, documentKeys } from './types';

export type { DocumentTypeSort };

/** GET /documenttypes: one page, searched on the name. */
export const getDocumentTypes = (params: ListParams<DocumentTypeSort>, signal?: AbortSignal) =>
  api<Page<DocumentTypeRow>>(`/documenttypes?${listQuery(params)}`, { signal });

export const documentTypesQuery = (params: ListParams<DocumentTypeSort>) =>
  queryOptions({
    queryKey: [...documentKeys.types(), 'page', params],
    queryFn: ({ signal }) => getDocumentTypes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDocumentTypes = (params: ListParams<DocumentTypeSort>) => useQuery(documentTypesQuery(params));

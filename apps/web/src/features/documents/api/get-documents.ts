import type { DocumentSort, ListParams } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { type DocumentRow, documentKeys } from './types';

export type { DocumentSort };

/** GET /documents: one page, searched on the title. */
export const getDocuments = (params: ListParams<DocumentSort>, signal?: AbortSignal) =>
  api<Page<DocumentRow>>(`/documents?${listQuery(params)}`, { signal });

export const documentsQuery = (params: ListParams<DocumentSort>) =>
  queryOptions({
    queryKey: [...documentKeys.lists(), params],
    queryFn: ({ signal }) => getDocuments(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDocuments = (params: ListParams<DocumentSort>) => useQuery(documentsQuery(params));

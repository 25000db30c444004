import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { documentKeys, type FolderRow } from './types';

/** GET /folders/loadOneFolder/{id}. */
export const getFolder = (id: string, signal?: AbortSignal) =>
  api<FolderRow>(`/folders/loadOneFolder/${id}`, { signal });

export const folderQuery = (id: string) =>
  queryOptions({ queryKey: documentKeys.folderDetail(id), queryFn: ({ signal }) => getFolder(id, signal) });

export const useFolder = (id: string | null) => useQuery({ ...folderQuery(id ?? ''), enabled: !!id });

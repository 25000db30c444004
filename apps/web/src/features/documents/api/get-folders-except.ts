import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { documentKeys, type FolderRow } from './types';

/** GET /folders/getfoldersExcept/{id}: the folders a folder may move into (not itself, nothing below it). */
export const getFoldersExcept = (id: string, signal?: AbortSignal) =>
  api<FolderRow[]>(`/folders/getfoldersExcept/${id}`, { signal });

export const foldersExceptQuery = (id: string) =>
  queryOptions({ queryKey: documentKeys.foldersExcept(id), queryFn: ({ signal }) => getFoldersExcept(id, signal) });

export const useFoldersExcept = (id: string | null) => useQuery({ ...foldersExceptQuery(id ?? ''), enabled: !!id });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { byFolderName } from './get-folders';
import { documentKeys, type FolderRow } from './types';

/** GET /folders/getfoldersExcept/{id}: the folders a folder may move into (not itself, nothing below it). */
export const getFoldersExcept = async (id: string, signal?: AbortSignal) =>
  byFolderName(await api<FolderRow[]>(`/folders/getfoldersExcept/${id}`, { signal }));

export const foldersExceptQuery = (id: string) =>
  queryOptions({ queryKey: documentKeys.foldersExcept(id), queryFn: ({ signal }) => getFoldersExcept(id, signal) });

export const useFoldersExcept = (id: string | null) => useQuery({ ...foldersExceptQuery(id ?? ''), enabled: !!id });

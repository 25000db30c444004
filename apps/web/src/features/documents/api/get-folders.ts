import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { documentKeys, type FolderRow } from './types';

/** GET /folders/getfolders: every folder of the tenant, by name. */
export const getFolders = (signal?: AbortSignal) => api<FolderRow[]>('/folders/getfolders', { signal });

export const foldersQuery = () =>
  queryOptions({ queryKey: [...documentKeys.folders(), 'all'], queryFn: ({ signal }) => getFolders(signal) });

export const useFolders = () => useQuery(foldersQuery());

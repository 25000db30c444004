import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { documentKeys, type FolderRow } from './types';

/** Folder names in natural order: 'Folder 2' before 'Folder 10', ignoring case. */
const naturalOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
export const byFolderName = (folders: FolderRow[]) => [...folders].sort((a, b) => naturalOrder.compare(a.name, b.name));

/** GET /folders/getfolders: every folder of the tenant, by name in natural order. */
export const getFolders = async (signal?: AbortSignal) =>
  byFolderName(await api<FolderRow[]>('/folders/getfolders', { signal }));

export const foldersQuery = () =>
  queryOptions({ queryKey: [...documentKeys.folders(), 'all'], queryFn: ({ signal }) => getFolders(signal) });

export const useFolders = () => useQuery(foldersQuery());

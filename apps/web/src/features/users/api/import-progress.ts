import type { ImportProgress } from '@atrium/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/shared/api/client';
import { userKeys } from './types';

/** How often the dialog asks how far a running import is. */
export const IMPORT_PROGRESS_POLL_MS = 500;

/**
 * GET /users/import/progress/{importId}: how far the import this dialog confirmed is, or null until
 * the server has started it (404).
 */
export const getImportProgress = async (importId: string, signal?: AbortSignal) => {
  try {
    return await api<ImportProgress>(`/users/import/progress/${importId}`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
};

/** The running import's progress, asked every IMPORT_PROGRESS_POLL_MS while importId is set. */
export function useImportProgress(importId: string | null) {
  return useQuery({
    queryKey: [...userKeys.all, 'import-progress', importId],
    queryFn: ({ signal }) => getImportProgress(importId!, signal),
    enabled: importId !== null,
    refetchInterval: IMPORT_PROGRESS_POLL_MS,
    // A failed ask is asked again at the next interval; the bar keeps its last answer meanwhile.
    retry: false,
    gcTime: 0,
  });
}

import type { ImportConfirmBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userKeys } from './types';

/**
 * POST /users/import/confirm: creates every row's user in the active tenant, or none of them. The
 * file's passwords go back as the preview sealed them: the browser never sees them.
 */
export const confirmImport = (body: ImportConfirmBody) =>
  api<{ created: number }>('/users/import/confirm', { method: 'POST', body });

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

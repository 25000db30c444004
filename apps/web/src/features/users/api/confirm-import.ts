import type { ImportRow } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userKeys } from './types';

/** POST /users/import/confirm: creates every row's user in the active tenant, or none of them. */
export const confirmImport = (rows: ImportRow[]) =>
  api<{ created: number }>('/users/import/confirm', { method: 'POST', body: { rows } });

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

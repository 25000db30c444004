import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { documentKeys } from './types';

/** DELETE /folders/deleteFolder/{id}: its subfolders move to the top level. */
export const deleteFolder = (id: string) => api<void>(`/folders/deleteFolder/${id}`, { method: 'DELETE' });

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.folders() }),
  });
}

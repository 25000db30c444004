import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { documentKeys } from './types';

/** DELETE /documents/{id}: the document and its file. */
export const deleteDocument = (id: string) => api<void>(`/documents/${id}`, { method: 'DELETE' });

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

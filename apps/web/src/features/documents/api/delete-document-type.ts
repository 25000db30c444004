import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { documentKeys } from './types';

/** DELETE /documenttypes/{id} (409 for a system type or one in use). */
export const deleteDocumentType = (id: string) => api<void>(`/documenttypes/${id}`, { method: 'DELETE' });

export function useDeleteDocumentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocumentType,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: documentKeys.types() });
      await queryClient.invalidateQueries({ queryKey: ['me', 'generaldata'] });
    },
  });
}

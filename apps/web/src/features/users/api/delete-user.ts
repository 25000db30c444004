import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userKeys } from './types';

/** DELETE /users/{id} (super administrators): the user's sessions end. */
export const deleteUser = (id: string) => api<void>(`/users/${id}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (_, id) => {
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

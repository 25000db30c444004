import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type UserDetails, userKeys } from './types';

/** POST /users/{id}/restore: a deleted user comes back. */
export const restoreUser = (id: string) => api<UserDetails>(`/users/${id}/restore`, { method: 'POST' });

export function useRestoreUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUser,
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

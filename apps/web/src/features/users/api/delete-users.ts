import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userKeys } from './types';

/** POST /users/deletemany (super administrators). */
export const deleteUsers = (ids: string[]) => api<void>('/users/deletemany', { method: 'POST', body: { ids } });

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

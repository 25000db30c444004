import type { UserBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type UserDetails, userKeys } from './types';

/** POST /users (no id) or PUT /users/{id}. */
export const saveUser = ({ id, body }: { id: string | null; body: UserBody }) =>
  id ? api<UserDetails>(`/users/${id}`, { method: 'PUT', body }) : api<UserDetails>('/users', { method: 'POST', body });

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { GroupAssignment } from './assign-groups';
import { userKeys } from './types';

/** POST /users/unassigngroups: takes the users out of groups of the active tenant. */
export const unassignGroups = (body: GroupAssignment) => api<void>('/users/unassigngroups', { method: 'POST', body });

export function useUnassignGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignGroups,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

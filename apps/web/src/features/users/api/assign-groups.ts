import type { GroupAssignmentBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { userKeys } from './types';

export type { GroupAssignmentBody as GroupAssignment };

/** POST /users/assigngroups: adds the users to groups of the active tenant. */
export const assignGroups = (body: GroupAssignmentBody) => api<void>('/users/assigngroups', { method: 'POST', body });

export function useAssignGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignGroups,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

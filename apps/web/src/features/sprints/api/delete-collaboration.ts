import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { sprintKeys } from './keys';

/** DELETE /sprints/collaborations/{id}: with its ideas and comments (administrators). */
export const deleteCollaboration = (id: string) =>
  api<null>(`/sprints/collaborations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteCollaboration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollaboration,
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: sprintKeys.collaboration(id) });
      await queryClient.invalidateQueries({ queryKey: sprintKeys.lists() });
    },
  });
}

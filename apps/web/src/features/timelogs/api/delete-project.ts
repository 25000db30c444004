import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** DELETE /timelogs/project/{id}: the project, its tasks and their hours. */
export const deleteProject = (id: string) => api<void>(`/timelogs/project/${id}`, { method: 'DELETE' });

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    // Everything of time logging but the deleted project itself, whose page would refetch it into a 404
    // before it could go back to the list.
    onSuccess: (_, id) =>
      queryClient.invalidateQueries({
        queryKey: timelogsKeys.all,
        predicate: ({ queryKey }) => !(queryKey[1] === 'project' && queryKey[2] === id),
      }),
  });
}

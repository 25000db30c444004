import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** DELETE /timelogs/project/{id}: the project, its tasks and their hours. */
export const deleteProject = (id: string) => api<void>(`/timelogs/project/${id}`, { method: 'DELETE' });

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelogsKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** DELETE /timelogs/task/{id}: the task and its hours. */
export const deleteTask = (id: string) => api<void>(`/timelogs/task/${id}`, { method: 'DELETE' });

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelogsKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** POST /timelogs/task (new) or PATCH /timelogs/updateTask (rename). */
export const saveTask = (body: { projectId: string; name: string } | { id: string; name: string }) =>
  'id' in body
    ? api<{ id: string }>('/timelogs/updateTask', {
        method: 'PATCH',
        body,
        label: { key: 'task', values: { name: body.name } },
      })
    : api<{ id: string }>('/timelogs/task', {
        method: 'POST',
        body,
        label: { key: 'newTask', values: { name: body.name } },
      });

export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelogsKeys.all }),
  });
}

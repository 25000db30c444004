import type { ProjectInput, ProjectUpdate } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** POST /timelogs/project or PATCH /timelogs/updateProject. */
export const saveProject = (body: ProjectInput | ProjectUpdate) =>
  'id' in body
    ? api<{ id: string }>('/timelogs/updateProject', {
        method: 'PATCH',
        body,
        label: { key: 'project', values: { name: body.name } },
      })
    : api<{ id: string }>('/timelogs/project', {
        method: 'POST',
        body,
        label: { key: 'newProject', values: { name: body.name } },
      });

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelogsKeys.all }),
  });
}

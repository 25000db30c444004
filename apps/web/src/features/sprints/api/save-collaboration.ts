import type { CollaborationBody } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type CollaborationDetail, sprintKeys } from './keys';

/** POST /sprints/collaborations (new) or PUT /sprints/collaborations/{id}. */
export const saveCollaboration = (id: string | null, body: CollaborationBody) =>
  id
    ? api<CollaborationDetail>(`/sprints/collaborations/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : api<CollaborationDetail>('/sprints/collaborations', { method: 'POST', body });

export function useSaveCollaboration(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollaborationBody) => saveCollaboration(id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(sprintKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: sprintKeys.lists() });
    },
  });
}

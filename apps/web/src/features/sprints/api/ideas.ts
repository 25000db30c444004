import type { IdeaBody, IdeaStatus } from '@atrium/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type IdeaFilter, type IdeaRow, sprintKeys } from './keys';

type IdeaPage = { data: IdeaRow[]; next: string | null };

/** GET /sprints/collaborations/{id}/ideas: a page in the sort's order after `after` (keyset). */
export function getIdeas(id: string, filter: IdeaFilter, after: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ sort: filter.sort });
  if (filter.status) query.set('status', filter.status);
  if (filter.tagId) query.set('tagId', filter.tagId);
  if (after) query.set('after', after);
  return api<IdeaPage>(`/sprints/collaborations/${encodeURIComponent(id)}/ideas?${query}`, { signal });
}

/** The ideas, page after page as the user asks for more. */
export const useIdeas = (id: string, filter: IdeaFilter) =>
  useInfiniteQuery({
    queryKey: sprintKeys.ideas(id, filter),
    queryFn: ({ pageParam, signal }) => getIdeas(id, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** Every change to an idea reloads the collaboration's ideas and its counts. */
function useIdeaMutation<V>(collaborationId: string, fn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sprintKeys.collaboration(collaborationId) }),
  });
}

/** POST /sprints/collaborations/{id}/ideas, or PUT /sprints/ideas/{ideaId} to edit one's own. */
export const useSaveIdea = (collaborationId: string) =>
  useIdeaMutation(collaborationId, ({ ideaId, body }: { ideaId: string | null; body: IdeaBody }) =>
    ideaId
      ? api<IdeaRow>(`/sprints/ideas/${encodeURIComponent(ideaId)}`, { method: 'PUT', body })
      : api<IdeaRow>(`/sprints/collaborations/${encodeURIComponent(collaborationId)}/ideas`, { method: 'POST', body }),
  );

/** PUT /sprints/ideas/{id}/status (the owner, administrators). */
export const useSetIdeaStatus = (collaborationId: string) =>
  useIdeaMutation(collaborationId, ({ ideaId, status }: { ideaId: string; status: IdeaStatus }) =>
    api<IdeaRow>(`/sprints/ideas/${encodeURIComponent(ideaId)}/status`, { method: 'PUT', body: { status } }),
  );

/** PUT or DELETE /sprints/ideas/{id}/vote: one vote a member, taken back the same way. */
export const useVote = (collaborationId: string) =>
  useIdeaMutation(collaborationId, ({ ideaId, on }: { ideaId: string; on: boolean }) =>
    api<{ votesCount: number; votedByMe: boolean }>(`/sprints/ideas/${encodeURIComponent(ideaId)}/vote`, {
      method: on ? 'PUT' : 'DELETE',
    }),
  );

/** DELETE /sprints/ideas/{id}. */
export const useDeleteIdea = (collaborationId: string) =>
  useIdeaMutation(collaborationId, (ideaId: string) =>
    api<null>(`/sprints/ideas/${encodeURIComponent(ideaId)}`, { method: 'DELETE' }),
  );

import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type CommentRow, sprintKeys } from './keys';

type CommentPage = { data: CommentRow[]; next: string | null };

/** GET /sprints/ideas/{id}/comments: oldest first, `after` the page before's `next`. */
export const getComments = (ideaId: string, after: string | null, signal?: AbortSignal) =>
  api<CommentPage>(
    `/sprints/ideas/${encodeURIComponent(ideaId)}/comments${after ? `?after=${encodeURIComponent(after)}` : ''}`,
    { signal },
  );

export const useComments = (collaborationId: string, ideaId: string) =>
  useInfiniteQuery({
    queryKey: sprintKeys.comments(collaborationId, ideaId),
    queryFn: ({ pageParam, signal }) => getComments(ideaId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** Adding, editing or deleting a comment reloads the thread and the ideas' comment counts. */
function useCommentMutation<V>(collaborationId: string, fn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sprintKeys.collaboration(collaborationId) }),
  });
}

/** POST /sprints/ideas/{id}/comments, or PUT /sprints/comments/{commentId} to edit one's own. */
export const useSaveComment = (collaborationId: string) =>
  useCommentMutation(
    collaborationId,
    ({ ideaId, commentId, text }: { ideaId: string; commentId?: string; text: string }) =>
      commentId
        ? api<CommentRow>(`/sprints/comments/${encodeURIComponent(commentId)}`, { method: 'PUT', body: { text } })
        : api<CommentRow>(`/sprints/ideas/${encodeURIComponent(ideaId)}/comments`, { method: 'POST', body: { text } }),
  );

/** DELETE /sprints/comments/{id}. */
export const useDeleteComment = (collaborationId: string) =>
  useCommentMutation(collaborationId, (commentId: string) =>
    api<null>(`/sprints/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' }),
  );

import type { AddMembersBody, MemberChoices } from '@atrium/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { sprintKeys } from './keys';

const path = (id: string) => `/sprints/collaborations/${encodeURIComponent(id)}`;

/** GET /sprints/collaborations/{id}/member-choices: people not in it yet, user groups, teams and departments (owner, administrators). */
export const getMemberChoices = (id: string, search: string, signal?: AbortSignal) =>
  api<MemberChoices>(`${path(id)}/member-choices?${new URLSearchParams({ search })}`, { signal });

export const useMemberChoices = (id: string, search: string, enabled: boolean) =>
  useQuery({
    queryKey: sprintKeys.choices(id, search),
    queryFn: ({ signal }) => getMemberChoices(id, search, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /sprints/collaborations/{id}/members: people, and every member of user groups, teams and departments. */
export function useAddMembers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMembersBody) => api<{ added: number }>(`${path(id)}/members`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sprintKeys.collaboration(id) }),
  });
}

/** DELETE /sprints/collaborations/{id}/members/{userId}: remove a member, or leave. */
export function useRemoveMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<null>(`${path(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sprintKeys.collaboration(id) }),
        queryClient.invalidateQueries({ queryKey: sprintKeys.lists() }),
      ]),
  });
}

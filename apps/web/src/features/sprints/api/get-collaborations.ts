import type { CollaborationStatus, ListParams } from '@atrium/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/wire';
import { listQuery } from '@/shared/list/list-query';
import { type CollaborationRow, sprintKeys } from './keys';

export type CollaborationsPage = Page<CollaborationRow> & { statusCounts: Record<CollaborationStatus, number> };
export type CollaborationSort = 'title' | 'startsOn' | 'createdAt';

/** GET /sprints/collaborations: the caller's collaborations (an administrator's: all), a page of them. */
export const getCollaborations = (query: string, signal?: AbortSignal) =>
  api<CollaborationsPage>(`/sprints/collaborations?${query}`, { signal });

export function useCollaborations(params: ListParams<CollaborationSort>, status: CollaborationStatus | null) {
  const query = listQuery(params, status ? { status } : {}).toString();
  return useQuery({
    queryKey: sprintKeys.list(query),
    queryFn: ({ signal }) => getCollaborations(query, signal),
    placeholderData: keepPreviousData,
  });
}

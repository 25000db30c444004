import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type CollaborationDetail, sprintKeys } from './keys';

/** GET /sprints/collaborations/{id}: description, members and what the caller may do. */
export const getCollaboration = (id: string, signal?: AbortSignal) =>
  api<CollaborationDetail>(`/sprints/collaborations/${encodeURIComponent(id)}`, { signal });

export const useCollaboration = (id: string) =>
  useQuery({ queryKey: sprintKeys.detail(id), queryFn: ({ signal }) => getCollaboration(id, signal) });

import type { SprintTag } from '@atrium/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { sprintKeys } from './keys';

/** GET /sprints/tags: the tenant's tag list, which ideas take their tags from. */
export const getTags = (signal?: AbortSignal) => api<SprintTag[]>('/sprints/tags', { signal });

export const useTags = () =>
  useQuery({ queryKey: sprintKeys.tags(), queryFn: ({ signal }) => getTags(signal), staleTime: 60_000 });

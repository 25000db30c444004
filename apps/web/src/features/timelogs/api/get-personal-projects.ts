import type { PersonalProject } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** GET /timelogs/getpersonalprojects: the projects the caller works on, with their tasks. */
export const personalProjectsQuery = () =>
  queryOptions({
    queryKey: timelogsKeys.personalProjects(),
    queryFn: ({ signal }) => api<PersonalProject[]>('/timelogs/getpersonalprojects', { signal }),
  });

export const usePersonalProjects = () => useQuery(personalProjectsQuery());

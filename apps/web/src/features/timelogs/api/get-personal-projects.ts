import type { PersonalProject } from '@atrium/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** GET /timelogs/getpersonalprojects: the projects the caller works on, with their tasks. */
export const usePersonalProjects = () =>
  useQuery({
    queryKey: timelogsKeys.personalProjects(),
    queryFn: ({ signal }) => api<PersonalProject[]>('/timelogs/getpersonalprojects', { signal }),
  });

import type { Project, ProjectDetail } from '@atrium/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** GET /timelogs/getprojects: every project of the tenant (administrators). */
export const useProjects = () =>
  useQuery({
    queryKey: timelogsKeys.projects(),
    queryFn: ({ signal }) => api<Project[]>('/timelogs/getprojects', { signal }),
  });

/** GET /timelogs/loadOneProject/{id}: a project with its tasks and members. */
export const useProject = (id: string | null) =>
  useQuery({
    queryKey: timelogsKeys.project(id ?? ''),
    queryFn: ({ signal }) => api<ProjectDetail>(`/timelogs/loadOneProject/${id}`, { signal }),
    enabled: id !== null,
  });

import type { Overview, OverviewKind } from '@atrium/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

const PATHS: Record<OverviewKind, (from: string, to: string) => string> = {
  users: (from, to) => `/timelogs/getTimeLogsOverviewUsers/all/${from}/${to}`,
  projects: (from, to) => `/timelogs/getTimeLogsOverviewProjects/${from}/${to}`,
  tasks: (from, to) => `/timelogs/getTimeLogsOverviewTasks/${from}/${to}`,
};

/** The overview of a period: hours per user, project or task (administrators). */
export const useOverview = (kind: OverviewKind, from: string, to: string, enabled = true) =>
  useQuery({
    queryKey: timelogsKeys.overview(kind, from, to),
    queryFn: ({ signal }) => api<Overview>(PATHS[kind](from, to), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

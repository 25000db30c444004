import { addDays, type WeekGrid } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** GET /timelogs/getPersonalProjectsWithMarksForWeek/{monday}/{sunday}: the caller's grid of one week. */
export const weekQuery = (monday: string) =>
  queryOptions({
    queryKey: timelogsKeys.week(monday),
    queryFn: ({ signal }) =>
      api<WeekGrid>(`/timelogs/getPersonalProjectsWithMarksForWeek/${monday}/${addDays(monday, 6)}`, { signal }),
  });

export const useWeek = (monday: string) => useQuery(weekQuery(monday));

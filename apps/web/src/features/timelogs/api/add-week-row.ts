import type { WeekRowInput } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

export type { WeekRowInput as WeekRow };

/** POST /timelogs/weekRow: a task of one's project as a row of the week, without hours. */
export const addWeekRow = (body: WeekRowInput) => api<void>('/timelogs/weekRow', { method: 'POST', body });

export function useAddWeekRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWeekRow,
    onSuccess: (_, row) => queryClient.invalidateQueries({ queryKey: timelogsKeys.week(row.week) }),
  });
}

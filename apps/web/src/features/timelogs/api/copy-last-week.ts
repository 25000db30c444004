import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { timelogsKeys } from './keys';

/** POST /timelogs/copyLastWeek: last week's rows (tasks, not hours) shown in `week`. */
export const copyLastWeek = (week: string) =>
  api<{ rows: number }>('/timelogs/copyLastWeek', { method: 'POST', body: { week } });

export function useCopyLastWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyLastWeek,
    onSuccess: (_, week) => queryClient.invalidateQueries({ queryKey: timelogsKeys.week(week) }),
  });
}

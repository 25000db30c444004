import type { MarkInput, MarkResult, WeekGrid } from '@atrium/contracts';
import { mondayOf } from '@atrium/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { formatDate } from '@/shared/format/date';
import { timelogsKeys } from './keys';

export const MARK_PATH = '/timelogs/mark';

/**
 * POST /timelogs/mark: one cell's hours (0 removes them). With no network it is queued (shared/offline)
 * and answers with its echo, which has no dayTotal: the page shows the queued hours as pending.
 */
export const saveMark = (body: MarkInput) =>
  api<MarkResult>(MARK_PATH, {
    method: 'POST',
    body,
    label: { key: 'hours', values: { hours: String(body.hours), date: formatDate(body.dateString) } },
  });

/** Writes a saved cell into the cached week, so the totals follow without a reload. */
export function withMark(grid: WeekGrid | undefined, saved: MarkResult): WeekGrid | undefined {
  return grid?.map((project) =>
    project.id !== saved.projectId
      ? project
      : {
          ...project,
          projectTasks: project.projectTasks.map((task) =>
            task.id !== saved.taskId
              ? task
              : {
                  ...task,
                  marks: task.marks.map((m) => (m.date === saved.dateString ? { ...m, decimalHours: saved.hours } : m)),
                },
          ),
        },
  );
}

export function useSaveMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMark,
    onSuccess: (saved) => {
      queryClient.setQueryData<WeekGrid>(timelogsKeys.week(mondayOf(saved.dateString)), (grid) =>
        withMark(grid, saved),
      );
      // Project totals and the overviews count these hours too (their delete dialogs say how many go).
      for (const part of ['projects', 'project', 'overview']) {
        void queryClient.invalidateQueries({ queryKey: [...timelogsKeys.all, part] });
      }
    },
  });
}

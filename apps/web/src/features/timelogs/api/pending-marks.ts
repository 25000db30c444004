import type { GridProject, MarkInput } from '@atrium/contracts';
import { useMemo } from 'react';
import { useSession } from '@/shared/api/session';
import type { QueuedRequest } from '@/shared/offline/queue-db';
import { useOfflineQueue } from '@/shared/offline/use-offline-queue';
import { MARK_PATH } from './save-mark';

/** Hours saved with no network, by `taskId/date`: kept in the offline queue until the server has them. */
export type PendingMarks = Map<string, number>;

export const markKey = (taskId: string, date: string) => `${taskId}/${date}`;

/** The user's queued cell saves, the latest of each cell winning (the queue replays them in order). */
export function pendingMarks(
  entries: Pick<QueuedRequest, 'url' | 'method' | 'body' | 'userId'>[],
  userId: string | null,
) {
  const pending: PendingMarks = new Map();
  for (const entry of entries) {
    if (entry.url !== MARK_PATH || entry.method !== 'POST' || entry.userId !== userId) continue;
    const mark = entry.body as Partial<MarkInput> | null;
    if (typeof mark?.taskId !== 'string' || typeof mark.dateString !== 'string' || typeof mark.hours !== 'number') {
      continue;
    }
    pending.set(markKey(mark.taskId, mark.dateString), mark.hours);
  }
  return pending;
}

/** The week as it will be once the pending hours are saved: cells, and so every total, include them. */
export function withPendingMarks(grid: GridProject[], pending: PendingMarks): GridProject[] {
  if (pending.size === 0) return grid;
  return grid.map((project) => ({
    ...project,
    projectTasks: project.projectTasks.map((task) => ({
      ...task,
      marks: task.marks.map((m) => {
        const hours = pending.get(markKey(task.id, m.date));
        return hours === undefined ? m : { ...m, decimalHours: hours };
      }),
    })),
  }));
}

/** The signed-in user's pending hours, live as the queue changes (shared/offline). */
export function usePendingMarks(): PendingMarks {
  const session = useSession();
  const userId = session.status === 'authenticated' ? session.user.id : null;
  const { entries } = useOfflineQueue();
  return useMemo(() => pendingMarks(entries, userId), [entries, userId]);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { api } from './client';
import { useSession } from './session';

/** One entry of GET /notifications/count: the unread count of a menu item, by the item's name. */
export type NotificationCount = { groupName: string; count: number };

export const notificationCountsQuery = (userId: string, activeTenantId: string | null) =>
  queryOptions({
    queryKey: ['notifications', 'count', userId, activeTenantId],
    queryFn: async ({ signal }) => {
      try {
        return await api<NotificationCount[]>('/notifications/count', { signal });
      } catch (err) {
        // The notifications module is not on every server yet: no endpoint means nothing unread.
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
  });

export function useNotificationCounts() {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : undefined;
  return useQuery({
    ...notificationCountsQuery(user?.id ?? '', user?.activeTenantId ?? null),
    enabled: !!user?.activeTenantId,
  });
}

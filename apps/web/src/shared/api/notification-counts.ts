import type { NotificationCount } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useSession } from './session';

export type { NotificationCount };

/** GET /notifications/count: the unread count of each menu item, by the item's name, in the active tenant. */
export const notificationCountsQuery = (userId: string, activeTenantId: string | null) =>
  queryOptions({
    queryKey: ['notifications', 'count', userId, activeTenantId],
    queryFn: ({ signal }) => api<NotificationCount[]>('/notifications/count', { signal }),
  });

export function useNotificationCounts() {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : undefined;
  return useQuery({
    ...notificationCountsQuery(user?.id ?? '', user?.activeTenantId ?? null),
    enabled: !!user?.activeTenantId,
  });
}

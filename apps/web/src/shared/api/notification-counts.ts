import { can, type NotificationCount, POLICIES } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useSession } from './session';

export type { NotificationCount };

/** The prefix of the notification count queries (the notifications feature's live events refresh it). */
export const notificationCountKey = ['notifications', 'count'] as const;

/** GET /notifications/count: the unread count of each menu item, by the item's name, in the active tenant. */
export const notificationCountsQuery = (userId: string, activeTenantId: string | null) =>
  queryOptions({
    queryKey: [...notificationCountKey, userId, activeTenantId],
    queryFn: ({ signal }) => api<NotificationCount[]>('/notifications/count', { signal }),
  });

export function useNotificationCounts() {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : undefined;
  return useQuery({
    ...notificationCountsQuery(user?.id ?? '', user?.activeTenantId ?? null),
    // Partner managers have no notifications (the server refuses them the count as every other call).
    enabled: !!user?.activeTenantId && can(user, POLICIES.tenantMembers),
  });
}

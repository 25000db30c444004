import type { InboxPage } from '@atrium/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { notificationCountKey } from '@/shared/api/notification-counts';
import { useSession } from '@/shared/api/session';
import { notificationInboxKey } from './keys';

export const INBOX_PAGE_SIZE = 20;

/** GET /notifications: the caller's own notifications in the active tenant, newest first. */
export const inboxQuery = (tenantId: string | null, page: number, unreadOnly: boolean) =>
  queryOptions({
    queryKey: [...notificationInboxKey, tenantId, page, unreadOnly],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), take: String(INBOX_PAGE_SIZE) });
      if (unreadOnly) query.set('unread', 'true');
      return api<InboxPage>(`/notifications?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export function useInbox(page: number, unreadOnly: boolean) {
  const session = useSession();
  const tenantId = session.status === 'authenticated' ? session.user.activeTenantId : null;
  return useQuery({ ...inboxQuery(tenantId, page, unreadOnly), enabled: !!tenantId });
}

/** Reading changes the menu's count and the list: both are asked again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationCountKey }),
      queryClient.invalidateQueries({ queryKey: notificationInboxKey }),
    ]);
}

/** POST /notifications/{id}/read */
export function useMarkRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/notifications/${id}/read`, { method: 'POST' }),
    onSettled: refresh,
  });
}

/** POST /notifications/readall */
export function useMarkAllRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api<{ marked: number }>('/notifications/readall', { method: 'POST' }),
    onSettled: refresh,
  });
}

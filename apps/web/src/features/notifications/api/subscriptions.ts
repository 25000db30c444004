import type { ChangeNotificationInterval, NotificationInterval, UserSubscription } from '@atrium/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useSession } from '@/shared/api/session';

/** GET /notification/getUserSubscriptions: the caller's intervals in the active tenant. */
export const subscriptionsQuery = (userId: string, tenantId: string | null) =>
  queryOptions({
    queryKey: ['notification', 'subscriptions', userId, tenantId],
    queryFn: ({ signal }) => api<UserSubscription[]>('/notification/getUserSubscriptions', { signal }),
  });

function useKey() {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : undefined;
  return subscriptionsQuery(user?.id ?? '', user?.activeTenantId ?? null);
}

export const useSubscriptions = (enabled = true) => useQuery({ ...useKey(), enabled });

/**
 * PUT /notification/changeNotificationInterval: saved at once when the selector changes. The list
 * shows the new value straight away and goes back to the old one if the server refuses it.
 */
export function useChangeInterval() {
  const queryClient = useQueryClient();
  const { queryKey } = useKey();
  return useMutation({
    mutationFn: (body: ChangeNotificationInterval) =>
      api<UserSubscription>('/notification/changeNotificationInterval', { method: 'PUT', body }),
    onMutate: async ({ typeId, intervalType }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<UserSubscription[]>(queryKey);
      queryClient.setQueryData<UserSubscription[]>(queryKey, (old = []) => [
        ...old.filter((s) => s.notificationEventTypeId !== typeId),
        { notificationEventTypeId: typeId, notificationEventInterval: intervalType as NotificationInterval },
      ]);
      return { before };
    },
    onError: (_err, _vars, context) => queryClient.setQueryData(queryKey, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

import type { ChatUnread } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageKeys } from '@/shared/hub/query-keys';
import { api } from './client';
import { useSession } from './session';

/**
 * GET /chat/unread: others' messages not yet read in the active tenant, the Chat item's count. Under the
 * hub's message keys, so ReloadMessages and ReloadGroupMessages (and a catch-up after connecting) recount.
 */
export const chatUnreadQuery = (userId: string, activeTenantId: string | null) =>
  queryOptions({
    queryKey: [...messageKeys.unread, userId, activeTenantId],
    queryFn: ({ signal }) => api<ChatUnread>('/chat/unread', { signal }),
  });

/** The Chat item's count; asked only while the active tenant has Chat. */
export function useChatUnread(chatOn: boolean) {
  const session = useSession();
  const user = session.status === 'authenticated' ? session.user : undefined;
  return useQuery({
    ...chatUnreadQuery(user?.id ?? '', user?.activeTenantId ?? null),
    enabled: chatOn && !!user?.activeTenantId,
    select: (data) => data.unread,
  });
}

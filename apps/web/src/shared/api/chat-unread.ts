import type { ChatUnread } from '@atrium/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useSession } from './session';

/** The prefix of the Chat item's count: the chat's live events (features/chat/live.ts) refresh it. */
export const chatUnreadKey = ['messages', 'unread'] as const;

/**
 * GET /chat/unread: others' messages not yet read in the active tenant, the Chat item's count.
 * ReloadMessages and ReloadGroupMessages (and a catch-up after connecting) recount it.
 */
export const chatUnreadQuery = (userId: string, activeTenantId: string | null) =>
  queryOptions({
    queryKey: [...chatUnreadKey, userId, activeTenantId],
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

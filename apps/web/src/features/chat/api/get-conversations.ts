import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type ConversationRow, chatKeys } from './keys';

/** GET /chat/conversations: every other member of the tenant and every group the user is in. */
export const getConversations = (search: string, signal?: AbortSignal) =>
  api<ConversationRow[]>(`/chat/conversations${search ? `?search=${encodeURIComponent(search)}` : ''}`, { signal });

export const conversationsQuery = (search: string) =>
  queryOptions({
    queryKey: chatKeys.conversations(search),
    queryFn: ({ signal }) => getConversations(search, signal),
    placeholderData: keepPreviousData,
  });

export const useConversations = (search: string) => useQuery(conversationsQuery(search));

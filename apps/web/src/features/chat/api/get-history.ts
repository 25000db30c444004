import { CHAT } from '@atrium/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { type ChatTarget, chatKeys, type HistoryPage, targetPath } from './keys';

/** GET /chat/{users|groups}/{id}/messages: a page of history, `before` the oldest message held. */
export const getHistory = (target: ChatTarget, before: string | null, signal?: AbortSignal) =>
  api<HistoryPage>(
    `${targetPath(target)}/messages?take=${CHAT.pageSize}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    { signal },
  );

/** The conversation's history: the newest page first, older pages fetched as the user scrolls up. */
export const useHistory = (target: ChatTarget) =>
  useInfiniteQuery({
    queryKey: chatKeys.history(target),
    queryFn: ({ pageParam, signal }) => getHistory(target, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.before,
  });

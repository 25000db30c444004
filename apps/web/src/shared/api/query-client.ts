import { type Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** How long a page's data is kept for a reload with no network (shared/offline/persisted-queries.tsx). */
export const PERSISTED_QUERIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Placeholder ids of records created offline and still queued (shared/offline keeps this up to date). */
let queuedRecordIds: ReadonlySet<string> = new Set();
export function setQueuedRecordIds(ids: ReadonlySet<string>) {
  queuedRecordIds = ids;
}
/** A query of a record that exists only in the offline queue: the server would answer 404 until it is sent. */
const waitsForQueue = (query: Query) => {
  if (queuedRecordIds.size === 0) return false;
  const key = JSON.stringify(query.queryKey);
  for (const id of queuedRecordIds) if (key.includes(id)) return true;
  return false;
};
const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Pages seen earlier stay in memory as long as they are kept on disk: what is no longer in
        // memory would not be kept either, and could not be shown after a reload with no network.
        gcTime: PERSISTED_QUERIES_MAX_AGE_MS,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; network trouble and 5xx might.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        // Offline, a request still runs and fails with NetworkError, whose message the page shows; TanStack's
        // default ('online') would pause it, and the page would spin for ever. (The offline queue comes later.)
        networkMode: 'always',
        // Offline, a page coming back shows what it has instead of a refetch's network error; a record still
        // queued is not asked for (404) until the queue has sent it (its page then moves to the real id).
        refetchOnMount: (query) => isOnline() && !waitsForQueue(query),
        refetchOnReconnect: (query) => !waitsForQueue(query),
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  // Offline, a change is queued (shared/offline) and its page invalidates what it showed: a refetch then
  // could only swap the page's data for a network error. The data is marked stale and refetched once the
  // queue has been sent.
  const invalidate = client.invalidateQueries.bind(client);
  client.invalidateQueries = (filters, options) =>
    invalidate(
      typeof navigator !== 'undefined' && !navigator.onLine ? { ...filters, refetchType: 'none' } : filters,
      options,
    );
  return client;
}

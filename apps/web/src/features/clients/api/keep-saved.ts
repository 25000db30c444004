import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isQueued } from '@/shared/offline/queue';

/**
 * Keeps a saved record in the cache. A save queued with no network answers with an echo of what was
 * sent (a radius change: only id and radius), not the record: the echo is laid over the record kept,
 * never put in its place, so a form opened later still finds every field. With none kept (a create),
 * the echo is all there is to show.
 */
export function keepSaved<T extends object>(queryClient: QueryClient, key: QueryKey, saved: T) {
  queryClient.setQueryData<T>(key, (kept) => (kept && isQueued(saved) ? { ...kept, ...saved } : saved));
}

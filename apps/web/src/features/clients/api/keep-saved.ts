import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isQueued } from '@/shared/offline/queue';

/**
 * Keeps a saved record in the cache and gives it back. A save queued with no network answers with an
 * echo of what was sent (a radius change: only id and radius), not the record: the echo is laid over
 * the record kept, never put in its place, so a form opened later still finds every field.
 */
export function keepSaved<T extends object>(queryClient: QueryClient, key: QueryKey, saved: T): Partial<T> {
  if (!isQueued(saved)) return queryClient.setQueryData<T>(key, saved) ?? saved;
  return queryClient.setQueryData<T>(key, (kept) => (kept ? { ...kept, ...saved } : kept)) ?? saved;
}

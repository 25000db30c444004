import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { useQueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useMemo } from 'react';
import { persistedQueriesKey, persistedQueriesStorage } from '@/shared/api/persisted-store';
import { PERSISTED_QUERIES_MAX_AGE_MS } from '@/shared/api/query-client';

/** Bumped when the shape of kept data changes in a way the pages cannot read: older data is dropped. */
const BUSTER = 'v1';

/**
 * Keeps the signed-in user's page data in IndexedDB (shared/api/persisted-store.ts), so that a reload
 * with no network shows the pages as they were last seen, and restores it before the pages ask for
 * data (the queries wait while it is read). Kept: successful reads, for a day, not those marked
 * `meta: { persist: false }`; never mutations (a sign-in's or a tenant switch's answer holds a token).
 */
export function PersistedQueries({ userId, children }: { userId: string; children: ReactNode }) {
  const client = useQueryClient();
  const persistOptions = useMemo(
    () => ({
      persister: createAsyncStoragePersister({
        storage: persistedQueriesStorage,
        key: persistedQueriesKey(userId),
        throttleTime: 500,
      }),
      maxAge: PERSISTED_QUERIES_MAX_AGE_MS,
      buster: BUSTER,
      dehydrateOptions: {
        shouldDehydrateQuery: (query: { state: { status: string }; meta?: Record<string, unknown> }) =>
          query.state.status === 'success' && query.meta?.persist !== false,
        shouldDehydrateMutation: () => false,
      },
    }),
    [userId],
  );
  return (
    // One provider per user: another user's kept data is never restored into this one's pages.
    <PersistQueryClientProvider key={userId} client={client} persistOptions={persistOptions}>
      {children}
    </PersistQueryClientProvider>
  );
}

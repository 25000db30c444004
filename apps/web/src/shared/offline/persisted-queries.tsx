import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import { IsRestoringProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { persistedQueriesKey, persistedQueriesStorageUntilForgotten } from '@/shared/api/persisted-store';
import { PERSISTED_QUERIES_MAX_AGE_MS } from '@/shared/api/query-client';

/** Bumped when the shape of kept data changes in a way the pages cannot read: older data is dropped. */
const BUSTER = 'v1';

type Props = {
  userId: string;
  /** The session loaded with no network: the pages show the kept data (restored before they ask). */
  offline: boolean;
  children: ReactNode;
};

/**
 * Keeps the signed-in user's page data in IndexedDB (shared/api/persisted-store.ts), written as it
 * changes. A page that loaded with no network restores it before the pages ask for data (the queries
 * wait meanwhile), so they show what they showed last; online the pages ask the server as always (kept
 * data could be older than the server's). Back online, stale data is asked for again on reconnect (not
 * a record still queued: shared/api/query-client.ts), and all of it once the queue has been sent
 * (offline-status.tsx). Kept: successful reads for a day, not those marked `meta: { persist: false }`;
 * never mutations (a sign-in's or a tenant switch's answer holds a token).
 */
export function PersistedQueries({ userId, offline, children }: Props) {
  const client = useQueryClient();
  // Restored once, when the shell opens offline; a session that comes online later keeps its pages.
  const [restoring, setRestoring] = useState(offline);
  const keptFor = useRef(userId);

  useEffect(() => {
    // Another user in the same page (viewing as someone starts or ends, before its reload): the cache
    // holds the previous user's pages, which must not be kept under this user's key.
    if (keptFor.current !== userId) {
      keptFor.current = userId;
      client.clear();
    }
    const options: PersistQueryClientOptions = {
      queryClient: client,
      persister: createAsyncStoragePersister({
        storage: persistedQueriesStorageUntilForgotten(),
        key: persistedQueriesKey(userId),
        throttleTime: 500,
      }),
      maxAge: PERSISTED_QUERIES_MAX_AGE_MS,
      buster: BUSTER,
      dehydrateOptions: {
        shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
        shouldDehydrateMutation: () => false,
      },
    };
    let unsubscribe: (() => void) | undefined;
    let live = true;
    const save = () => {
      if (live) unsubscribe = persistQueryClientSubscribe(options);
    };
    if (restoring) {
      persistQueryClientRestore(options)
        .catch(() => undefined)
        .finally(() => {
          if (live) setRestoring(false);
        });
    } else save();
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [client, userId, restoring]);

  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}

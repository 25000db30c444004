import { clear, createStore, del, get, set } from 'idb-keyval';

/**
 * Where the pages' data is kept for a reload with no network (shared/offline/persisted-queries.tsx):
 * IndexedDB database `atrium-queries`, one entry per user (`queries:{userId}`). Only what the API
 * answered to reads is kept, never a token; all of it goes when nobody is signed in any more.
 */
const store = () => (storeInstance ??= createStore('atrium-queries', 'clients'));
let storeInstance: ReturnType<typeof createStore> | undefined;

export const persistedQueriesKey = (userId: string) => `queries:${userId}`;

/** The storage the TanStack Query persister reads and writes. */
export const persistedQueriesStorage = {
  getItem: (key: string) => get<string>(key, store()),
  setItem: (key: string, value: string) => set(key, value, store()),
  removeItem: (key: string) => del(key, store()),
};

/** Counts the forgets: a persister's storage writes only while none happened since it was made. */
let generation = 0;

/**
 * The storage for one persister (one signed-in user's PersistedQueries). Its writes stop at the next
 * forgetPersistedQueries: the persister throttles its writes, and one still waiting when the user signs
 * out would otherwise write their data back after it was forgotten.
 */
export function persistedQueriesStorageUntilForgotten(): typeof persistedQueriesStorage {
  const made = generation;
  return {
    ...persistedQueriesStorage,
    setItem: async (key, value) => {
      if (made === generation) await persistedQueriesStorage.setItem(key, value);
    },
  };
}

/** Forgets the data kept for every user (sign-out, the session over, another user signed in). */
export async function forgetPersistedQueries(): Promise<void> {
  generation += 1;
  try {
    await clear(store());
  } catch {
    // No IndexedDB (some private windows): nothing was kept.
  }
}

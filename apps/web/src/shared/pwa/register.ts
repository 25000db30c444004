import { registerSW } from 'virtual:pwa-register';
import type { PwaStore } from './pwa-state';

/** How often an open tab asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/sw.ts). A new version found later waits until the user takes it
 * from the 'New version available' prompt: the worker then takes over and the page reloads.
 */
export function registerServiceWorker(store: PwaStore) {
  const updateSW = registerSW({
    onNeedRefresh() {
      store.set({ needRefresh: true, update: () => updateSW(true) });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
}

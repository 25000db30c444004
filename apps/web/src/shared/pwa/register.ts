import { registerSW } from 'virtual:pwa-register';

/** The part of the PWA store (pwa-state.ts, which loads this file) that registration writes. */
type UpdateSink = { set(patch: { needRefresh: boolean; update: () => Promise<void> }): void };

/** How often an open tab asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/sw.ts). A new version found later waits until the user takes it
 * from the 'New version available' prompt: the worker then takes over and the page reloads.
 */
export function registerServiceWorker(store: UpdateSink) {
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

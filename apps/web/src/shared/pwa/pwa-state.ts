import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type PwaState = {
  /** The browser offers installation: the event whose prompt() shows its install dialog. */
  installEvent: BeforeInstallPromptEvent | null;
  /** A new service worker (a new version of the app) is waiting. */
  needRefresh: boolean;
  /** Activates the waiting worker and reloads the page into the new version. */
  update: (() => Promise<void>) | null;
};

/**
 * The installable app's state, outside React: the browser fires `beforeinstallprompt` as early as it
 * likes (often before any lazy component exists), and the service worker registration reports a new
 * version whenever it finds one. Kept tiny: the sign-in page loads it.
 */
export function createPwaStore() {
  let state: PwaState = { installEvent: null, needRefresh: false, update: null };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch: Partial<PwaState>) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type PwaStore = ReturnType<typeof createPwaStore>;

export const pwaStore = createPwaStore();

export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.get);
}

/**
 * Listens for the browser's install offer and, in a production build, registers the service worker
 * once the page has loaded (its code is a chunk of its own, off the first paint's path).
 */
export function startPwa(win: Window = window) {
  win.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: our prompt offers it (spec part 1 §4, Install prompt).
    event.preventDefault();
    pwaStore.set({ installEvent: event as BeforeInstallPromptEvent });
  });
  win.addEventListener('appinstalled', () => pwaStore.set({ installEvent: null }));
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./register').then((m) => m.registerServiceWorker(pwaStore));
  if (document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}

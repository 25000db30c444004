import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/** The persisted UI state of spec part 1 §3. */
export type UiState = {
  darkMode: boolean;
  isSessionOver: boolean;
  isMenuOpened: boolean;
  isMenuExpanded: boolean;
  isInstallPromptDismissed: boolean;
};

function prefersDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches;
}

const defaults = (): UiState => ({
  darkMode: prefersDark(),
  isSessionOver: false,
  isMenuOpened: false,
  isMenuExpanded: true,
  isInstallPromptDismissed: false,
});

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/**
 * Reads the stored state as a page load sees it: a session that was over is not over any more
 * (the app tries to refresh it again) and the menu starts closed (spec part 1 §4).
 */
export function loadUiState(storage: Storage = localStorage): UiState {
  const base = defaults();
  let stored: Partial<Record<keyof UiState, unknown>> = {};
  try {
    const raw = storage.getItem(STORAGE_KEYS.uiState);
    if (raw) stored = JSON.parse(raw) ?? {};
  } catch {
    // A damaged value is replaced by the defaults on the next write.
  }
  return {
    darkMode: bool(stored.darkMode, base.darkMode),
    isMenuExpanded: bool(stored.isMenuExpanded, base.isMenuExpanded),
    isInstallPromptDismissed: bool(stored.isInstallPromptDismissed, base.isInstallPromptDismissed),
    isSessionOver: false,
    isMenuOpened: false,
  };
}

type Listener = () => void;

export function createUiStore(storage: Storage = localStorage) {
  let state = loadUiState(storage);
  const listeners = new Set<Listener>();
  const persist = () => {
    try {
      storage.setItem(STORAGE_KEYS.uiState, JSON.stringify(state));
    } catch {
      // Private mode or a full quota: the state still works for this page.
    }
  };
  persist();
  return {
    get: () => state,
    set(patch: Partial<UiState>) {
      const next = { ...state, ...patch };
      if ((Object.keys(next) as (keyof UiState)[]).every((k) => next[k] === state[k])) return;
      state = next;
      persist();
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type UiStore = ReturnType<typeof createUiStore>;

export const uiStore = createUiStore();

// Another tab switched the colour scheme: follow it, so that the tabs of one browser never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.uiState || event.storageArea !== localStorage) return;
    const { darkMode } = loadUiState();
    uiStore.set({ darkMode });
  });
}

export function useUiState(): UiState;
export function useUiState<T>(select: (state: UiState) => T): T;
export function useUiState<T>(select?: (state: UiState) => T) {
  const state = useSyncExternalStore(uiStore.subscribe, uiStore.get, uiStore.get);
  return select ? select(state) : state;
}

export const setUiState = (patch: Partial<UiState>) => uiStore.set(patch);

import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { createUiStore, loadUiState, setUiState, type UiState, uiStore } from './ui-state';

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.uiState) ?? 'null') as UiState;

describe('UI state', () => {
  it('persists every change to localStorage under the uiState key', () => {
    const store = createUiStore(localStorage);
    store.set({ darkMode: true, isMenuExpanded: false, isInstallPromptDismissed: true, isMenuOpened: true });
    expect(stored()).toEqual({
      darkMode: true,
      isMenuExpanded: false,
      isInstallPromptDismissed: true,
      isMenuOpened: true,
      isSessionOver: false,
    });
    store.set({ isSessionOver: true });
    expect(stored().isSessionOver).toBe(true);
  });

  it('on reload resets isSessionOver to false and closes the menu, keeping the rest', () => {
    const before = createUiStore(localStorage);
    before.set({ darkMode: true, isMenuExpanded: false, isInstallPromptDismissed: true });
    before.set({ isSessionOver: true, isMenuOpened: true });

    const after = createUiStore(localStorage);
    expect(after.get()).toEqual({
      darkMode: true,
      isMenuExpanded: false,
      isInstallPromptDismissed: true,
      isSessionOver: false,
      isMenuOpened: false,
    });
    // The reset is written back, so a second reload sees it too.
    expect(stored().isSessionOver).toBe(false);
    expect(stored().isMenuOpened).toBe(false);
  });

  it('starts from defaults when nothing or something unreadable is stored', () => {
    expect(loadUiState(localStorage)).toMatchObject({
      isMenuExpanded: true,
      isSessionOver: false,
      isMenuOpened: false,
    });
    localStorage.setItem(STORAGE_KEYS.uiState, '{not json');
    expect(loadUiState(localStorage)).toMatchObject({ darkMode: false, isInstallPromptDismissed: false });
    localStorage.setItem(STORAGE_KEYS.uiState, JSON.stringify({ darkMode: 'yes', isMenuExpanded: 0 }));
    expect(loadUiState(localStorage)).toMatchObject({ darkMode: false, isMenuExpanded: true });
  });

  it('notifies subscribers of changes only', () => {
    const store = createUiStore(localStorage);
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.set({ darkMode: true });
    store.set({ darkMode: true });
    expect(calls).toBe(1);
    unsubscribe();
    store.set({ darkMode: false });
    expect(calls).toBe(1);
  });
});

describe('colour scheme across tabs', () => {
  it('follows another tab that switches dark mode (the storage event)', () => {
    setUiState({ darkMode: false });
    localStorage.setItem(STORAGE_KEYS.uiState, JSON.stringify({ ...uiStore.get(), darkMode: true }));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.uiState, storageArea: localStorage }));
    expect(uiStore.get().darkMode).toBe(true);
    // Other keys are not ours.
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', storageArea: localStorage }));
    expect(uiStore.get().darkMode).toBe(true);
  });
});

// IndexedDB for the offline queue (shared/offline), as browsers have it.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionForTests } from '@/shared/api/session';
import { allStrings, i18n } from '@/shared/i18n/i18n';
import { resetSyncForTests } from '@/shared/offline/replay';
import { setViewportWidth } from './render';

// Components are tested outside the shell that fetches the rest of the strings: have them all.
await allStrings();

// Lazy pages are transformed on first import; under a full parallel run that can take over a second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine relies on.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};

/** matchMedia answering for a viewport of window.innerWidth, so tests can choose mobile or desktop. */
function matchMedia(query: string): MediaQueryList {
  const width = window.innerWidth;
  const max = /max-width:\s*([\d.]+)(px|em)/.exec(query);
  const min = /min-width:\s*([\d.]+)(px|em)/.exec(query);
  const px = (m: RegExpExecArray) => Number(m[1]) * (m[2] === 'em' ? 16 : 1);
  const matches =
    (!max || width <= px(max)) && (!min || width >= px(min)) && !query.includes('prefers-color-scheme: dark');
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}
Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: matchMedia });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

/**
 * After each test the app's module state is as loaded: test files share their worker's modules
 * (isolate: false in vitest.config.ts), so a toast, session, sync status, language or viewport width
 * one test leaves would otherwise reach the next file's tests.
 */
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  notifications.clean();
  resetSessionForTests();
  resetSyncForTests();
  i18n.changeLanguage('en');
  // jsdom's own width.
  setViewportWidth(1024);
});

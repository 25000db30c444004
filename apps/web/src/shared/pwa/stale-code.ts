import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/** A second failure this soon after the reload is not a stale tab: the error shows instead. */
const RELOAD_GAP_MS = 60_000;

/**
 * A tab still running the version before a deploy asks for page code (chunks) that the server no
 * longer has; Vite reports the failed import as `vite:preloadError`. The page reloads once to take the
 * new version, and the `refreshed` key (the reload's time) stops a loop when the code is missing for
 * another reason: the page's error boundary then shows. Offline, the missing code is not the server's
 * doing, and a reload would only trade the app's error page for the browser's own offline page.
 */
export function reloadOnStaleCode(reload = () => window.location.reload(), now = Date.now) {
  const onFailedImport = (event: Event) => {
    if (!navigator.onLine) return;
    const last = Number(localStorage.getItem(STORAGE_KEYS.refreshed));
    if (last && now() - last < RELOAD_GAP_MS) return;
    localStorage.setItem(STORAGE_KEYS.refreshed, String(now()));
    // The import's error would otherwise reach the error boundary while the page reloads.
    event.preventDefault();
    reload();
  };
  window.addEventListener('vite:preloadError', onFailedImport);
  return () => window.removeEventListener('vite:preloadError', onFailedImport);
}

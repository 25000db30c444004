import { useCallback, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** Changes to the query: a value sets its key, null, undefined or '' removes it. */
export type QueryChanges = Record<string, string | number | null | undefined>;

/**
 * The URL's query, and `update`, which merges changes into it (replacing the history entry).
 *
 * React Router hands a functional setSearchParams the params of the render it was made in, and the
 * router re-renders in a transition, so two updates close together (a debounced search box landing
 * just as a filter is picked) would each undo the other. `update` starts from the query as the last
 * update left it instead.
 *
 * An update after the user has followed a link is dropped: the page stays on screen while the next one
 * loads, and a search box's debounced text landing then would take the user back.
 */
export function useUrlQuery() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // In the browser the router follows the address bar (tests' memory routers do not).
  const followsWindow = useRef(typeof window !== 'undefined' && window.location.pathname === pathname);
  const query = params.toString();
  const seen = useRef(query);
  const latest = useRef(query);
  if (query !== seen.current) {
    // The URL moved: an update arriving, or back and forward.
    seen.current = query;
    latest.current = query;
  }
  const update = useCallback(
    (changes: QueryChanges) => {
      if (followsWindow.current && window.location.pathname !== pathname) return;
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      latest.current = next.toString();
      setParams(next, { replace: true });
    },
    [setParams, pathname],
  );
  return [params, update] as const;
}

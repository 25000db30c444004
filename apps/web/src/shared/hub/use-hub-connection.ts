import { HUB } from '@atrium/contracts';
import { useEffect, useRef } from 'react';
import { useSession } from '@/shared/api/session';
import type { HubHandlerDeps } from './hub-handlers';
import type { LiveEvents } from './live-events';

/** Loads the SignalR client on demand: it is never part of the sign-in page's JavaScript. */
const loadHub = () => import('./hub-connection');

/**
 * Keeps the tab's real-time connection while someone is signed in: it starts 3 s after sign-in (or
 * after a page load that found a live session), is stopped when the session ends, and is started
 * again for the next user. Call it once, in the layout that wraps every route.
 */
export function useHubConnection(
  deps: Pick<HubHandlerDeps, 'queryClient' | 'navigate'> & {
    reload?: () => void;
    /** Loads the features' live events (app/live-events.ts), with the client. */
    loadLive?: () => Promise<readonly LiveEvents[]>;
  },
) {
  const session = useSession();
  // Not while the session loaded offline has no token: it connects once the session is refreshed.
  const userId = session.status === 'authenticated' && !session.offline ? session.user.id : null;
  // The handlers use the latest router without restarting the connection when it changes.
  const latest = useRef(deps);
  latest.current = deps;

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let stop: (() => Promise<void>) | undefined;
    const timer = setTimeout(() => {
      Promise.all([loadHub(), latest.current.loadLive?.() ?? []]).then(
        ([{ startHub }, live]) => {
          if (cancelled) return;
          stop = startHub({
            queryClient: latest.current.queryClient,
            navigate: (to, options) => latest.current.navigate(to, options),
            reload: () => (latest.current.reload ?? (() => window.location.reload()))(),
            live,
          });
        },
        (err: unknown) => console.error('hub: could not load the client', err),
      );
    }, HUB.startDelayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      void stop?.();
    };
  }, [userId]);
}

import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { onSessionOver, useSession } from '@/shared/api/session';
import { useHubConnection } from '@/shared/hub/use-hub-connection';
import { setLanguage } from '@/shared/i18n/i18n';
import { setUiState, useUiState } from '@/shared/ui-state/ui-state';
import { SessionAccessProvider } from './guards/access-context';
import { loadLiveEvents } from './live-events';

const SessionOverScreen = lazy(() => import('@/features/errors/pages/session-over-screen'));

/** Wraps every route: access state for the guards, session-over screen, language, cache hygiene, live events. */
export function RootLayout() {
  const session = useSession();
  const queryClient = useQueryClient();
  const isSessionOver = useUiState((s) => s.isSessionOver);
  const location = useLocation();
  const lastSignedInPath = useRef('/');
  const navigate = useNavigate();

  // One real-time connection per tab while signed in (its client is loaded on demand).
  useHubConnection({ queryClient, navigate, loadLive: loadLiveEvents });

  useEffect(() => onSessionOver(() => setUiState({ isSessionOver: true })), []);

  const userId = session.status === 'authenticated' ? session.user.id : null;
  const language = session.status === 'authenticated' ? session.user.language : null;
  useEffect(() => {
    if (language) void setLanguage(language);
  }, [language]);

  // Nothing cached for one user may be shown to the next one.
  useEffect(() => {
    if (session.status === 'anonymous') queryClient.clear();
  }, [session.status, queryClient]);

  if (userId) lastSignedInPath.current = location.pathname + location.search;

  return (
    <SessionAccessProvider>
      <Outlet />
      {isSessionOver && (
        <Suspense fallback={null}>
          <SessionOverScreen returnUrl={lastSignedInPath.current} />
        </Suspense>
      )}
    </SessionAccessProvider>
  );
}

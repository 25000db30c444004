import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/shared/ui/page-loader';
import classes from './auth-layout.module.css';

// Offline, these pages say so too, and changes queued before a sign-out show, marked 'sign in to sync'
// (spec part 1 §4). Loaded after the page, so the sign-in's first load stays within its budget; when
// that load fails (offline before the service worker keeps it), the page goes on without them.
const offlineStatus = () =>
  import('@/shared/offline/offline-status').catch(() => ({ OfflineBanner: Nothing, UnsyncedLabel: Nothing }));
const OfflineBanner = lazy(() => offlineStatus().then((m) => ({ default: m.OfflineBanner })));
const UnsyncedLabel = lazy(() => offlineStatus().then((m) => ({ default: m.UnsyncedLabel })));

function Nothing() {
  return null;
}

/** Content only: sign-in, password and error pages bring their own frame. */
export function AuthLayout() {
  return (
    <main className={classes.root}>
      <div className={classes.status}>
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      </div>
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
      <div className={classes.status}>
        <Suspense fallback={null}>
          <UnsyncedLabel />
        </Suspense>
      </div>
    </main>
  );
}

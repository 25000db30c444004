import { href } from '@atrium/contracts';
import '@mantine/notifications/styles.css';
import { AppShell } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { problemText } from '@/features/auth/api/problem-messages';
import { ImpersonationBanner } from '@/features/impersonation/components/impersonation-banner';
import { setActiveTenant, signOut } from '@/shared/api/auth';
import { useGeneralData } from '@/shared/api/general-data';
import { type SessionState, useSession } from '@/shared/api/session';
import { BREAKPOINTS, HEADER, TOAST_MS } from '@/shared/config/ui';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ModuleIconsProvider } from '@/shared/menu/module-icon';
import { NotBuiltModulesProvider } from '@/shared/menu/not-built';
import { useMenu } from '@/shared/menu/use-menu';
import { DOCKED_LABEL_HEIGHT, OfflineBanner, UnsyncedLabel } from '@/shared/offline/offline-status';
import { PersistedQueries } from '@/shared/offline/persisted-queries';
import { installOfflineQueue } from '@/shared/offline/replay';
import { useOfflineQueue } from '@/shared/offline/use-offline-queue';
import { PwaPrompts } from '@/shared/pwa/pwa-prompts';
import { PageLoader } from '@/shared/ui/page-loader';
import { setUiState, useUiState } from '@/shared/ui-state/ui-state';
import { MODULE_ICONS } from '../module-icons';
import { NOT_BUILT_MODULES } from '../module-registry';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import classes from './home-layout.module.css';
import { SideMenu } from './side-menu';

// The data-protection notice checks the user's consent itself; its code loads beside the shell.
const GdprDialog = lazy(() => import('@/features/gdpr/components/gdpr-dialog'));

const NAVBAR_WIDTH = 272;
const NAVBAR_COMPACT_WIDTH = 76;
const BOTTOM_NAV_HEIGHT = 62;

type SignedIn = Extract<SessionState, { status: 'authenticated' }>;

/** Side menu, header, global spinner and, at 768px or narrower, the bottom navigation bar. */
export function HomeLayout() {
  const session = useSession();
  // Until someone is signed in the route guards below decide where to go; there is no shell to show.
  if (session.status !== 'authenticated') {
    return (
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
    );
  }
  return (
    <ModuleIconsProvider icons={MODULE_ICONS}>
      <NotBuiltModulesProvider modules={NOT_BUILT_MODULES}>
        {/* The pages' data is kept for this user, for a reload with no network (shared/offline). */}
        <PersistedQueries key={session.user.id} userId={session.user.id} offline={session.offline === true}>
          <Shell session={session} />
        </PersistedQueries>
      </NotBuiltModulesProvider>
    </ModuleIconsProvider>
  );
}

function Shell({ session }: { session: SignedIn }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const isMenuOpened = useUiState((s) => s.isMenuOpened);
  const isMenuExpanded = useUiState((s) => s.isMenuExpanded);
  const generalData = useGeneralData().data;
  const menu = useMenu();
  const compact = !isMobile && !isMenuExpanded;
  // On a phone the unsynced-changes label is a row of the bottom bar, which grows to hold it.
  const unsynced = useOfflineQueue().entries.length > 0;

  // Changes made offline in the signed-in app are queued, and replayed once the network is back
  // (shared/offline). The queue (Dexie) loads with this shell, not with the sign-in page.
  useEffect(() => installOfflineQueue(), []);

  // A followed link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setUiState({ isMenuOpened: false });
  }, [pathname]);

  // Signed in on a device where notifications are allowed: this browser's pushes go to this user now
  // (not while viewing as someone else).
  const pushUserId = session.user.impersonatorId ? null : session.user.id;
  useEffect(() => {
    if (!pushUserId || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    void import('@/shared/pwa/push').then((push) => push.renewPush()).catch(() => undefined);
  }, [pushUserId]);

  const switchTenant = useMutation({
    mutationFn: (tenantId: string | null) => setActiveTenant(tenantId),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      navigate(href('home', 'home'));
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: t('couldNotSetTenant'), message: problemText(t, error) }),
  });

  const logout = async () => {
    await signOut();
    queryClient.clear();
    navigate(href('auth', 'signIn'), { replace: true });
  };

  return (
    <AppShell
      header={{ height: { base: HEADER.mobileHeight, sm: HEADER.desktopHeight } }}
      navbar={{
        width: compact ? NAVBAR_COMPACT_WIDTH : NAVBAR_WIDTH,
        breakpoint: BREAKPOINTS.mobile,
        collapsed: { mobile: !isMenuOpened },
      }}
      footer={{ height: BOTTOM_NAV_HEIGHT + (unsynced ? DOCKED_LABEL_HEIGHT : 0), collapsed: !isMobile }}
      padding={0}
      // Desktop: the menu runs the full height beside the header. Mobile: it opens below the header.
      layout={isMobile ? 'default' : 'alt'}
      className={classes.shell}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <AppShell.Header className={classes.header}>
        <AppHeader logoSrc={generalData?.imageMobileLogosrc ?? generalData?.imageLogosrc} />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar}>
        <SideMenu
          menu={menu}
          tenants={generalData?.tenants ?? []}
          activeTenantId={session.user.activeTenantId}
          user={session.user}
          compact={compact}
          withBrand={!isMobile}
          logoSrc={generalData?.imageLogosrc}
          switchingTenant={switchTenant.isPending}
          onSelectTenant={(tenantId) => switchTenant.mutate(tenantId)}
          onLogout={() => void logout()}
          onNavigate={() => setUiState({ isMenuOpened: false })}
        />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
        <OfflineBanner />
        <ImpersonationBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
        {!isMobile && <UnsyncedLabel />}
      </AppShell.Main>
      {isMobile && (
        <AppShell.Footer className={classes.footer}>
          <UnsyncedLabel docked />
          <BottomNav items={menu.bottom} />
        </AppShell.Footer>
      )}
      {/* On a phone the toasts rise from the bottom bar, clear of the header and the offline banner. */}
      <Notifications
        position={isMobile ? 'bottom-center' : 'top-right'}
        className={classes.toasts}
        autoClose={TOAST_MS}
      />
      <PwaPrompts />
      <Suspense fallback={null}>
        <GdprDialog />
      </Suspense>
    </AppShell>
  );
}

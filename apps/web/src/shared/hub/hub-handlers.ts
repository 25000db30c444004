import { HUB_EVENTS, href, MODULE_HUB_EVENTS, type ModuleHubEvent } from '@atrium/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { endSession, getSession, refreshSession } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { setLanguage } from '@/shared/i18n/i18n';
import type { HubNotice } from './hub-notice';
import type { LiveEvents } from './live-events';
import { tenantDataKeys } from './query-keys';

export type HubEvent = keyof typeof HUB_EVENTS;
export type HubHandler = (...args: unknown[]) => void | Promise<void>;
export type HubHandlers = Record<HubEvent, HubHandler>;

/** What the handlers act on; the app passes its router and query client, tests pass fakes. */
export type HubHandlerDeps = {
  queryClient: QueryClient;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Reloads the page (window.location.reload in the app). */
  reload: () => void;
  /** Shows a notice that stays until closed (Mantine notifications in the app). */
  notify: (notice: HubNotice) => void;
  /** The notice for an impersonation started on another device (it looks the user's name up). */
  impersonationElsewhere: (userId: string) => Promise<HubNotice>;
  /** The features' live events (app/live-events.ts): the queries each module event refreshes. */
  live?: readonly LiveEvents[];
};

/** ImpersonateStoped reloads after this long (spec part 1 §4). */
export const IMPERSONATION_END_RELOAD_MS = 100;

/**
 * ImpersonateStarted waits this long before it refreshes. The event comes right after the answer to
 * POST /auth/impersonate, so by then the tab that asked holds the impersonation itself and leaves it
 * alone, instead of refreshing while it reloads: a refresh cut off by a reload loses its rotated
 * cookie, and presenting the old one again would revoke the impersonation session.
 */
export const IMPERSONATION_START_SETTLE_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const asId = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Empties local storage except the device's UI preferences (colour scheme, menu), which belong to no user. */
function clearLocalStorage() {
  const ui = localStorage.getItem(STORAGE_KEYS.uiState);
  localStorage.clear();
  if (ui !== null) localStorage.setItem(STORAGE_KEYS.uiState, ui);
}

/** Every query key the features' declarations give an event. */
const keysOf = (live: readonly LiveEvents[], event: ModuleHubEvent): QueryKey[] =>
  live.flatMap((declared) => declared[event] ?? []);

const invalidateAll = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** The server-pushed events of spec part 1 §4: the platform's own here, the modules' from their live.ts. */
export function createHubHandlers({
  queryClient,
  navigate,
  reload,
  notify,
  impersonationElsewhere,
  live = [],
}: HubHandlerDeps): HubHandlers {
  const moduleHandlers = Object.fromEntries(
    (Object.keys(MODULE_HUB_EVENTS) as ModuleHubEvent[]).map((event) => [
      event,
      async () => {
        await invalidateAll(queryClient, keysOf(live, event));
      },
    ]),
  ) as Record<ModuleHubEvent, HubHandler>;

  return {
    ...moduleHandlers,

    async TenantChanged(tenantId) {
      const session = getSession();
      if (session.status !== 'authenticated') return;
      const before = session.user.activeTenantId;
      if (asId(tenantId) === before) {
        // The tenant this session is in was changed by those who run it (titles, home content): reload
        // its data in place, without leaving the page.
        await Promise.all(tenantDataKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        return;
      }
      // The server moved every session of the user (this browser's too) to the tenant, so the refreshed
      // token carries it; accepting it stores activeTenantId and sets it active. A session that did not
      // move (an impersonation viewing as the user) stays where it is.
      const result = await refreshSession();
      if (!result || result.user.activeTenantId === before) return;
      // As when choosing a tenant in this tab: every query is about the tenant, general data first of all.
      await queryClient.invalidateQueries();
      navigate(href('home', 'home'));
    },

    async ImpersonateStarted(userId) {
      const viewed = asId(userId);
      await sleep(IMPERSONATION_START_SETTLE_MS);
      const session = getSession();
      if (!viewed || session.status !== 'authenticated' || session.user.id === viewed) return;
      // The impersonate answer moved this browser's refresh cookie to the impersonation session.
      const result = await refreshSession();
      if (!result) return;
      if (result.user.id === viewed && result.user.impersonatorId) {
        await setLanguage(result.user.language);
        localStorage.setItem(STORAGE_KEYS.isImpersonatingMode, 'true');
        reload();
        return;
      }
      // A browser whose cookie still names the super administrator is another device: it never becomes
      // the impersonation (that would hand a view-as session to whatever device is signed in as them),
      // but says what happened there (decision 017).
      if (result.user.id === session.user.id && !result.user.impersonatorId) {
        notify(await impersonationElsewhere(viewed));
      }
    },

    ImpersonateStoped() {
      // The tab that ended it already holds the super administrator's cookie again: no request here.
      localStorage.setItem(STORAGE_KEYS.isImpersonatingMode, 'false');
      setTimeout(reload, IMPERSONATION_END_RELOAD_MS);
    },

    LogOut() {
      clearLocalStorage();
      localStorage.setItem(STORAGE_KEYS.isImpersonatingMode, 'false');
      endSession({ sessionOver: false });
      navigate(href('auth', 'signIn'), { replace: true });
    },
  };
}

/**
 * Once connected, at first and after a reconnect: what the reload events keep fresh is refetched, since
 * events sent while the tab had no connection are lost (the server keeps no backlog).
 */
export async function catchUpAfterConnect(queryClient: QueryClient, live: readonly LiveEvents[] = []) {
  const declared = live.flatMap((events) => Object.values(events).flat());
  await invalidateAll(queryClient, [...declared, ...tenantDataKeys]);
}

/** The part of a HubConnection the handlers are registered on. */
export type HubEventSource = { on(methodName: string, newMethod: (...args: unknown[]) => unknown): void };

/**
 * Registers every handler under its event name. A failing handler is logged, never thrown into the
 * client; the returned promise (which the client ignores) settles when the handler is done.
 */
export function registerHubHandlers(connection: HubEventSource, handlers: HubHandlers) {
  for (const event of Object.keys(HUB_EVENTS) as HubEvent[]) {
    const handler = handlers[event];
    connection.on(HUB_EVENTS[event], (...args) =>
      Promise.resolve()
        .then(() => handler(...args))
        .catch((err: unknown) => console.error(`hub: the ${event} handler failed`, err)),
    );
  }
}

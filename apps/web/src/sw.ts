/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa, injectManifest: the build fills in self.__WB_MANIFEST).
// - The build's scripts, styles, icons and fonts are precached: after one visit the app opens with no
//   network. index.html is not among them: the server writes a fresh CSP nonce into every copy, so
//   the page comes from the network whenever there is one (never a stale page after a deploy) and
//   the last copy fetched is kept as the offline shell for every path.
// - Nothing under /core (the API, the hub, the API docs) is ever answered or kept by the worker.
// - Web push: shows the message and opens its page on a click.
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { notificationPage } from './shared/pwa/notification-page';

declare const self: ServiceWorkerGlobalScope;

/** The page every path of the app is (the router takes it from there), as last fetched. */
const SHELL_CACHE = 'atrium-shell';
const SHELL_KEY = '/';
const NOT_OURS = [/^\/core(\/|$)/, /^\/metrics(\/|$)/];
const ICON = '/icons/icon-192.png';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const isPage = (response: Response) =>
  response.ok && response.type === 'basic' && (response.headers.get('content-type') ?? '').includes('text/html');

async function keepShell(response: Response) {
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(SHELL_KEY, response);
}

self.addEventListener('install', (event) => {
  // The first visit's page was fetched before this worker existed: fetch the shell once now.
  event.waitUntil(
    fetch(SHELL_KEY, { cache: 'no-store', credentials: 'same-origin' })
      .then((response) => (isPage(response) ? keepShell(response) : undefined))
      .catch(() => undefined),
  );
});

// Pages: the network first (a fresh nonce, the current build); offline, the kept shell.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        const response = await fetch(request);
        if (isPage(response)) await keepShell(response.clone());
        return response;
      } catch (error) {
        const shell = await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE });
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: NOT_OURS },
  ),
);

// Other same-origin static files the pages load (icons, files outside the build's list).
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    !NOT_OURS.some((pattern) => pattern.test(url.pathname)) &&
    ['style', 'script', 'font', 'image', 'manifest'].includes(request.destination),
  new StaleWhileRevalidate({
    cacheName: 'atrium-static',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// The 'Reload' of the new-version prompt (virtual:pwa-register's updateSW posts this).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

type PushPayload = { title?: unknown; body?: unknown; url?: unknown };

/** Only a path of this app is opened from a notification. */
const pageOf = (url: unknown) => notificationPage(url, self.location.origin);

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() as PushPayload | null) ?? {};
  } catch {
    data = { body: event.data?.text() };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Atrium';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: ICON,
      badge: ICON,
      data: { url: pageOf(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(pageOf((event.notification.data as { url?: unknown } | null)?.url), self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused.url !== target.href)
          await focused.navigate(target.href).catch(() => self.clients.openWindow(target.href));
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});

/// <reference lib="webworker" />
// The service worker (issue 23 item 3): the app shell precached (vite-plugin-pwa writes the
// build's file list into __WB_MANIFEST), navigations answered from it offline, a new build waiting
// until the page asks it to take over (the update prompt), and price-alert pushes shown as
// notifications that open the stock. Money calls are never cached or queued here: /api and
// /socket.io always go to the network.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

cleanupOutdatedCaches();
// The shell only (index.html, the manifest, the icons): a phone's first visit does not download
// every screen's code. The hashed scripts and styles a screen loads are kept as they are fetched
// (their names change with every build, so a kept copy is never stale), so a screen once opened
// opens offline.
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'kabuto-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/admin/, /^\/socket\.io/, /^\/uploads/],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface AlertPush {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener('push', (event: PushEvent) => {
  let data: AlertPush = {};
  try {
    data = (event.data?.json() ?? {}) as AlertPush;
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title ?? 'Kabuto', {
      body: data.body ?? '',
      tag: data.tag ?? 'kabuto',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: data.url ?? '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      const open = windows[0];
      if (open) return open.navigate(url).then((client) => client?.focus());
      return self.clients.openWindow(url);
    }),
  );
});

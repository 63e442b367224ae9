/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SEND_MESSAGE, SEND_SYNC_TAG } from './sync-tags';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The whole app is kept on the phone, so it opens with no signal; a new version takes over when every window of
// the old one has closed, never under a carer's typing.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/carer/index.html')));

/**
 * Background Sync: the browser wakes the worker when signal returns. The app's open windows send (each holds the
 * sign-in, whose refresh token may be used by one sender only); with none open, the visits go when the app opens.
 */
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (sync.tag !== SEND_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const window of windows) window.postMessage(SEND_MESSAGE);
    }),
  );
});

/*
 * Service worker for release notifications (Web Push).
 * The server sends an encrypted JSON message per subscriber:
 *   { title, body, url: "/viewer/<chapterId>", lang, locale, chapterId, titleId }
 * It is shown as a notification; a click focuses a tab of this site showing
 * that URL, else navigates an open tab there, else opens a new window.
 */
/* eslint-env serviceworker */

// Offline reading (src/sw/offlineWorker.ts, built to /sw-offline.js): absent in development.
try {
  importScripts('/sw-offline.js');
} catch {
  // No offline reading without it.
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readMessage(event) {
  if (!event.data) return null;
  try {
    return event.data.json();
  } catch {
    return { title: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const msg = readMessage(event);
  if (!msg || typeof msg.title !== 'string') return;
  const url = typeof msg.url === 'string' && msg.url.startsWith('/') ? msg.url : '/';
  const shown = self.registration.showNotification(msg.title, {
    body: typeof msg.body === 'string' ? msg.body : '',
    lang: typeof msg.locale === 'string' ? msg.locale : '',
    icon: '/app-icon.svg',
    badge: '/favicon.svg',
    tag: typeof msg.chapterId === 'number' ? `chapter-${msg.chapterId}` : undefined,
    data: { url },
  });
  // Tell open pages too (used by tests and by a page that wants to react).
  const told = self.clients
    .matchAll({ type: 'window', includeUncontrolled: true })
    .then((list) => list.forEach((c) => c.postMessage({ type: 'push.received', message: msg })));
  event.waitUntil(Promise.all([shown, told]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (list) => {
      const same = list.find((c) => c.url === url);
      if (same) return same.focus();
      const any = list.find((c) => new URL(c.url).origin === self.location.origin);
      if (any) {
        const nav = await any.navigate(url).catch(() => null);
        return (nav || any).focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});

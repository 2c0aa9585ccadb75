/**
 * The offline part of the service worker (built by Vite to /sw-offline.js,
 * loaded by public/sw.js with importScripts, so one worker at scope / serves
 * both push and offline reading). It only answers from what the page saved
 * (src/features/offline/offlineStore.ts): when the network fails, a page navigation gets
 * the app's page, /api/manga_viewer?chapter_id=N the saved chapter's answer,
 * and the app's files and saved page images their saved copies. Online,
 * everything goes to the network as before. No imports: the built file must
 * be one classic script.
 */

// Cache names, as src/features/offline/offlineStore.ts writes them (the app's files are in 'offline-app').
const CHAPTER_PREFIX = 'offline-chapter-';
const SHELL_URL = '/index.html';
const VIEWER_PATH = '/api/manga_viewer';

interface FetchEventLike extends Event {
  request: Request;
  respondWith(r: Promise<Response>): void;
}

const scope = self as unknown as { addEventListener(type: 'fetch', l: (e: FetchEventLike) => void): void; location: Location };

/** The saved answer of /api/manga_viewer (stored under its chapter id alone: the query's other choices may differ). */
async function savedAnswer(url: URL): Promise<Response> {
  const id = url.searchParams.get('chapter_id') ?? '';
  // (caches.match with a cache name creates no cache: opening one would leave an empty one for a chapter never saved.)
  return (await caches.match(`${VIEWER_PATH}?chapter_id=${id}`, { cacheName: `${CHAPTER_PREFIX}${id}` })) ?? Response.error();
}

async function saved(req: Request | string): Promise<Response> {
  return (await caches.match(req, { ignoreVary: true })) ?? Response.error();
}

function onFetch(event: FetchEventLike): void {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  const local = url.origin === scope.location.origin;
  if (req.mode === 'navigate' && local) {
    event.respondWith(fetch(req).catch(() => saved(SHELL_URL)));
  } else if (local && url.pathname === VIEWER_PATH) {
    event.respondWith(fetch(req).catch(() => savedAnswer(url)));
  } else if (!local || !url.pathname.startsWith('/api/')) {
    // The app's files and page images (here or on PUBLIC_URL's origin).
    event.respondWith(fetch(req).catch(() => saved(req)));
  }
}

scope.addEventListener('fetch', onFetch);

export {};

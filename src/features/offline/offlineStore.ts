/**
 * Chapters saved for offline reading, in Cache Storage (read back by the
 * service worker, src/sw/offlineWorker.ts): per chapter, the viewer's
 * answer (stored under /api/manga_viewer?chapter_id=N), its encrypted page
 * images and page-thumbnail sheets under their own URLs, and a note of what it is (META). A download
 * writes into a staging cache and is copied into the chapter's cache only
 * when whole; any failure (the device's storage full, the network) deletes
 * both: nothing half-saved is kept. The app's own files (sw-assets.json,
 * written by the build) are saved once beside them, so the app opens
 * offline.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { ResponseSchema } from '../../../core/gen/manga/v1/response_pb';
import { MANGA_VIEWER_PATH, mangaViewerQuery } from '../../../core/viewer/chapterQuery';
import { DEFAULT_RESOLUTION, QUALITY_OF } from '../../../core/viewer/imageQuality';
import { chapterThumbs } from '../../../core/viewer/pageThumbs';
import { sessionToken } from '../../api/client';
import { toSearch } from '../../api/query';
import { storedContentLangs, storedResolution, storedViewerMode } from '../../lib/storage';

const CHAPTER_PREFIX = 'offline-chapter-';
const STAGING_PREFIX = 'offline-staging-';
const APP_CACHE = 'offline-app';
const META = '/offline/meta';
const SHELL_URL = '/index.html';
const SERVICE_WORKER_URL = '/sw.js';

/** A chapter saved for offline reading. */
export interface SavedChapter {
  chapterId: number;
  titleId: number;
  titleName: string;
  chapterName: string;
  pages: number;
  /** Bytes stored (the answer and the page images). */
  bytes: number;
  /** When it was saved (ms, the browser's clock). */
  savedAt: number;
}

/** A download stopped by the device's storage quota. */
export class QuotaError extends Error {}

/** Whether this browser can save chapters (Cache Storage and service workers). */
export function offlineSupported(): boolean {
  return typeof caches !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

const isQuota = (e: unknown) => e instanceof DOMException && (e.name === 'QuotaExceededError' || e.code === 22);

/** The worker that serves saved chapters (the same one as push notifications: public/sw.js). */
async function ensureWorker(): Promise<void> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
}

async function fetchOk(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { credentials: 'same-origin', ...init });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res;
}

/** The app's files, saved once per build (what is already saved is not fetched again). */
async function saveApp(signal: AbortSignal): Promise<void> {
  const cache = await caches.open(APP_CACHE);
  const files = (await (await fetchOk('/sw-assets.json', { signal })).json()) as string[];
  for (const url of [SHELL_URL, ...files]) {
    if (url !== SHELL_URL && (await cache.match(url))) continue;
    await cache.put(url, await fetchOk(url, { signal }));
  }
}

/**
 * Saves a chapter: progress(0, 1) once the service worker is ready, then
 * progress(done, total) after the answer and after each page; rejects with QuotaError when the device's storage is full, with the
 * signal's reason when cancelled; nothing is kept unless all of it was saved.
 */
export async function saveChapter(
  chapterId: number,
  signal: AbortSignal,
  progress: (done: number, total: number) => void,
): Promise<SavedChapter> {
  const staging = `${STAGING_PREFIX}${chapterId}`;
  const final = `${CHAPTER_PREFIX}${chapterId}`;
  try {
    await ensureWorker();
    progress(0, 1);
    await saveApp(signal);
    const stage = await caches.open(staging);
    const query = mangaViewerQuery(
      chapterId,
      QUALITY_OF[storedResolution() ?? DEFAULT_RESOLUTION],
      storedViewerMode() ?? 'vertical',
      storedContentLangs(),
    );
    const answer = new Uint8Array(
      await (
        await fetchOk(`/api${MANGA_VIEWER_PATH}${toSearch(query)}`, { signal, headers: { 'SESSION-TOKEN': sessionToken() } })
      ).arrayBuffer(),
    );
    const res = fromBinary(ResponseSchema, answer);
    if (res.result.case !== 'success' || res.result.value.data.case !== 'mangaViewer') throw new Error('no chapter in the answer');
    const viewer = res.result.value.data.value;
    const mangaPages = viewer.pages.flatMap((p) => (p.data.case === 'mangaPage' ? [p.data.value] : []));
    const urls = mangaPages.map((p) => p.imageUrl);
    // The page thumbnails' sheets too (core/viewer/pageThumbs.ts): the slider and the strip work offline.
    const files = [...urls, ...(chapterThumbs(mangaPages)?.sheets.map((s) => s.url) ?? [])];
    const total = files.length + 1;
    let bytes = answer.byteLength;
    await stage.put(
      `/api${MANGA_VIEWER_PATH}?chapter_id=${chapterId}`,
      new Response(answer, { headers: { 'content-type': 'application/x-protobuf' } }),
    );
    progress(1, total);
    for (const [i, url] of files.entries()) {
      const blob = await (await fetchOk(url, { signal })).blob();
      bytes += blob.size;
      await stage.put(url, new Response(blob, { headers: { 'content-type': blob.type || 'application/octet-stream' } }));
      progress(i + 2, total);
    }
    const saved: SavedChapter = {
      chapterId,
      titleId: viewer.titleId,
      titleName: viewer.titleName,
      chapterName: viewer.chapterName,
      pages: urls.length,
      bytes,
      savedAt: Date.now(),
    };
    await stage.put(META, new Response(JSON.stringify(saved), { headers: { 'content-type': 'application/json' } }));
    // Whole: copied into the chapter's own cache, which the service worker reads.
    signal.throwIfAborted();
    const into = await caches.open(final);
    for (const req of await stage.keys()) await into.put(req, (await stage.match(req))!);
    await caches.delete(staging);
    return saved;
  } catch (e) {
    await caches.delete(staging).catch(() => false);
    await caches.delete(final).catch(() => false);
    throw isQuota(e) ? new QuotaError('storage quota exceeded', { cause: e }) : e;
  }
}

/** The chapter as saved, or null when it is not (or not whole). */
export async function savedChapter(chapterId: number): Promise<SavedChapter | null> {
  if (!offlineSupported() || !(await caches.has(`${CHAPTER_PREFIX}${chapterId}`))) return null;
  const meta = await (await caches.open(`${CHAPTER_PREFIX}${chapterId}`)).match(META);
  return meta ? ((await meta.json()) as SavedChapter) : null;
}

/** Every saved chapter, most recently saved first. */
export async function savedChapters(): Promise<SavedChapter[]> {
  if (!offlineSupported()) return [];
  const ids = (await caches.keys()).filter((k) => k.startsWith(CHAPTER_PREFIX)).map((k) => Number(k.slice(CHAPTER_PREFIX.length)));
  const all = await Promise.all(ids.map(savedChapter));
  return all.filter((c): c is SavedChapter => c !== null).sort((a, b) => b.savedAt - a.savedAt);
}

/** Deletes a saved chapter. */
export async function removeChapter(chapterId: number): Promise<void> {
  await caches.delete(`${CHAPTER_PREFIX}${chapterId}`);
}

/** Storage used and available to this site (bytes), where the browser tells. */
export async function storageUse(): Promise<{ usage: number; quota: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  const e = await navigator.storage.estimate();
  return { usage: e.usage ?? 0, quota: e.quota ?? 0 };
}

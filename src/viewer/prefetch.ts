/**
 * Chapter preloading, used twice: when the reader nears the end (the next
 * chapter), and the moment /viewer/{id} is matched (the chapter itself, in
 * parallel with loading the viewer's code and starting the canvas). The
 * chapter data and its first page images are fetched and decoded; the viewer
 * takes the promises, so nothing is fetched twice even while in flight.
 * Bounded: one chapter's data, a few bitmaps.
 */
import type { MangaViewer } from '../../core/gen/manga/v1/viewer_pb';
import type { DecodePool } from './decodePool';
import { closeImage, type PageImage } from './pageImage';

/** A page decoded ahead: by the pool (in tiles), or by the start-up drawing on the main thread (one bitmap). */
export type Prefetched = PageImage | ImageBitmap;

const PREFETCH_PAGES = 3;

const bitmaps = new Map<string, Promise<Prefetched>>();
let viewer: { key: string; data: Promise<MangaViewer> } | undefined;

/** A first page being (or already) decoded for `url`, used once. */
export function takePrefetched(url: string): Promise<Prefetched> | undefined {
  const b = bitmaps.get(url);
  if (b) bitmaps.delete(url);
  return b;
}

/** The prefetched chapter data (or its request in flight), used once. */
export function takePrefetchedViewer(key: string): Promise<MangaViewer> | undefined {
  if (viewer?.key !== key) return undefined;
  const d = viewer.data;
  viewer = undefined;
  return d;
}

/** Holds a page's bitmap for the viewer (dropped if it fails: the viewer then loads it itself). */
function keep(url: string, b: Promise<Prefetched>): void {
  b.catch(() => bitmaps.get(url) === b && bitmaps.delete(url));
  bitmaps.set(url, b);
}

function clear(): void {
  for (const b of bitmaps.values())
    void b.then(
      (x) => (x instanceof ImageBitmap ? x.close() : closeImage(x)),
      () => {},
    );
  bitmaps.clear();
}

/**
 * Loads `key`'s chapter data with `load`, then decodes its first pages
 * (but those in `ready`: pages already being decoded, by URL, as the
 * first pages drawn before the app loaded, src/boot/chapterStartDrawing.ts). A second call for the same key is
 * ignored; another key replaces it.
 */
export function prefetchChapter(
  key: string,
  load: () => Promise<MangaViewer>,
  pool: DecodePool,
  ready: ReadonlyArray<readonly [url: string, bitmap: Promise<ImageBitmap>]> = [],
): void {
  if (viewer?.key === key) return;
  clear();
  for (const [url, b] of ready) keep(url, b);
  const data = load();
  viewer = { key, data };
  data.then(
    (d) => {
      if (viewer?.key !== key) return;
      const pages = d.pages.flatMap((p) => (p.data.case === 'mangaPage' ? [p.data.value] : [])).slice(0, PREFETCH_PAGES);
      for (const m of pages) {
        if (bitmaps.has(m.imageUrl)) continue;
        keep(
          m.imageUrl,
          new Promise<PageImage>((resolve, reject) => {
            pool.request(m.imageUrl, m.encryptionKey, {
              onStart: () => {},
              onProgress: () => {},
              onDone: resolve,
              onError: (e) => reject(new Error(e)),
            });
          }),
        );
      }
    },
    // Preloading is best effort: the viewer loads normally when it takes nothing.
    () => {
      if (viewer?.key === key) viewer = undefined;
    },
  );
}

/**
 * Next-chapter preloading: when the reader nears the end, the next chapter's
 * data and its first page images are fetched and decoded, so opening it
 * draws at once. Bounded: one chapter's data, a few bitmaps.
 */
import type { MangaViewer } from '../gen/manga/v1/viewer_pb';
import type { DecodePool } from './decodePool';

export const PREFETCH_PAGES = 3;

const bitmaps = new Map<string, ImageBitmap>();
let viewer: { key: string; data: MangaViewer } | undefined;
let inFlight: string | undefined;

export function takePrefetched(url: string): ImageBitmap | undefined {
  const b = bitmaps.get(url);
  if (b) bitmaps.delete(url);
  return b;
}

export function prefetchedCount(): number {
  return bitmaps.size;
}

/** The prefetched chapter data, used once. */
export function takePrefetchedViewer(key: string): MangaViewer | undefined {
  if (viewer?.key !== key) return undefined;
  const d = viewer.data;
  viewer = undefined;
  return d;
}

function clear(): void {
  for (const b of bitmaps.values()) b.close();
  bitmaps.clear();
}

/**
 * Loads `key`'s chapter data with `load`, then decodes its first pages.
 * A second call for the same key is ignored; another key replaces it.
 */
export async function prefetchChapter(key: string, load: () => Promise<MangaViewer>, pool: DecodePool): Promise<void> {
  if (inFlight === key || viewer?.key === key) return;
  inFlight = key;
  try {
    const data = await load();
    if (inFlight !== key) return;
    clear();
    viewer = { key, data };
    const pages = data.pages.flatMap((p) => (p.data.case === 'mangaPage' ? [p.data.value] : [])).slice(0, PREFETCH_PAGES);
    for (const m of pages) {
      pool.request(m.imageUrl, m.encryptionKey, {
        onStart: () => {},
        onProgress: () => {},
        onDone: (b) => {
          if (viewer?.key !== key || bitmaps.size >= PREFETCH_PAGES) b.close();
          else bitmaps.set(m.imageUrl, b);
        },
        onError: () => {},
      });
    }
  } catch {
    // Preloading is best effort; the chapter loads normally when opened.
  } finally {
    if (inFlight === key) inFlight = undefined;
  }
}

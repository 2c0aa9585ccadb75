/**
 * Chapter preloading, used twice: when the reader nears the end (the next
 * chapter), and the moment /viewer/{id} is matched (the chapter itself, in
 * parallel with loading the viewer's code and starting the canvas). The
 * chapter data and its first page images are fetched and decoded; the viewer
 * takes the promises, so nothing is fetched twice even while in flight.
 * Bounded: one chapter's data, a few bitmaps. One per page, in the app's
 * viewer services (src/boot/viewerServices.ts); sessions reach it through
 * their environment.
 */
import type { MangaViewer } from '../../core/gen/manga/v1/viewer_pb';
import type { DecodePool } from './decodePool';
import { closeImage, type PageImage } from './pageImage';

/** A page decoded ahead: by the pool (in tiles), or by the start-up drawing on the main thread (one bitmap). */
export type Prefetched = PageImage | ImageBitmap;

const PREFETCH_PAGES = 3;

export class ChapterPrefetch {
  private readonly bitmaps = new Map<string, Promise<Prefetched>>();
  private viewer: { key: string; data: Promise<MangaViewer> } | undefined;

  constructor(private readonly pool: DecodePool) {}

  /** A first page being (or already) decoded for `url`, used once. */
  takePage(url: string): Promise<Prefetched> | undefined {
    const b = this.bitmaps.get(url);
    if (b) this.bitmaps.delete(url);
    return b;
  }

  /** The prefetched chapter data (or its request in flight), used once. */
  takeViewer(key: string): Promise<MangaViewer> | undefined {
    if (this.viewer?.key !== key) return undefined;
    const d = this.viewer.data;
    this.viewer = undefined;
    return d;
  }

  /** Holds a page's bitmap for the viewer (dropped if it fails: the viewer then loads it itself). */
  private keep(url: string, b: Promise<Prefetched>): void {
    b.catch(() => this.bitmaps.get(url) === b && this.bitmaps.delete(url));
    this.bitmaps.set(url, b);
  }

  private clear(): void {
    for (const b of this.bitmaps.values())
      void b.then(
        (x) => (x instanceof ImageBitmap ? x.close() : closeImage(x)),
        () => {},
      );
    this.bitmaps.clear();
  }

  /**
   * Loads `key`'s chapter data with `load`, then decodes its first pages
   * (but those in `ready`: pages already being decoded, by URL, as the
   * first pages drawn before the app loaded, src/boot/chapterStartDrawing.ts). A second call for the same key is
   * ignored; another key replaces it.
   */
  chapter(
    key: string,
    load: () => Promise<MangaViewer>,
    ready: ReadonlyArray<readonly [url: string, bitmap: Promise<ImageBitmap>]> = [],
  ): void {
    if (this.viewer?.key === key) return;
    this.clear();
    for (const [url, b] of ready) this.keep(url, b);
    const data = load();
    this.viewer = { key, data };
    data.then(
      (d) => {
        if (this.viewer?.key !== key) return;
        const pages = d.pages.flatMap((p) => (p.data.case === 'mangaPage' ? [p.data.value] : [])).slice(0, PREFETCH_PAGES);
        for (const m of pages) {
          if (this.bitmaps.has(m.imageUrl)) continue;
          this.keep(
            m.imageUrl,
            new Promise<PageImage>((resolve, reject) => {
              this.pool.request(m.imageUrl, m.encryptionKey, {
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
        if (this.viewer?.key === key) this.viewer = undefined;
      },
    );
  }
}

/**
 * The first pages of /viewer/{id} drawn before the viewer's code loads.
 *
 * The server puts the chapter's answer in the page it sends (bootData.ts),
 * with its pages in plain data (pageShape.ts), and asks the browser to fetch
 * the first pages at once (<link rel=preload as=fetch>). The entry runs this
 * before loading the app: it works out which pages the viewer shows first
 * and where (firstView.ts), fetches them (the preloaded responses), decrypts
 * and decodes them (createImageBitmap decodes off the main thread; the XOR of
 * one page is a fraction of a millisecond) and draws them on a plain 2D
 * canvas over the whole window. Neither Pixi nor the protobuf runtime is
 * needed for that. The viewer then takes the chapter (the answer in the page)
 * and these bitmaps as prefetched (prefetch.ts), adopts the canvas into its
 * stage under its menus and removes it once its own canvas shows the same
 * pages (ViewerStage), or at the reader's first paging input.
 */
import { DEFAULT_RESOLUTION, QUALITY_OF } from '../../machines/imageQuality';
import type { Boot } from '../api/bootData';
import { toSearch } from '../api/query';
import { getContentLangs } from '../lib/prefs';
import { readLastPage } from '../screens/viewer/lastPage';
import { MANGA_VIEWER_PATH, mangaViewerQuery, storedMode, storedResolution, viewerQueryKey } from './chapterQuery';
import { decodePool } from './decodePool';
import { planFirstView, type FirstPage } from './firstView';
import { prefetchChapter } from './prefetch';
import { hexToBytes, xorInPlace } from './xor';

/** The canvas while it is on screen. */
let canvas: HTMLCanvasElement | null = null;

/** The first-page canvas, if it is still on screen. */
export function firstPageCanvas(): HTMLCanvasElement | null {
  return canvas;
}

/** Takes the first-page canvas off the screen (idempotent). */
export function dismissFirstPage(): void {
  canvas?.remove();
  canvas = null;
}

async function decodePage(url: string, key: string): Promise<ImageBitmap> {
  // Same mode and credentials as the page's <link rel=preload as=fetch crossorigin>: its response is used.
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bytes = xorInPlace(new Uint8Array(await res.arrayBuffer()), hexToBytes(key));
  return createImageBitmap(new Blob([bytes as BlobPart]));
}

const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Draws the first pages of chapter `chapterId` from the chapter the server
 * put in the page (nothing when there is none, or when it was asked with
 * other choices than the ones stored here). Resolves once they are painted
 * (or failed), or after `capMs`.
 */
export async function paintFirstPage(chapterId: number, chapter: Boot['chapter'], capMs: number): Promise<void> {
  const quality = QUALITY_OF[storedResolution() ?? DEFAULT_RESOLUTION];
  const mode = storedMode();
  if (!chapter || chapter.query !== `${MANGA_VIEWER_PATH}${toSearch(mangaViewerQuery(chapterId, quality, mode ?? 'vertical', getContentLangs()))}`) return;
  const doc = document.documentElement;
  const viewport = { width: doc.clientWidth, height: doc.clientHeight };
  const plan = planFirstView(chapter.shape, viewport, mode, readLastPage(chapterId));
  const pages = plan.pages.map((p) => ({ ...p, bitmap: decodePage(p.url, p.key) }));
  // The viewer takes these pages, and the chapter (the answer in the page: no call), as prefetched.
  // The protobuf runtime that reads the answer loads once they are drawn.
  let release = () => {};
  const later = new Promise<void>((resolve) => (release = resolve));
  prefetchChapter(
    viewerQueryKey(chapterId, quality),
    () => later.then(() => import('./api')).then((m) => m.loadMangaViewer(chapterId, quality)),
    decodePool(),
    pages.map((p) => [p.url, p.bitmap] as const),
  );
  try {
    await drawPages(pages, viewport, capMs);
  } finally {
    release();
  }
}

/** Draws `pages` on a canvas over the window; resolves once painted (or all failed), or after `capMs`. */
async function drawPages(pages: Array<FirstPage & { bitmap: Promise<ImageBitmap> }>, viewport: { width: number; height: number }, capMs: number): Promise<void> {
  if (!pages.length) return;

  const c = document.createElement('canvas');
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  c.width = Math.round(viewport.width * dpr);
  c.height = Math.round(viewport.height * dpr);
  c.className = 'viewer-first';
  c.setAttribute('aria-hidden', 'true');
  Object.assign(c.style, { position: 'fixed', inset: '0', width: `${viewport.width}px`, height: `${viewport.height}px`, background: '#111', pointerEvents: 'none' });
  const ctx = c.getContext('2d', { alpha: false, willReadFrequently: true });
  if (!ctx) return;
  ctx.fillStyle = '#111';
  ctx.fillRect(0, 0, c.width, c.height);
  document.body.append(c);
  canvas = c;
  const drawnItems: number[] = [];
  const drawn = Promise.allSettled(
    pages.map(async (p) => {
      const bmp = await p.bitmap;
      if (canvas !== c) return;
      ctx.drawImage(bmp, p.x * dpr, p.y * dpr, p.w * dpr, p.h * dpr);
      drawnItems.push(p.item);
      // Which items it shows (tests and bench/viewer read it).
      c.dataset.items = drawnItems.join(',');
    }),
  );
  await Promise.race([drawn.then(painted), new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
  // Nothing drawn (every page failed, or not yet): the viewer shows its own progress or retry controls.
  if (!drawnItems.length && canvas === c) dismissFirstPage();
}

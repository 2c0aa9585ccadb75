/**
 * Showing a chapter's first pages before the viewer loads, from the chapter
 * the server put in the page (pageData.ts): which pages the viewer shows
 * first and where (core/viewer/firstViewPlan.ts), each an <img> at its place
 * in a layer over the window. With the chapter's view token in the page, an
 * <img> of the plain page (core/viewer/plainPages.ts): the browser fetches it
 * from the page's preload and decodes it off the main thread as it does any
 * image, the same path as a plain <img> page's in every engine. Without one
 * (or when the plain page fails: its token expired), the encrypted page is
 * fetched (the page's preloaded response), decrypted (the XOR of one page is
 * a fraction of a millisecond) and shown from a blob: URL. No Pixi, no
 * protobuf runtime, no workers: the server inlines this (built alone by
 * vite.inline.config.ts) in /viewer/{id} pages so it runs while the page is
 * parsed; the entry runs it itself when it did not (chapterStartHandOver.ts,
 * which hands the pages over to the viewer: each one's bitmap, made from its
 * <img> once every page is painted). The reader's stored mode, resolution and
 * resume position come from src/lib/storage.ts.
 */
import { DEFAULT_RESOLUTION, QUALITY_OF } from '../../core/viewer/imageQuality';
import type { PageData } from './pageData';
import { toSearch } from '../api/query';
import { storedResolution, storedResumePosition, storedViewerMode } from '../lib/storage';
import { MANGA_VIEWER_PATH, mangaViewerQuery } from '../../core/viewer/chapterQuery';
import { planFirstView } from '../../core/viewer/firstViewPlan';
import { hexToBytes, xorInPlace } from '../viewer/xor';
import { plainPageUrl } from '../../core/viewer/plainPages';

export interface FirstDrawing {
  chapterId: number;
  /** The pages being shown: URL (the encrypted page's, as the viewer names it) and its bitmap (the viewer takes them as prefetched). */
  pages: { url: string; bitmap: Promise<ImageBitmap> }[];
  /** The layer over the window, one <img> per page (none when no page is on screen); in the document from the start. */
  element: HTMLElement | null;
  /** Stops showing and takes the layer off the screen. */
  dismiss(): void;
  /** Settles once every page is shown (or failed) and on the screen (see `painted`). */
  done: Promise<void>;
}

declare global {
  interface Window {
    /** The drawing the inlined script (chapterStartScript.ts) started while the page was parsed (taken by the entry). */
    __chapterStart?: FirstDrawing;
  }
}

/**
 * The request options the page's `<link rel=preload as=fetch>` (no crossorigin attribute) stands
 * for: mode no-cors, credentials include. A fetch must ask with the same to be given the preload's
 * response (Fetch and preload match on both); WebKit reuses no CORS-mode preload of a same-origin
 * URL at all (it alone sends Origin on it, then finds the headers differ), so the page's preload
 * is a plain one and the fetch matches it. Same-origin, a no-cors response is readable (basic, not
 * opaque); a page on another origin (PUBLIC_URL naming another host) is asked with CORS, readable
 * only so (it gets no use of the preload then).
 */
function preloadMatching(url: string, origin = location.origin): RequestInit {
  return new URL(url, origin).origin === origin ? { mode: 'no-cors', credentials: 'include' } : { credentials: 'same-origin' };
}

/** The encrypted page fetched (the page's preload when there is one) and decrypted, as a blob: URL. */
async function decryptedUrl(url: string, key: string): Promise<string> {
  const res = await fetch(url, preloadMatching(url));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bytes = xorInPlace(new Uint8Array(await res.arrayBuffer()), hexToBytes(key));
  mark('fetched');
  return URL.createObjectURL(new Blob([bytes as BlobPart], { type: res.headers.get('content-type') ?? 'image/webp' }));
}

/**
 * Loads and decodes page `p` into `img`: its plain page with a token, else (or when that fails)
 * the encrypted page decrypted here. Resolves once the image is decoded (ready to paint whole).
 */
async function loadPage(img: HTMLImageElement, p: { url: string; key: string }, token: string | undefined): Promise<void> {
  const plain = token ? plainPageUrl(p.url, token) : null;
  const show = (src: string) => {
    img.src = src;
    return img.decode();
  };
  try {
    if (!plain) throw new Error('no plain page');
    await show(plain);
  } catch {
    await show(await decryptedUrl(p.url, p.key));
  }
  mark('decoded');
}

/**
 * A User Timing mark of the drawing's steps ('first-pages:fetched' (an encrypted page only),
 * ':decoded', ':drawn', once each: its first page's), for a developer's performance panel
 * and bench/viewer's account of where the first page's time goes.
 */
function mark(step: string): void {
  const name = `first-pages:${step}`;
  if (typeof performance.mark === 'function' && !performance.getEntriesByName(name).length) performance.mark(name);
}

const nextFrame = (resolve: () => void) => requestAnimationFrame(() => setTimeout(resolve, 0));

/**
 * Resolves once the drawn pages are on the screen: the page's first contentful paint (the
 * browser's report of the frame presented; the pages are the page's first content), else the
 * next frame. Until then the app's code waits: run at once, it holds the processor the frame's
 * raster needs (on a 2-core machine with software GL, 100-200 ms later on screen).
 */
const painted = () =>
  new Promise<void>((resolve) => {
    const FCP = 'first-contentful-paint';
    if (typeof PerformanceObserver === 'undefined' || performance.getEntriesByName(FCP).length) {
      nextFrame(resolve);
      return;
    }
    try {
      const o = new PerformanceObserver((list) => {
        if (!list.getEntriesByName(FCP).length) return;
        o.disconnect();
        resolve();
      });
      o.observe({ type: 'paint' });
    } catch {
      nextFrame(resolve);
    }
  });

/**
 * Starts drawing chapter `chapterId`'s first pages from a boot the app takes
 * (null when it carries no chapter, or one asked with other choices than the
 * ones stored here).
 */
export function drawFirstPages(chapterId: number, boot: PageData): FirstDrawing | null {
  const chapter = boot.chapter;
  const mode = storedViewerMode();
  const quality = QUALITY_OF[storedResolution() ?? DEFAULT_RESOLUTION];
  if (!chapter || chapter.query !== `${MANGA_VIEWER_PATH}${toSearch(mangaViewerQuery(chapterId, quality, mode ?? 'vertical', boot.clang))}`)
    return null;
  const doc = document.documentElement;
  // (The window's size: nothing is laid out yet, so no scroll bar to leave out. The root's client size
  // flushed a first layout here, 5-15 ms in Firefox before the first page was even asked for.)
  const viewport = { width: window.innerWidth || doc.clientWidth, height: window.innerHeight || doc.clientHeight };
  const plan = planFirstView(chapter.shape, viewport, mode, storedResumePosition(chapterId));
  const shown = plan.pages.map((p) => {
    const img = document.createElement('img');
    img.alt = '';
    // (Decoded as a plain page's <img> is, not decoding=async: Firefox's first page 1.97 × the plain page's with it,
    // 1.37 and 1.63 without, bench/viewer; in Chromium either way inside the spread.)
    img.setAttribute('fetchpriority', 'high');
    Object.assign(img.style, { position: 'absolute', left: `${p.x}px`, top: `${p.y}px`, width: `${p.w}px`, height: `${p.h}px` });
    return { ...p, img, loaded: loadPage(img, p, chapter.token) };
  });
  let allPainted = () => {};
  const painting = new Promise<void>((resolve) => (allPainted = resolve));
  // (Made once every page is on the screen: a bitmap of a decoded image takes the main thread a while.)
  // A decrypted page's blob: URL is let go then (the <img> keeps showing what it decoded).
  const bitmapOf = (s: (typeof shown)[number]) =>
    Promise.all([s.loaded, painting])
      .then(() => createImageBitmap(s.img))
      .finally(() => s.img.src.startsWith('blob:') && URL.revokeObjectURL(s.img.src));
  const out = { chapterId, pages: shown.map((s) => ({ url: s.url, bitmap: bitmapOf(s) })) };
  if (!shown.length) return { ...out, element: null, done: Promise.resolve(), dismiss: () => {} };
  const layer = firstLayer(viewport);
  // In the document at once (run from the page's head, there is no body yet: under <html>), its
  // images with it: the browser paints each as soon as it has decoded it, as it would a plain
  // page's <img> (decode() says so later, after a task or two). The layer's background is no content.
  (document.body ?? document.documentElement).append(layer);
  for (const s of shown) layer.append(s.img);
  let dismissed = false;
  const drawnItems: number[] = [];
  const done = Promise.allSettled(
    shown.map(async (s) => {
      await s.loaded;
      // (Taken off the screen meanwhile: the viewer shows the pages itself.)
      if (dismissed) return;
      mark('drawn');
      drawnItems.push(s.item);
      // Which items it shows (tests and bench/viewer read it).
      layer.dataset.items = drawnItems.join(',');
    }),
    // (Nothing shown, every page failed: nothing to wait for on the screen.)
  )
    .then(() => (drawnItems.length ? painted() : undefined))
    .finally(allPainted);
  return {
    ...out,
    element: layer,
    done,
    dismiss: () => {
      dismissed = true;
      layer.remove();
    },
  };
}

/** The layer the first pages go in: over the window, the viewer's background, no input. */
function firstLayer(viewport: { width: number; height: number }): HTMLDivElement {
  const layer = document.createElement('div');
  layer.className = 'viewer-first';
  layer.setAttribute('aria-hidden', 'true');
  Object.assign(layer.style, {
    position: 'fixed',
    inset: '0',
    width: `${viewport.width}px`,
    height: `${viewport.height}px`,
    overflow: 'hidden',
    background: '#111',
    pointerEvents: 'none',
  });
  return layer;
}

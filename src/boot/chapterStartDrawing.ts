/**
 * Drawing a chapter's first pages on a 2D canvas, from the chapter the server
 * put in the page (pageData.ts): which pages the viewer shows first and where
 * (core/viewer/firstViewPlan.ts), fetched (the page's preloaded responses), decrypted (the XOR
 * of one page is a fraction of a millisecond) and decoded (createImageBitmap,
 * off the main thread). No Pixi, no protobuf runtime, no workers: the server
 * inlines this (built alone by vite.inline.config.ts) in /viewer/{id} pages so
 * it runs while the page is parsed; the entry runs it itself when it did not
 * (chapterStartHandOver.ts, which hands the drawing over to the viewer). The
 * reader's stored mode, resolution and resume position come from
 * src/lib/storage.ts.
 */
import { DEFAULT_RESOLUTION, QUALITY_OF } from '../../core/viewer/imageQuality';
import type { PageData } from './pageData';
import { toSearch } from '../api/query';
import { storedResolution, storedResumePosition, storedViewerMode } from '../lib/storage';
import { MANGA_VIEWER_PATH, mangaViewerQuery } from '../../core/viewer/chapterQuery';
import { planFirstView } from '../../core/viewer/firstViewPlan';
import { hexToBytes, xorInPlace } from '../viewer/xor';

export interface FirstDrawing {
  chapterId: number;
  /** The pages being drawn: URL and its bitmap (the viewer takes them as prefetched). */
  pages: { url: string; bitmap: Promise<ImageBitmap> }[];
  /** The canvas over the window (none when no page is on screen); in the document from its first page on. */
  canvas: HTMLCanvasElement | null;
  /** Stops drawing and takes the canvas off the screen. */
  dismiss(): void;
  /** Settles once every page is drawn (or failed) and on the screen (see `painted`). */
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

/** Fetches, decrypts and decodes a page; `decoding` is called once the decode has started (off the main thread). */
async function decodePage(url: string, key: string, decoding: () => void): Promise<ImageBitmap> {
  const res = await fetch(url, preloadMatching(url));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bytes = xorInPlace(new Uint8Array(await res.arrayBuffer()), hexToBytes(key));
  mark('fetched');
  const bitmap = createImageBitmap(new Blob([bytes as BlobPart]));
  decoding();
  return bitmap.then((b) => (mark('decoded'), b));
}

/**
 * A User Timing mark of the drawing's steps ('first-pages:fetched', ':decoded',
 * ':drawn', once each: its first page's), for a developer's performance panel
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
  const viewport = { width: doc.clientWidth, height: doc.clientHeight };
  const plan = planFirstView(chapter.shape, viewport, mode, storedResumePosition(chapterId));
  // The canvas and its context are made while the first page decodes (making them takes the main
  // thread for tens of milliseconds; before, it would hold back the fetches' last steps).
  let decoding = () => {};
  const firstDecoding = new Promise<void>((resolve) => (decoding = resolve));
  const pages = plan.pages.map((p) => ({ ...p, bitmap: decodePage(p.url, p.key, decoding) }));
  const out = { chapterId, pages: pages.map((p) => ({ url: p.url, bitmap: p.bitmap })) };
  const none = { ...out, canvas: null, done: Promise.resolve(), dismiss: () => {} };
  if (!pages.length) return none;

  const c = document.createElement('canvas');
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  c.width = Math.round(viewport.width * dpr);
  c.height = Math.round(viewport.height * dpr);
  c.className = 'viewer-first';
  c.setAttribute('aria-hidden', 'true');
  Object.assign(c.style, {
    position: 'fixed',
    inset: '0',
    width: `${viewport.width}px`,
    height: `${viewport.height}px`,
    background: '#111',
    pointerEvents: 'none',
  });
  let dismissed = false;
  let context: Promise<CanvasRenderingContext2D | null> | null = null;
  const ctxOf = () =>
    (context ??= Promise.race([firstDecoding, Promise.allSettled(pages.map((p) => p.bitmap))]).then(() => {
      const ctx = c.getContext('2d', { alpha: false, willReadFrequently: true });
      if (ctx) {
        ctx.fillStyle = '#111';
        ctx.fillRect(0, 0, c.width, c.height);
      }
      return ctx;
    }));
  // (Run from the page's head, there is no body yet: the canvas goes in with its first page.)
  const attach = () => {
    if (!c.isConnected) (document.body ?? document.documentElement).append(c);
  };
  if (document.body) attach();
  const drawnItems: number[] = [];
  const done = Promise.allSettled(
    pages.map(async (p) => {
      void ctxOf();
      const bmp = await p.bitmap;
      const ctx = await ctxOf();
      // (Taken off the screen meanwhile: the viewer shows the pages itself.)
      if (dismissed || !ctx) return;
      attach();
      ctx.drawImage(bmp, p.x * dpr, p.y * dpr, p.w * dpr, p.h * dpr);
      mark('drawn');
      drawnItems.push(p.item);
      // Which items it shows (tests and bench/viewer read it).
      c.dataset.items = drawnItems.join(',');
    }),
    // (Nothing drawn, every page failed: nothing to wait for on the screen.)
  ).then(() => (drawnItems.length ? painted() : undefined));
  return {
    ...out,
    canvas: c,
    done,
    dismiss: () => {
      dismissed = true;
      c.remove();
    },
  };
}

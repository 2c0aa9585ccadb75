/**
 * The first pages of /viewer/{id}, drawn before the viewer's code loads
 * (chapterStartDrawing.ts), handed over to the viewer.
 *
 * The server puts the chapter's answer in the page (pageData.ts), with its
 * pages in plain data (pageShape.ts), preloads the first page images and
 * inlines the drawing code, which starts while the page is parsed. The entry
 * takes that drawing (or loads the drawing code and starts it itself when
 * the page had none). The viewer takes the chapter (the answer in the page:
 * no call) and the pages' bitmaps as prefetched (the page's viewer services,
 * viewerServices.ts, hold both and the drawing); its session
 * (src/viewer/session/, through the port src/screens/viewer/viewerEnvironment.ts
 * gives it) adopts the canvas into its stage under its menus and removes it
 * once its own canvas shows the same pages (session/handOver.ts), or at the
 * reader's first paging input.
 */
import { DEFAULT_RESOLUTION, QUALITY_OF } from '../../core/viewer/imageQuality';
import type { PageData } from './pageData';
import { storedResolution } from '../lib/storage';
import { viewerQueryKey } from '../lib/prefs';
import { viewerServices } from './viewerServices';

/**
 * Shows chapter `chapterId`'s first pages from the boot the app took: the
 * inlined script's drawing, else one started here. Resolves once they are
 * painted (or failed), or after `capMs`. By then the viewer will take them.
 */
export async function showFirstPages(chapterId: number, boot: PageData, capMs: number): Promise<void> {
  const inlined = window.__chapterStart;
  delete window.__chapterStart;
  // (Drawn here only when the page's script did not run: its code is loaded then.)
  const drawing = inlined?.chapterId === chapterId ? inlined : (await import('./chapterStartDrawing')).drawFirstPages(chapterId, boot);
  if (!drawing) return;
  const { firstPages, prefetch } = viewerServices();
  firstPages.show(drawing);
  // The protobuf runtime that reads the chapter's answer loads once the pages are drawn.
  const quality = QUALITY_OF[storedResolution() ?? DEFAULT_RESOLUTION];
  let release = () => {};
  const later = new Promise<void>((resolve) => (release = resolve));
  prefetch.chapter(
    viewerQueryKey(chapterId, quality),
    () => later.then(() => import('../viewer/api')).then((m) => m.loadMangaViewer(chapterId, quality)),
    drawing.pages.map((p) => [p.url, p.bitmap] as const),
  );
  try {
    await Promise.race([drawing.done, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
  } finally {
    release();
  }
  // Nothing drawn (every page failed, or not yet): the viewer shows its own progress or retry controls.
  if (firstPages.showing(drawing) && !drawing.canvas?.dataset.items) firstPages.dismiss();
}

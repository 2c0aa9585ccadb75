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
 * gives it) adopts their layer into its stage under its menus and removes it
 * once its own canvas shows the same pages (session/handOver.ts), or at the
 * reader's first paging input.
 */
import { DEFAULT_RESOLUTION, QUALITY_OF } from '../../core/viewer/imageQuality';
import type { PageData } from './pageData';
import { storedResolution } from '../lib/storage';
import { viewerQueryKey } from '../lib/prefs';
import { viewerServices } from './viewerServices';

/**
 * Shows chapter `chapterId`'s first pages: the inlined script's drawing, else one started here
 * from the boot the app took (none: nothing to show). Resolves once they are painted (or failed),
 * or after `capMs`. By then the viewer will take them.
 *
 * The script's drawing is handed over even when the entry did not take the page's answers
 * (`boot` null: the stored session or languages changed in between): the pages are the
 * chapter's, alike for every visitor, and the viewer asks for the chapter with its own
 * session. Left over the viewer, never taken off, the reader would see nothing else.
 */
export async function showFirstPages(chapterId: number, boot: PageData | null, capMs: number): Promise<void> {
  const inlined = window.__chapterStart;
  delete window.__chapterStart;
  if (inlined && inlined.chapterId !== chapterId) inlined.dismiss();
  // (Drawn here only when the page's script did not run: its code is loaded then.)
  const drawing =
    inlined?.chapterId === chapterId ? inlined : boot ? (await import('./chapterStartDrawing')).drawFirstPages(chapterId, boot) : null;
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
  if (firstPages.showing(drawing) && !drawing.element?.dataset.items) firstPages.dismiss();
}

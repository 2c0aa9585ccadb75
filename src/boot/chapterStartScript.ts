/**
 * Inlined by the server in /viewer/{id} pages after the boot data (built
 * alone, as one classic script, by vite.inline.config.ts; allowed by its
 * hash in the page's Content-Security-Policy): takes the page's data
 * (pageData.ts, acceptServerView.ts) and starts drawing the chapter's first
 * pages while the page is still parsed. The entry takes the drawing over
 * (chapterStartHandOver.ts).
 */
import { parsePageData } from './pageData';
import { BOOT_ELEMENT_ID } from '../../core/pageMarkup';
import { takeServerView } from './acceptServerView';
import { viewerChapterOf } from '../../core/viewer/chapterQuery';
import { drawFirstPages } from './chapterStartDrawing';

try {
  const path = window.location.pathname;
  const chapterId = viewerChapterOf(path);
  const boot = chapterId ? parsePageData(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '') : null;
  // (Taken here, kept at once: the entry then takes the same page, whatever another tab saves meanwhile.)
  const drawing = boot && takeServerView(boot, path) ? drawFirstPages(chapterId, boot) : null;
  if (drawing) window.__chapterStart = drawing;
} catch (e) {
  // The entry draws them itself.
  console.error('viewer: first pages not drawn ahead', e);
}

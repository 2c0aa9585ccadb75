/**
 * Inlined by the server in /viewer/{id} pages after the boot data (built
 * alone, as one classic script, by vite.inline.config.ts; allowed by its
 * hash in the page's Content-Security-Policy): starts drawing the chapter's
 * first pages while the page is still parsed, when the app will take the
 * page's data (pageData.ts). The entry takes the drawing over
 * (chapterStartHandOver.ts).
 */
import { parsePageData } from './pageData';
import { BOOT_ELEMENT_ID } from '../../core/pageMarkup';
import { serverViewVerdict } from './acceptServerView';
import { viewerChapterOf } from '../../core/viewer/chapterQuery';
import { drawFirstPages } from './chapterStartDrawing';

try {
  const path = window.location.pathname;
  const chapterId = viewerChapterOf(path);
  const boot = chapterId ? parsePageData(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '') : null;
  const drawing = boot && serverViewVerdict(boot, path).take ? drawFirstPages(chapterId, boot) : null;
  if (drawing) window.__chapterStart = drawing;
} catch (e) {
  // The entry draws them itself.
  console.error('viewer: first pages not drawn ahead', e);
}

import { initI18n, isLocale, type Locale } from './i18n';
import { languagesInput } from './lib/prefs';
import { browserSource, readStored } from './lib/storage';
import { acceptServerView, firstCoversShown } from './boot/acceptServerView';
import { viewerChapterOf } from '../core/viewer/chapterQuery';
import { showFirstPages } from './boot/chapterStartHandOver';
import { applyDeferredStyles } from './boot/deferredStyles';
import '../web/fonts.css';
import './app/styles.css';

/** 001 §2: the stored service language, else the detected locale, else English. */
function startLocale(): Locale {
  const stored = languagesInput(readStored(browserSource)).storedService;
  if (stored && isLocale(stored)) return stored;
  for (const l of navigator.languages ?? [navigator.language]) {
    const s = l.slice(0, 2).toLowerCase();
    if (isLocale(s)) return s;
  }
  return 'en';
}

/** The longest the app waits for a server-rendered page's first covers (or pages) before starting anyway. */
const FIRST_IMAGES_WAIT_MS = 1500;

// A page the server rendered ahead of the app (the home's first view, a chapter's first pages),
// taken or dropped before anything reads the stored languages.
const boot = acceptServerView();
// A chapter the page brought has its first pages drawn first (src/boot/chapterStartHandOver.ts), before
// anything else runs here (the locale's strings included); pages its script drew are handed over
// even when its answers were not taken here.
const chapterId = viewerChapterOf(window.location.pathname);
if (chapterId) {
  // (Best effort: whatever goes wrong there, the viewer loads the chapter as usual.)
  await showFirstPages(chapterId, boot, FIRST_IMAGES_WAIT_MS).catch((e: unknown) => console.error('viewer: first pages not drawn', e));
}
// The locale's strings load beside the app's code (which start.tsx holds).
const strings = initI18n(startLocale());
// Over a server-rendered page, its first covers are painted before the app's code runs (which
// holds the main thread for a few hundred milliseconds on a slow device); its links work meanwhile.
if (boot && !chapterId) await firstCoversShown(document, FIRST_IMAGES_WAIT_MS);
// (A chapter's page drawn ahead loads its stylesheets without holding the first frame: applied now.)
const [{ start }] = await Promise.all([import('./boot/startApp'), applyDeferredStyles()]);
await start(boot, strings);

import { chooseLanguages } from '../../core/languageChoice';
import { readPageData, type PageData } from './pageData';
import { setPageAnswers } from '../api/pageAnswers';
import { byService } from '../../core/languages';
import { browserLanguage, languagesInput } from '../lib/prefs';
import { browserSource, mirrorPrefsCookies, readStored, saveLanguages, saveSession, storedSession } from '../lib/storage';

/**
 * Run by the entry before the app's code loads. A page the server rendered
 * ahead of the app (the home's first view) carries the languages it chose
 * and the answers it rendered from (pageData.ts). The app takes them when
 * they are what it would have chosen itself: the stored languages and viewer
 * mode, or on a first visit the languages the language-settings machine
 * would choose from the same languages view and this browser (then stored,
 * as the machine stores them). The app then renders the same screen at
 * once, without a loading state in between. Otherwise the answers are
 * dropped and the app starts as usual.
 */
export function acceptServerView(doc: Document = document, path: string = window.location.pathname): PageData | null {
  const boot = readPageData(doc);
  const accepted = boot && takeServerView(boot, path) ? boot : null;
  setPageAnswers(accepted?.responses ?? null);
  // The server renders the next visit from these.
  mirrorPrefsCookies(doc);
  return accepted;
}

/**
 * Whether the app takes the page's boot data for `path` (serverViewVerdict), storing what taking
 * it keeps at once, in the same task: a first visit's languages and the session the server made
 * for the answers. The first-page script takes it so before the entry (chapterStartScript.ts):
 * when it kept nothing, a visitor id saved meanwhile (the app in another tab: its first call makes
 * one) made the entry refuse the page it had drawn, the drawing left over the viewer.
 */
export function takeServerView(boot: PageData, path: string): boolean {
  const verdict = serverViewVerdict(boot, path);
  if (!verdict.take) return false;
  // A first visit keeps the languages (stored as the machine stores them)...
  if (verdict.firstVisit) saveLanguages(verdict.firstVisit.serviceLang, verdict.firstVisit.contentLangs);
  // ...and the session the server made for the answers (never one a cookie named: sameVisitor).
  if (boot.session && boot.sessionMade && !storedSession()) saveSession(boot.session);
  return true;
}

/**
 * Answers made for a session are this visitor's when it is theirs, or when
 * they hold none and the server made it fresh for this page. A session a
 * cookie named while this browser holds none is not theirs (a planted cookie:
 * its answers are dropped, and the cookie is overwritten by mirrorPrefsCookies).
 */
function sameVisitor(boot: PageData): boolean {
  const mine = storedSession();
  if (!boot.session) return true;
  return mine ? mine === boot.session : boot.sessionMade === true;
}

/**
 * Whether the app takes a page's boot data for `path`, without changing
 * anything (the first-page painter asks too, before the entry runs): the
 * same path, this visitor's session, the stored viewer mode and languages,
 * or on a first visit the languages the language-settings machine would
 * choose (then returned, for the entry to store).
 */
function serverViewVerdict(boot: PageData, path: string): { take: boolean; firstVisit?: { serviceLang: string; contentLangs: string[] } } {
  const bootShort = byService(boot.lang)?.short;
  if (boot.path !== path || !sameVisitor(boot) || !bootShort) return { take: false };
  const prefs = readStored(browserSource);
  if ((prefs.viewerMode ?? 'vertical') !== boot.viewerMode) return { take: false };
  const stored = languagesInput(prefs);
  const same = (a: { serviceLang: string; contentLangs: string[] }) =>
    a.serviceLang === bootShort && a.contentLangs.join(',') === boot.clang.join(',');
  if (stored.storedService && stored.storedContent) {
    return { take: same({ serviceLang: stored.storedService, contentLangs: stored.storedContent }) };
  }
  const choice = chooseLanguages({ ...stored, browser: browserLanguage() }, boot.languages);
  return same(choice) ? { take: true, firstVisit: choice } : { take: false };
}

/**
 * Resolves once the server-rendered page's first covers (its high-priority
 * images) have loaded or failed and a frame has been painted with them, or
 * after `capMs` (a hidden tab paints no frames).
 */
export function firstCoversShown(doc: Document, capMs: number): Promise<void> {
  const imgs = [...doc.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')];
  if (!imgs.length) return Promise.resolve();
  const settled = Promise.all(
    imgs.map((img) =>
      img.complete
        ? Promise.resolve()
        : new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
    ),
  );
  const painted = settled.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

import { createHash, randomBytes } from 'node:crypto';
import { fromBinary } from '@bufbuild/protobuf';
import { renderToString } from 'react-dom/server';
import { DEFAULT_RESOLUTION, QUALITY_OF } from '../../core/viewer/imageQuality';
import { chooseLanguages } from '../../core/languageChoice';
import { toSearch } from '../api/query';
import type { PageData } from './pageData';
import { App } from '../app/App';
import { toPayload } from '../app/LanguageProvider';
import { CAMPAIGN_PAGES, preloadScreenFor } from '../app/routes';
import { ResponseSchema } from '../../core/gen/manga/v1/response_pb';
import { LOCALES, loadAll, setMessages, type Locale } from '../i18n';
import { byService, byShort, type ShortCode } from '../../core/languages';
import { acceptedLanguages, browserLanguage } from '../lib/prefs';
import { readStored, type StoredPrefs } from '../lib/storage';
import { cookieSource } from '../lib/cookieSource';
import { PrefsContext } from '../lib/usePrefs';
import { HOME_PATH, homeQuery, seedHome } from '../screens/home/HomeScreen';
import { MANGA_VIEWER_PATH, mangaViewerQuery, viewerChapterOf } from '../../core/viewer/chapterQuery';
import { chapterShape } from '../../core/viewer/items';
import type { ChapterShape } from '../../core/viewer/pageShape';
import { plainPageUrl } from '../../core/viewer/plainPages';

/**
 * Server rendering of the home's first view (built by `vite build --ssr` into
 * dist-ssr/, used by server/plugins/web.ts). The page a first visit waits
 * for is the home's covers; rendered into the HTML, they load as soon as the
 * HTML arrives, like a static page's, while the app's code loads beside them.
 * The app then starts from the same answers (pageData.ts) and its first
 * render replaces this markup with the same screen.
 *
 * It renders the app's own components with the visitor's languages and
 * viewer mode (the cookies the app mirrors from local storage, read through
 * src/lib/storage.ts and given to the screens by PrefsContext: no global is
 * replaced; on a first visit
 * the languages the language-settings machine would choose from the
 * Accept-Language header and the languages view).
 *
 * For /viewer/{id} it renders no markup but puts the chapter's answer in the
 * page, with the first page images preloaded, so the entry draws them before
 * the viewer's code loads (chapterStartDrawing.ts); every other page
 * carries the languages chosen.
 */
export interface FirstViewRequest {
  path: string;
  acceptLanguage?: string | undefined;
  /** The Cookie header: the app mirrors its preferences there (src/lib/storage.ts reads them back, readStored(cookieSource)). */
  cookie?: string | undefined;
  /** Answers GET /api{pathAndQuery} for this visitor (with these headers added): the Response bytes, whatever the status. */
  get(pathAndQuery: string, headers?: Record<string, string>): Promise<Uint8Array>;
  /** A current view token of a chapter, which opens its plain page images (core/viewer/plainPages.ts); none: the page draws from the encrypted ones. */
  viewToken?(chapterId: number): Promise<string>;
}

/** A file the page asks the browser to fetch at once: a chapter's first page, as the image it is (plain) or as bytes the page decrypts. */
export interface Preload {
  href: string;
  as: 'image' | 'fetch';
}

export interface FirstView {
  /** <html lang>: the interface locale, or the language of a page written in one language only (DOCUMENT_LANG). */
  locale: Locale | 'ja';
  markup: string;
  boot: PageData;
  /** Files the page asks the browser to fetch at once (<link rel=preload>): a chapter's first pages. */
  preload?: Preload[];
}

/** Pages written in one language whatever the interface's (001 §2: the Japanese terms of use). */
const DOCUMENT_LANG: Record<string, 'ja'> = { '/terms_web_ja': 'ja' };

/**
 * Paths rendered ahead of the app, with the source of their screen: its styles
 * (from the browser build's manifest) must be in the page's head.
 */
export const FIRST_VIEW_MODULES: Record<string, string> = {
  '/updates': 'src/screens/home/HomeScreen.tsx',
  // A campaign page is its message and a link, asking nothing of the API: drawn with the page, not half a second
  // later when the app's code has loaded (a blank dark screen before the message).
  ...Object.fromEntries(CAMPAIGN_PAGES.map((p) => [p, 'src/screens/campaign/CampaignScreen.tsx'])),
};

/** Paths whose first view needs no API answer: rendered from the strings alone. */
const STATIC_FIRST_VIEWS = new Set(CAMPAIGN_PAGES);

/**
 * The app's code (src/main.tsx imports it once a first view's covers are painted): its styles are
 * linked too. A build-manifest key: src/boot/serverRender.test.ts fails when no build has it, and the
 * server logs an error for a key its manifest lacks (server/plugins/web.ts).
 */
export const APP_MODULE = 'src/boot/startApp.tsx';

const catalogs = new Map<Locale, Promise<Record<string, string>>>();
const catalog = (l: Locale) => {
  let c = catalogs.get(l);
  if (!c) catalogs.set(l, (c = loadAll(l)));
  return c;
};

/** Markup by path, locale, home query and answer: the oldest dropped first. */
const rendered = new Map<string, string>();
const RENDERED_MAX = 64;

const toBase64 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');

/**
 * The first view of `path` (markup only for FIRST_VIEW_MODULES' paths; the languages
 * for every path), or null when the languages cannot be had (maintenance: the
 * app then starts as usual and shows it).
 */
export async function renderFirstView(req: FirstViewRequest): Promise<FirstView | null> {
  const languagesBytes = await req.get('/language');
  const langResult = fromBinary(ResponseSchema, languagesBytes).result;
  if (langResult.case !== 'success' || !langResult.value.languages) return null;
  const languages = toPayload(langResult.value.languages);

  const prefs = readStored(cookieSource(req.cookie));
  const storedService = prefs.serviceLang && byService(prefs.serviceLang)!.short;
  const { serviceLang, contentLangs } =
    storedService && prefs.contentLangs
      ? { serviceLang: storedService, contentLangs: prefs.contentLangs }
      : chooseLanguages(
          { storedService: null, storedContent: null, browser: browserLanguage(acceptedLanguages(req.acceptLanguage)) },
          languages,
        );
  const lang = byShort(serviceLang)?.service;
  if (!lang) return null;
  const viewerMode = prefs.viewerMode ?? 'vertical';
  const locale = ((LOCALES as readonly string[]).includes(serviceLang) ? serviceLang : 'en') as Locale;

  // Any other path: no markup, but the languages chosen and their answer, so a first visit
  // renders at once instead of waiting for the languages call.
  const languagesOnly: FirstView = {
    locale: DOCUMENT_LANG[req.path] ?? locale,
    markup: '',
    boot: { path: req.path, lang, clang: contentLangs, viewerMode, languages, responses: { '/language': toBase64(languagesBytes) } },
  };
  const chapterId = viewerChapterOf(req.path);
  if (chapterId) return (await viewerFirstView(req, chapterId, prefs, languagesOnly)) ?? languagesOnly;
  if (!Object.hasOwn(FIRST_VIEW_MODULES, req.path)) return languagesOnly;

  // What the screens render with: the visitor's stored preferences and the languages chosen for them.
  const rendering: StoredPrefs = { ...prefs, serviceLang: lang, contentLangs: contentLangs as ShortCode[], viewerMode };
  if (STATIC_FIRST_VIEWS.has(req.path)) {
    const [messages, english] = await Promise.all([catalog(locale), catalog('en'), preloadScreenFor(req.path)]);
    setMessages(locale, messages, english);
    const markup = renderToString(
      <PrefsContext value={() => rendering}>
        <App ssrPath={req.path} />
      </PrefsContext>,
    );
    return { ...languagesOnly, markup };
  }
  const homeKey = `${HOME_PATH}${toSearch(homeQuery(rendering))}`;
  const [homeBytes, messages, english] = await Promise.all([req.get(homeKey), catalog(locale), catalog('en'), preloadScreenFor(req.path)]);
  const home = fromBinary(ResponseSchema, homeBytes).result;
  // (An error answer, say in a blocked region: the app shows its error screen from its own call.)
  if (home.case !== 'success' || home.value.data.case !== 'webHomeViewV4') return languagesOnly;

  // The same answer in the same languages renders the same markup: rendered once.
  const key = `${req.path}|${locale}|${homeKey}|${createHash('sha1').update(homeBytes).digest('base64')}`;
  let markup = rendered.get(key);
  if (markup === undefined) {
    // From here on synchronous: other requests' renders cannot interleave with this one's messages.
    setMessages(locale, messages, english);
    seedHome(home.value, rendering);
    markup = renderToString(
      <PrefsContext value={() => rendering}>
        <App ssrPath={req.path} />
      </PrefsContext>,
    );
    remember(rendered, key, markup, RENDERED_MAX);
  }
  return {
    locale,
    markup,
    boot: {
      path: req.path,
      lang,
      clang: contentLangs,
      viewerMode,
      languages,
      responses: { '/language': toBase64(languagesBytes), [homeKey]: toBase64(homeBytes) },
    },
  };
}

/**
 * /viewer/{id}: the chapter's answer, asked as the viewer asks it (its stored
 * resolution and mode, the visitor's languages) for the visitor's session
 * (their cookie; with none a new token, which the app keeps if it holds none), so the app
 * draws the first pages before its viewer code loads (chapterStartDrawing.ts)
 * and does not ask again; and the first pages a reader sees, for the browser
 * to fetch at once. An error answer: none of it (the viewer asks and shows it).
 */
async function viewerFirstView(req: FirstViewRequest, chapterId: number, prefs: StoredPrefs, base: FirstView): Promise<FirstView | null> {
  // The visitor's cookie names their session; with none the server makes a fresh one (sessionMade)
  // that the app may keep. A cookie's session is never adopted by a browser holding none (it may
  // have been planted: acceptServerView.ts).
  const session = prefs.session ?? randomBytes(16).toString('hex');
  const sessionMade = prefs.session === null;
  const quality = QUALITY_OF[prefs.resolution ?? DEFAULT_RESOLUTION];
  const stored = prefs.viewerMode ?? 'vertical';
  const key = `${MANGA_VIEWER_PATH}${toSearch(mangaViewerQuery(chapterId, quality, stored, base.boot.clang))}`;
  const [bytes, token] = await Promise.all([req.get(key, { 'session-token': session }), req.viewToken?.(chapterId)]);
  const parts = chapterParts(bytes);
  if (!parts) return null;
  // With a token, the first pages are shown plain: the browser fetches them from the page's
  // preload and decodes them as any image (no fetch, decryption and decode in the page's script:
  // 40-80 ms of Firefox's and WebKit's first page, bench/viewer).
  // (A page the drawing cannot show plain, src/boot/chapterStartDrawing.ts, is preloaded as bytes it decrypts.)
  const preload = parts.preload.map((href): Preload => {
    const plain = token ? plainPageUrl(href, token) : null;
    return plain ? { href: plain, as: 'image' } : { href, as: 'fetch' };
  });
  return {
    ...base,
    boot: {
      ...base.boot,
      session,
      ...(sessionMade ? { sessionMade } : {}),
      chapter: { query: key, shape: parts.shape, ...(token ? { token } : {}) },
      responses: { ...base.boot.responses, [key]: parts.base64 },
    },
    preload,
  };
}

interface ChapterParts {
  shape: ChapterShape;
  base64: string;
  preload: string[];
}

/**
 * What a chapter's page carries of its answer, by the answer's bytes: every first visit to a
 * chapter gets the same answer (no favorites, views or likes yet), decoded once (a 300-page
 * chapter's answer took 2-3 ms of the page's server time to decode, shape and encode again).
 */
const chapterPartsByAnswer = new Map<string, ChapterParts>();
const CHAPTER_PARTS_MAX = 64;

/** The page's parts of a chapter answer, or null for an error answer. */
function chapterParts(bytes: Uint8Array): ChapterParts | null {
  const hash = createHash('sha1').update(bytes).digest('base64');
  const known = chapterPartsByAnswer.get(hash);
  if (known) return known;
  const r = fromBinary(ResponseSchema, bytes).result;
  if (r.case !== 'success' || r.value.data.case !== 'mangaViewer') return null;
  const v = r.value.data.value;
  const parts: ChapterParts = {
    shape: chapterShape(v),
    base64: toBase64(bytes),
    // The first page only: a phone's vertical column also shows the second, but on a wider screen
    // the first fills it (and a preload the page does not use is fetched twice): the page's script
    // asks for the others it shows.
    preload: v.pages.flatMap((p) => (p.data.case === 'mangaPage' ? [p.data.value.imageUrl] : [])).slice(0, 1),
  };
  remember(chapterPartsByAnswer, hash, parts, CHAPTER_PARTS_MAX);
  return parts;
}

/** Keeps value under key, dropping the oldest entry once the map holds max. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

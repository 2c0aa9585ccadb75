import { byService, byShort, type ServiceCode, type ShortCode } from '../../../core/languages';
import { PREFS_COOKIES, SESSION_TOKEN, STORAGE } from '../../../core/storageKeys';
import { previewLanguage } from '../../../core/previewLanguage';
import { isResolution, type Resolution } from '../../../core/viewer/imageQuality';
import { parseViewerMode, type ViewerMode } from '../../../core/viewer/viewerMode';
import { get, json, put } from './browserStorage';

/**
 * The preferences a first view depends on (languages, viewer mode, resolution, session token),
 * mirrored into cookies (core/storageKeys.ts, PREFS_COOKIES) so that server rendering reads the
 * same values through the same parsers: `readStored(cookieSource(header))` on the server
 * (src/lib/cookieSource.ts), `readStored(browserSource)` here.
 */

/** Where stored values are read from: local storage, or a request's cookies (keys are STORAGE's). */
export interface StoreSource {
  getItem(key: string): string | null;
}

/** The preferences a first view depends on, parsed (null: nothing valid stored). */
export interface StoredPrefs {
  serviceLang: ServiceCode | null;
  contentLangs: ShortCode[] | null;
  viewerMode: ViewerMode | null;
  resolution: Resolution | null;
  session: string | null;
}

// One parser per value.
const parseServiceLang = (raw: string | null): ServiceCode | null => byService(raw ?? '')?.service ?? null;
function parseContentLangs(raw: string | null): ShortCode[] | null {
  const v = json(raw);
  if (!Array.isArray(v)) return null;
  const ok = v.filter((x): x is ShortCode => typeof x === 'string' && !!byShort(x));
  return ok.length ? ok : null;
}
const parseResolution = (raw: string | null): Resolution | null => (isResolution(raw) ? raw : null);
const parseSession = (raw: string | null): string | null => (raw && SESSION_TOKEN.test(raw) ? raw : null);

/** The first-view preferences held by a source. */
export function readStored(source: StoreSource): StoredPrefs {
  return {
    serviceLang: parseServiceLang(source.getItem(STORAGE.serviceLang)),
    contentLangs: parseContentLangs(source.getItem(STORAGE.contentLangs)),
    viewerMode: parseViewerMode(source.getItem(STORAGE.viewerMode)),
    resolution: parseResolution(source.getItem(STORAGE.pageResolution)),
    session: parseSession(source.getItem(STORAGE.sessionId)),
  };
}

/**
 * A staff member's home preview (core/previewLanguage.ts): the page is the reader in that language,
 * interface and content, for as long as it lives, while what the visitor stored stays as it was
 * (the cookies mirror the stored values, never these). Read once: the app's own navigation drops
 * the query but keeps the page.
 */
const pageLanguage = previewLanguage((globalThis as { location?: Location }).location?.search);

/** A stored value as this page reads it: the preview's languages over the stored ones. */
function pageGet(key: string): string | null {
  if (pageLanguage && key === STORAGE.serviceLang) return byShort(pageLanguage)!.service;
  if (pageLanguage && key === STORAGE.contentLangs) return JSON.stringify([pageLanguage]);
  return get(key);
}

/** Local storage as a source (as this page reads it). */
export const browserSource: StoreSource = { getItem: pageGet };

export function storedViewerMode(): ViewerMode | null {
  return parseViewerMode(get(STORAGE.viewerMode));
}

export function saveViewerMode(mode: ViewerMode): void {
  put(STORAGE.viewerMode, mode);
  mirrorPrefsCookies();
}

export function storedResolution(): Resolution | null {
  return parseResolution(get(STORAGE.pageResolution));
}

export function saveResolution(r: Resolution): void {
  put(STORAGE.pageResolution, r);
  mirrorPrefsCookies();
}

/** The service language every call sends (English when none is stored). */
export function storedServiceLang(): ServiceCode {
  return parseServiceLang(pageGet(STORAGE.serviceLang)) ?? 'eng';
}

/** The content languages (the service language's when none are stored). */
export function storedContentLangs(): ShortCode[] {
  return parseContentLangs(pageGet(STORAGE.contentLangs)) ?? [byService(storedServiceLang())!.short];
}

export function saveLanguages(serviceLang: string, contentLangs: string[]): void {
  const svc = byShort(serviceLang)?.service;
  if (svc) put(STORAGE.serviceLang, svc);
  put(STORAGE.contentLangs, JSON.stringify(contentLangs));
  mirrorPrefsCookies();
}

/**
 * Copies the first-view preferences into their cookies (written when one
 * changes and on each start). The languages only as a pair.
 */
export function mirrorPrefsCookies(doc: Document = document): void {
  const year = 365 * 24 * 3600;
  const set = (name: string, value: string | null) => {
    const secure = doc.location?.protocol === 'https:' ? '; secure' : '';
    doc.cookie = value
      ? `${name}=${encodeURIComponent(value)}; path=/; max-age=${year}; samesite=lax${secure}`
      : `${name}=; path=/; max-age=0${secure}`;
  };
  // What is stored, never a preview's languages.
  const p = readStored({ getItem: get });
  const langs = p.serviceLang && p.contentLangs;
  set(PREFS_COOKIES[STORAGE.serviceLang], langs ? p.serviceLang : null);
  set(PREFS_COOKIES[STORAGE.contentLangs], langs ? JSON.stringify(p.contentLangs) : null);
  set(PREFS_COOKIES[STORAGE.viewerMode], p.viewerMode);
  set(PREFS_COOKIES[STORAGE.pageResolution], p.resolution);
  set(PREFS_COOKIES[STORAGE.sessionId], p.session);
}

/** The session token calls carry (null until the API client makes one). */
export function storedSession(): string | null {
  return parseSession(get(STORAGE.sessionId));
}

export function saveSession(token: string): void {
  put(STORAGE.sessionId, token);
  mirrorPrefsCookies();
}

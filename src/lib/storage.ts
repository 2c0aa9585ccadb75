import { byService, byShort, type ServiceCode, type ShortCode } from '../../core/languages';
import { PREFS_COOKIES, SESSION_TOKEN, STORAGE } from '../../core/storageKeys';
import { isResolution, type Resolution } from '../../core/viewer/imageQuality';
import { parseViewerMode, type ViewerMode } from '../../core/viewer/viewerMode';
import * as reader from '../../core/viewer/readerSettings';
import { parseControls, type ControlSettings } from '../../core/viewer/controls';

/**
 * The one module that touches the browser's storage (ESLint bans
 * `localStorage` and `sessionStorage` elsewhere in src/). Every stored value
 * has one parser here; machines get the parsed values as `input` and save
 * through the functions below (their provided actions).
 *
 * The reader's display settings (one set per visitor) and title settings
 * (per title id) are parsed with core/viewer/readerSettings.ts's sanitisers.
 *
 * The preferences a first view depends on (languages, viewer mode,
 * resolution, session token) are mirrored into cookies (core/storageKeys.ts,
 * PREFS_COOKIES), so server rendering reads the same values through the same
 * parsers: `readStored(cookieSource(header))` on the server (cookieSource.ts),
 * `readStored(browserSource())` here.
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

function json(raw: string | null): unknown {
  try {
    return raw == null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
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

type Area = 'localStorage' | 'sessionStorage';

/** Reads nothing where there is no such storage (server rendering) or it is blocked. */
function read(area: Area, key: string): string | null {
  try {
    return (globalThis as Partial<Record<Area, Storage>>)[area]?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a value (null removes it); a full or blocked storage loses it: everything stored is a convenience. */
function write(area: Area, key: string, value: string | null): void {
  try {
    const store = (globalThis as Partial<Record<Area, Storage>>)[area];
    if (value == null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Full or blocked.
  }
}

const get = (key: string) => read('localStorage', key);
const put = (key: string, value: string | null) => write('localStorage', key, value);
const sessionGet = (key: string) => read('sessionStorage', key);
const sessionPut = (key: string, value: string | null) => write('sessionStorage', key, value);

/** Local storage as a source. */
export const browserSource: StoreSource = { getItem: get };

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

/** A stored JSON map id → value, the most recent last (resume positions, title settings). */
function recentMap(key: string): Record<string, unknown> {
  const v = json(get(key));
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Puts `id` last in the map (null removes it); the oldest go once it holds more than `max`. */
function saveRecent(key: string, id: number, value: unknown, max: number): void {
  const m = recentMap(key);
  if (JSON.stringify(m[String(id)] ?? null) === JSON.stringify(value)) return;
  delete m[String(id)];
  if (value !== null) m[String(id)] = value;
  const keys = Object.keys(m);
  for (const k of keys.slice(0, Math.max(0, keys.length - max))) delete m[k];
  put(key, JSON.stringify(m));
}

/** The item index to resume a chapter at (0 when none). */
export function storedResumePosition(chapterId: number): number {
  const n = recentMap(STORAGE.resumePositions)[String(chapterId)];
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
}

export function saveResumePosition(chapterId: number, item: number): void {
  saveRecent(STORAGE.resumePositions, chapterId, item, 200);
}

/** The reader's display settings (defaults where none or damaged). */
export function storedDisplaySettings(): reader.DisplaySettings {
  return reader.parseDisplaySettings(json(get(STORAGE.displaySettings)));
}

export function saveDisplaySettings(s: reader.DisplaySettings): void {
  put(STORAGE.displaySettings, JSON.stringify(s));
}

/** A title's reader settings (defaults where none); a title back at the defaults is not kept. */
export function storedTitleSettings(titleId: number): reader.TitleSettings {
  return reader.parseTitleSettings(recentMap(STORAGE.titleSettings)[String(titleId)]);
}

export function saveTitleSettings(titleId: number, s: reader.TitleSettings): void {
  const plain = !s.spreadOffset && reader.isIdentityFilter(s.filter);
  saveRecent(STORAGE.titleSettings, titleId, plain ? null : s, 200);
}

/** The reader's controls (keys, tap zones, wheel, motion; defaults where none or damaged). */
export function storedControls(): ControlSettings {
  return parseControls(json(get(STORAGE.controls)));
}

export const saveControls = (p: Partial<ControlSettings>) => put(STORAGE.controls, JSON.stringify({ ...storedControls(), ...p }));

/** The service language every call sends (English when none is stored). */
export function storedServiceLang(): ServiceCode {
  return parseServiceLang(get(STORAGE.serviceLang)) ?? 'eng';
}

/** The content languages (the service language's when none are stored). */
export function storedContentLangs(): ShortCode[] {
  return parseContentLangs(get(STORAGE.contentLangs)) ?? [byService(storedServiceLang())!.short];
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
  const p = readStored(browserSource);
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

/** A stored time in seconds (null when none; a damaged value counts as none). */
function seconds(key: string): number | null {
  const v = get(key);
  const n = v === null ? NaN : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Home popups already shown, by popup id. */
export function storedViewedPopups(): number[] {
  const v = json(get(STORAGE.viewedPopups));
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

export function saveViewedPopup(id: number): void {
  const all = storedViewedPopups();
  if (!all.includes(id)) put(STORAGE.viewedPopups, JSON.stringify([...all, id]));
}

/** Whether "Don't show again" was ticked on a rating popup. */
export function storedRatingChecked(popupId: number): boolean {
  return get(STORAGE.ratingChecked(popupId)) === 'true';
}

export function saveRatingChecked(popupId: number, checked: boolean): void {
  put(STORAGE.ratingChecked(popupId), checked ? 'true' : null);
}

/** When the app-install banner was dismissed, in seconds; a legacy non-numeric flag counts as long ago (0). */
export function storedBannerDismissed(): number | null {
  const v = get(STORAGE.bannerDismissed);
  if (v === null) return null;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function saveBannerDismissed(at: number): void {
  put(STORAGE.bannerDismissed, String(at));
}

/** When the regional promo popup was last shown, in seconds. */
export function storedPromoLastShown(): number | null {
  return seconds(STORAGE.promoLastShown);
}

export function savePromoLastShown(at: number): void {
  put(STORAGE.promoLastShown, String(at));
}

/** When the push token was last posted, in seconds. */
export function storedPushTokenUpdated(): number | null {
  return seconds(STORAGE.pushTokenUpdated);
}

export function savePushTokenUpdated(at: number): void {
  put(STORAGE.pushTokenUpdated, String(at));
}

/** The manga list's filter for this tab (session storage; the sort as stored, checked by the list). */
export interface ListSelection {
  tag: string | null;
  label: string | null;
  sort: string | null;
}

export function storedListSelection(): ListSelection {
  return {
    tag: sessionGet(STORAGE.searchTag) || null,
    label: sessionGet(STORAGE.searchLabel) || null,
    sort: sessionGet(STORAGE.searchSort) || null,
  };
}

export function saveListSelection(c: ListSelection): void {
  sessionPut(STORAGE.searchTag, c.tag || null);
  sessionPut(STORAGE.searchLabel, c.label || null);
  sessionPut(STORAGE.searchSort, c.sort || null);
}

/** Scroll positions by history entry (session storage). */
export function storedScrollPositions(): Record<string, [number, number]> {
  const v = json(sessionGet(STORAGE.scrollPositions));
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, [number, number]>) : {};
}

export function saveScrollPositions(all: Record<string, [number, number]>): void {
  sessionPut(STORAGE.scrollPositions, JSON.stringify(all));
}

import { byService, byShort, type ServiceCode, type ShortCode } from '../../core/languages';
import { SESSION_TOKEN, STORAGE } from '../../core/storageKeys';

/**
 * The visitor's languages as every screen reads them for its calls
 * (lang=service code, clang=short codes). The language-settings machine
 * writes them; a change reloads the page, so reading at load time is right.
 */
export function getServiceLang(): ServiceCode {
  const s = localStorage.getItem(STORAGE.serviceLang) ?? '';
  return byService(s)?.service ?? 'eng';
}

export function getContentLangs(): ShortCode[] {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE.contentLangs) ?? 'null') as unknown;
    if (Array.isArray(v)) {
      const ok = v.filter((x): x is ShortCode => typeof x === 'string' && !!byShort(x));
      if (ok.length) return ok;
    }
  } catch {
    // A damaged value falls back to the service language.
  }
  return [byService(getServiceLang())!.short];
}

/** The query every content call sends: lang and clang. */
export function langQuery(): { lang: ServiceCode; clang: string } {
  return { lang: getServiceLang(), clang: getContentLangs().join(',') };
}

/** What is stored, as short codes (service language is stored as its service code). */
export function readStoredLanguages(): { storedService: string | null; storedContent: string[] | null } {
  const s = byService(localStorage.getItem(STORAGE.serviceLang) ?? '')?.short ?? null;
  let c: string[] | null = null;
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE.contentLangs) ?? 'null') as unknown;
    if (Array.isArray(v)) c = v.filter((x): x is string => typeof x === 'string' && !!byShort(x));
  } catch {
    c = null;
  }
  return { storedService: s, storedContent: c?.length ? c : null };
}

/** Accept-Language as tags, most preferred first. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.tag);
}

/** The first of the browser's languages that is one of ours, as a short code. */
export function browserLanguage(
  langs: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): string | null {
  for (const l of langs) {
    const short = l.slice(0, 2).toLowerCase();
    if (byShort(short)) return short;
  }
  return null;
}

export function saveLanguages(serviceLang: string, contentLangs: string[]): void {
  const svc = byShort(serviceLang)?.service;
  if (svc) localStorage.setItem(STORAGE.serviceLang, svc);
  localStorage.setItem(STORAGE.contentLangs, JSON.stringify(contentLangs));
  mirrorPrefsCookies();
}

/**
 * Cookies the server reads to render a first view ahead of the app
 * (src/ssr/entry-server.tsx): the languages and viewer mode the home is
 * rendered in, and for the viewer the resolution its chapter call asks for
 * and the session token it is made for (so the chapter's favorite and viewed
 * flags are this visitor's and the view is counted for them). Copies of what
 * local storage holds, written when it changes and on each start.
 */
export const PREFS_COOKIES = {
  lang: 'mr_lang',
  clang: 'mr_clang',
  viewerMode: 'mr_vmode',
  resolution: 'mr_res',
  session: 'mr_sid',
} as const;

export function mirrorPrefsCookies(doc: Document = document): void {
  const year = 365 * 24 * 3600;
  const set = (name: string, value: string | null) => {
    doc.cookie = value ? `${name}=${encodeURIComponent(value)}; path=/; max-age=${year}; samesite=lax` : `${name}=; path=/; max-age=0`;
  };
  const { storedService, storedContent } = readStoredLanguages();
  set(PREFS_COOKIES.lang, storedService && storedContent ? (byShort(storedService)?.service ?? null) : null);
  set(PREFS_COOKIES.clang, storedService && storedContent ? storedContent.join(',') : null);
  set(PREFS_COOKIES.viewerMode, localStorage.getItem(STORAGE.viewerMode));
  set(PREFS_COOKIES.resolution, localStorage.getItem(STORAGE.pageResolution));
  const token = localStorage.getItem(STORAGE.sessionId);
  set(PREFS_COOKIES.session, token && SESSION_TOKEN.test(token) ? token : null);
}

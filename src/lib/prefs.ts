import { byService, byShort, type ServiceCode, type ShortCode } from './languages';
import { STORAGE } from './storageKeys';

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

import { byService, byShort, type ServiceCode } from '../../core/languages';
import { chapterQueryKey } from '../../core/viewer/chapterQuery';
import type { ImgQuality } from '../../core/viewer/imageQuality';
import { browserSource, readStored, storedContentLangs, storedViewerMode, type StoredPrefs } from './storage';

/**
 * The visitor's languages as every screen sends them with its calls
 * (lang=service code, clang=short codes), from what src/lib/storage/ holds.
 * The language-settings machine saves them; a change reloads the page, so
 * reading at load time is right.
 */
export function langQuery(p: StoredPrefs = readStored(browserSource)): { lang: ServiceCode; clang: string } {
  const lang = p.serviceLang ?? 'eng';
  return { lang, clang: (p.contentLangs ?? [byService(lang)!.short]).join(',') };
}

/** What is stored of the languages, as short codes: the language-settings machine's input. */
export function languagesInput(p: StoredPrefs): { storedService: string | null; storedContent: string[] | null } {
  return { storedService: p.serviceLang && byService(p.serviceLang)!.short, storedContent: p.contentLangs };
}

/** A chapter's data as the viewer asks for it now, with the stored mode and languages (the key of a prefetched chapter). */
export function viewerQueryKey(chapterId: number, quality: ImgQuality): string {
  return chapterQueryKey(chapterId, quality, storedViewerMode() ?? 'vertical', storedContentLangs());
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

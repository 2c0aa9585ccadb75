/**
 * What the server puts in a page it renders ahead of the app (the home's
 * first view, a chapter's answer for /viewer/{id}: server/plugins/web.ts,
 * serverRender.tsx): the languages it rendered with and the API
 * answers it rendered from, so the app starts with the same data instead of
 * asking again. Read once from a JSON script element; once the entry
 * accepts it (acceptServerView.ts) each answer is taken once, by the first
 * GET call for the same path and query (src/api/pageAnswers.ts). Read by
 * the entry first: no dependencies but core's page markup names and storage
 * keys.
 */
import { BOOT_ELEMENT_ID } from '../../core/pageMarkup';
import { SESSION_TOKEN } from '../../core/storageKeys';
import type { ChapterShape } from '../../core/viewer/pageShape';

export interface PageData {
  /** The path rendered. */
  path: string;
  /** Service language (service code), content languages (short codes) and viewer mode it was rendered with. */
  lang: string;
  clang: string[];
  viewerMode: string;
  /** The languages view it chose them from (GET /api/language), for a first visit to choose alike. */
  languages: { defaultUi: string; defaultContent: string[]; available: { code: string; titlesCount: number }[] };
  /**
   * The session token the answers were made for (the viewer's chapter answer carries this
   * visitor's favorite and viewed flags and counted their view): the app's own, from its
   * cookie, or on a first visit a new one the server made (sessionMade).
   */
  session?: string;
  /**
   * The server made `session` for this page (the request named none): the only session a browser
   * holding none takes from a page. One named by a cookie is never adopted (a planted cookie would
   * otherwise fixate the visitor's session: issue 20 item 4).
   */
  sessionMade?: boolean;
  /**
   * /viewer/{id}: the chapter's answer (in responses under `query`) in plain data, for the entry
   * to draw the first pages before the viewer's code and the protobuf runtime load (chapterStartDrawing.ts).
   */
  chapter?: {
    query: string;
    shape: ChapterShape;
    /** A view token of the chapter: its pages drawn ahead are its plain page images (core/viewer/plainPages.ts). */
    token?: string;
  };
  /** API path with query, as the client writes it (without /api) → base64 of the Response bytes. */
  responses: Record<string, string>;
}

/** The server's data in this page, if any (the element is removed once read). */
export function readPageData(doc: Document = document): PageData | null {
  const el = doc.getElementById(BOOT_ELEMENT_ID);
  if (!el) return null;
  el.remove();
  return parsePageData(el.textContent ?? '');
}

/** The page's data from its JSON text, or null when it is not well formed. */
export function parsePageData(text: string): PageData | null {
  try {
    const b = JSON.parse(text) as Partial<PageData>;
    if (
      typeof b.path !== 'string' ||
      typeof b.lang !== 'string' ||
      typeof b.viewerMode !== 'string' ||
      !Array.isArray(b.clang) ||
      typeof b.languages !== 'object' ||
      typeof b.responses !== 'object' ||
      !b.languages ||
      !b.responses ||
      (b.session !== undefined && (typeof b.session !== 'string' || !SESSION_TOKEN.test(b.session))) ||
      (b.sessionMade !== undefined && b.sessionMade !== true)
    ) {
      return null;
    }
    return b as PageData;
  } catch {
    return null;
  }
}

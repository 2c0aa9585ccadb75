import { PresentationMethod } from '../../../core/gen/manga/v1/common_pb.js';
import type { Action } from '../../../core/console/schemas/home.js';
import type { DB } from '../../db/index.js';
import { problems } from '../problems.js';
import { publishedRepo } from '../../repos/console/published.js';

/**
 * A banner's, popup's or news item's action: only what the reader knows how
 * to open (its app links, an https address, or nothing); a title or chapter
 * it opens must be released. Anything else is refused with the field's path.
 */
const APP = 'mangaplus://open/';

type Check = { ok: true } | { ok: false; message: string };

async function check(db: DB, url: string, now: number): Promise<Check> {
  const published = publishedRepo(db);
  if (url === '') return { ok: true };
  if (url.startsWith(APP)) {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return { ok: false, message: 'is not a valid app link' };
    }
    const route = url.slice(APP.length).split('?')[0];
    const id = Number(u.searchParams.get('id'));
    if (route === 'detail') {
      if (!Number.isInteger(id) || id < 1) return { ok: false, message: 'needs a title id' };
      return (await published.title(id, now)) ? { ok: true } : { ok: false, message: `title ${id} is not released` };
    }
    if (route === 'viewer') {
      if (!Number.isInteger(id) || id < 1) return { ok: false, message: 'needs a chapter id' };
      return (await published.chapter(id, now)) ? { ok: true } : { ok: false, message: `chapter ${id} is not released` };
    }
    if (route === 'webview') return httpsOnly(u.searchParams.get('url') ?? '');
    return { ok: false, message: `the app does not open ${route}` };
  }
  return httpsOnly(url);
}

function httpsOnly(url: string): Check {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, message: 'is not an address' };
  }
  return u.protocol === 'https:'
    ? { ok: true }
    : { ok: false, message: `the scheme ${u.protocol} is not allowed (https or the app's links)` };
}

/** Throws a validation problem at `path` unless the URL is one the reader may open. */
export async function checkActionUrl(db: DB, url: string, now: number, path = '/action/url'): Promise<void> {
  const c = await check(db, url, now);
  if (!c.ok) throw problems.validation([{ path, message: c.message }], `The action ${c.message}.`);
}

const METHODS = { push: PresentationMethod.PUSH, modal: PresentationMethod.MODAL, external: PresentationMethod.EXTERNAL } as const;

export const methodNumber = (m: Action['method']): number => METHODS[m];
export const methodName = (n: number): Action['method'] =>
  n === Number(PresentationMethod.MODAL) ? 'modal' : n === Number(PresentationMethod.EXTERNAL) ? 'external' : 'push';

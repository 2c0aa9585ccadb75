import type { FastifyBaseLogger } from 'fastify';
import type { Blobs } from './blobs.js';
import { QUALITIES } from './urls.js';
import { THUMBS_PER_SHEET, thumbSheetPath } from '../../core/viewer/pageThumbs.js';

/** A chapter whose images no cache may serve any more (taken down). */
export interface PurgedChapter {
  id: number;
  /** Its reader pages (idx 0 … pages - 1), at every quality. */
  pages: number;
  /** Its thumbnail's URL path (/img/chapter/<id>/thumb_<hash>.webp), '' if none. */
  thumbnailUrl: string;
}

/** What a purge did: the origin's copies removed, and the URLs a CDN was asked to drop (and those it refused). */
interface PurgeReport {
  urls: string[];
  failed: string[];
}

/**
 * Drops every cached copy of a chapter's images once it is taken down.
 * The local default does it where this server keeps them: the reader's
 * copies of the pages and the thumbnail in the blob store (page/<id>/,
 * chapter/<id>/: copied from the board at the release, and again at a
 * restore), so no node serves them even from a stale row. With
 * CDN_PURGE_URL set it also sends `PURGE <CDN_PURGE_URL><path>` for every
 * page at every quality and the thumbnail (Varnish, Fastly and most
 * caching proxies take it); a URL it could not purge is logged and reported,
 * and runs out with its s-maxage.
 */
export interface CdnPurge {
  /** Whether a CDN is purged (then pages may be kept there longer: server/routes/img). */
  readonly cdn: boolean;
  /** Never throws: what it could not drop is logged and in `failed`. */
  chapter(c: PurgedChapter): Promise<PurgeReport>;
}

/** PURGE requests in flight at once, and how long each may take (ms). */
const PARALLEL = 8;
const TIMEOUT_MS = 10_000;

/** The URL paths of a chapter's images under /img/. */
function chapterImagePaths(c: PurgedChapter): string[] {
  const pages = Array.from({ length: c.pages }, (_, idx) => QUALITIES.map((q) => `/img/page/${c.id}/${idx}/${q}.webp`)).flat();
  const sheets = Array.from({ length: Math.ceil(c.pages / THUMBS_PER_SHEET) }, (_, k) => thumbSheetPath(c.id, k));
  return c.thumbnailUrl ? [...pages, ...sheets, c.thumbnailUrl] : [...pages, ...sheets];
}

/** One PURGE; a 404 means the CDN held no copy, which is as good. */
async function purgeOne(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'PURGE', signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.arrayBuffer();
    return res.ok || res.status === 404;
  } catch {
    return false;
  }
}

/** Sends PURGE for each path, PARALLEL at a time: the paths it could not purge. */
async function purgeAll(base: string, paths: string[]): Promise<string[]> {
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const p = paths[next++];
      if (!(await purgeOne(`${base}${p}`))) failed.push(p);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, paths.length) }, worker));
  return failed;
}

/** The adapter: the origin's copies always, the CDN at purgeUrl when set (without a trailing slash). */
export function cdnPurge(opts: { blobs: Blobs; purgeUrl: string; log: FastifyBaseLogger }): CdnPurge {
  const base = opts.purgeUrl.replace(/\/$/, '');
  return {
    cdn: base !== '',
    async chapter(c) {
      const urls = chapterImagePaths(c);
      const failed: string[] = [];
      for (const prefix of [`page/${c.id}`, `thumbs/${c.id}`, `chapter/${c.id}`])
        await opts.blobs.removeFolder(prefix).catch((err: unknown) => {
          opts.log.error({ err, chapterId: c.id, prefix }, 'purge: the origin copies were not removed');
          failed.push(`/img/${prefix}/`);
        });
      if (base) failed.push(...(await purgeAll(base, urls)));
      if (failed.length) opts.log.warn({ chapterId: c.id, failed: failed.length, first: failed[0] }, 'CDN purge: some URLs not purged');
      else opts.log.info({ chapterId: c.id, urls: urls.length, cdn: base !== '' }, 'chapter images purged');
      return { urls, failed };
    },
  };
}

import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Blobs } from '../../images/blobs.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { BoardPage } from '../../repos/console/pages.js';
import { QUALITIES } from '../../images/urls.js';
import { THUMB_SIZE } from '../../images/assets.js';
import { xorWithKey } from '../../images/crypto.js';
import type { PurgedChapter } from '../../images/purge.js';
import { draftPrefix, type ChapterRow } from './chapters.js';
import { problems } from '../problems.js';

/**
 * A console chapter reaching readers and leaving them. Release
 * copies the board into `chapters`/`pages` and the page images to where the
 * reader's image route looks (page/<id>/<idx>/); taking it back or down
 * removes the rows again (readers and the public API then know no such
 * chapter); a take-down's image copies are purged by the caller once it is
 * written (server/images/purge.ts), and a restore copies them again. Each
 * runs in the caller's transaction, on the repositories made on it; the
 * release timers are ./releaseTimers.ts.
 */

/** The reader's pages of a board (idx in board order). */
const readerPages = (pages: BoardPage[]) =>
  pages.map((p) => ({ type: p.type, width: p.width, height: p.height, encryption_key: p.encryption_key, source: 'file' }));

/** Copies the board's images to where the reader's image route looks, and makes the chapter's thumbnail: its URL. */
async function copyImages(blobs: Blobs, c: ChapterRow, pages: BoardPage[]): Promise<string> {
  for (const [idx, p] of pages.entries())
    for (const q of QUALITIES) {
      const data = await blobs.get(`${draftPrefix(c.id, p.blob)}/${q}.webp`);
      if (!data) throw new Error(`page ${p.id} of chapter ${c.id} has no ${q} image`);
      await blobs.put(`page/${c.id}/${idx}/${q}.webp`, data);
    }
  const thumbPage = pages.find((p) => p.id === c.thumbnail_page) ?? pages[0];
  const high = xorWithKey((await blobs.get(`${draftPrefix(c.id, thumbPage.blob)}/high.webp`))!, thumbPage.encryption_key);
  const thumb = await sharp(high)
    .resize({ ...THUMB_SIZE, fit: 'cover', position: 'top' })
    .webp({ quality: 80 })
    .toBuffer();
  const thumbRel = `chapter/${c.id}/thumb_${crypto.createHash('sha256').update(thumb).digest('hex').slice(0, 16)}.webp`;
  await blobs.put(thumbRel, thumb);
  return `/img/${thumbRel}`;
}

/**
 * Puts a draft where readers look, in the caller's transaction: the images
 * first (a failure leaves no row pointing at a missing image; the copies are
 * removed again by the caller when the transaction fails).
 */
export async function release(repos: ConsoleRepos, blobs: Blobs, c: ChapterRow, start: number, end: number): Promise<void> {
  const pages = await repos.pages.ofChapter(c.id);
  if (pages.length === 0) throw problems.noPages();
  const thumbnailUrl = await copyImages(blobs, c, pages);
  const mode = await repos.titles.reading(c.title_id);
  const seq = c.seq || Math.max(await repos.releases.maxSeq(c.title_id), await repos.chapters.maxSeq(c.title_id)) + 1;
  await repos.releases.add(
    {
      id: c.id,
      title_id: c.title_id,
      seq,
      name: c.name,
      sub_title: c.sub_title,
      thumbnail_url: thumbnailUrl,
      start_ts: start,
      end_ts: end,
      is_vertical_only: mode?.viewer_mode === 'vertical' ? 1 : 0,
      is_horizontal_only: mode?.viewer_mode === 'horizontal' ? 1 : 0,
      view_count: 0,
      ticket_end: 0,
      notified_at: 0,
    },
    readerPages(pages),
  );
  await repos.chapters.set(c.id, { state: 'released', seq, start_ts: start, end_ts: end });
}

/** Moves a scheduled or live chapter's times, in the reader's row and the console's. */
export async function moveRelease(repos: ConsoleRepos, c: ChapterRow, times: { start_ts: number; end_ts?: number }): Promise<void> {
  await repos.releases.set(c.id, times);
  await repos.chapters.set(c.id, times);
}

/** Takes a scheduled chapter back to a draft (its reader rows and image copies go). */
export async function takeBack(repos: ConsoleRepos, c: ChapterRow): Promise<void> {
  await repos.releases.remove(c.id);
  await repos.chapters.set(c.id, { state: 'draft', start_ts: 0, end_ts: 0 });
}

/**
 * Takes a live chapter down: its reader row is kept aside as it was (views, notification sent) for a restore.
 * Returns the images every cache must drop once the change is written.
 */
export async function takeDown(repos: ConsoleRepos, c: ChapterRow): Promise<PurgedChapter> {
  const row = await repos.releases.row(c.id);
  if (!row) throw new Error(`chapter ${c.id} is live without its reader row`);
  const pages = await repos.releases.pageCount(c.id);
  await repos.releases.remove(c.id);
  await repos.chapters.set(c.id, { state: 'down', kept_row: JSON.stringify(row) });
  return { id: c.id, pages, thumbnailUrl: row.thumbnail_url };
}

/** Brings a chapter taken down back as it was, its images copied again from the board (the take-down purged them). */
export async function restore(repos: ConsoleRepos, blobs: Blobs, c: ChapterRow): Promise<void> {
  const row = JSON.parse(c.kept_row) as NonNullable<Awaited<ReturnType<ConsoleRepos['releases']['row']>>>;
  const pages = await repos.pages.ofChapter(c.id);
  const thumbnailUrl = await copyImages(blobs, c, pages);
  await repos.releases.add({ ...row, thumbnail_url: thumbnailUrl }, readerPages(pages));
  await repos.chapters.set(c.id, { state: 'released', kept_row: '' });
}

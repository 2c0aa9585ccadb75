import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { ServerClock } from '../../lib/clock.js';
import type { Blobs } from '../../images/blobs.js';
import type { Notices } from '../../cluster/notices.js';
import { QUALITIES } from '../../images/urls.js';
import { THUMB_SIZE } from '../../images/assets.js';
import { xorWithKey } from '../../images/crypto.js';
import { draftPrefix, type ChapterRow } from './chapters.js';
import { problems } from '../problems.js';

/**
 * A console chapter reaching readers and leaving them (issue 31). Release
 * copies the board into `chapters`/`pages` and the page images to where the
 * reader's image route looks (page/<id>/<idx>/); taking it back or down
 * removes the rows again (readers and the public API then know no such
 * chapter). At its release time a timer on each node tells every node that
 * it is out (the `published` notice: caches dropped, subscribers notified
 * once by the push service, which claims a release only once).
 */
type Db = Kysely<Database>;

export interface ReleaseTimers {
  start(): Promise<void>;
  /** (Re)reads the scheduled chapters and sets a timer for each (after a schedule, or another node's catalog notice). */
  refresh(): Promise<void>;
  stop(): void;
}

export function releaseTimers(d: {
  db: DB;
  clock: ServerClock;
  notices: Notices;
  log: { warn(o: unknown, m: string): void };
}): ReleaseTimers {
  const timers = new Map<number, { at: number; t: ReturnType<ServerClock['setTimeout']> }>();
  let off: (() => void) | undefined;
  const refresh = async () => {
    const now = d.clock.nowSec();
    // Scheduled ones, and any whose time came without its notice (no claim yet): those fire at once.
    const rows = await d.db
      .selectFrom('console_chapters as cc')
      .innerJoin('chapters as ch', 'ch.id', 'cc.id')
      .select(['cc.id', 'cc.title_id', 'ch.start_ts'])
      .where('cc.state', '=', 'released')
      .where((eb) => eb.or([eb('ch.start_ts', '>', now), eb.and([eb('ch.notified_at', '=', 0), eb('ch.start_ts', '>', now - 3600)])]))
      .execute();
    const seen = new Set<number>();
    for (const r of rows) {
      seen.add(r.id);
      const old = timers.get(r.id);
      if (old?.at === r.start_ts && r.start_ts > now) continue;
      if (old) d.clock.clearTimeout(old.t);
      const t = d.clock.setTimeout(
        () => {
          timers.delete(r.id);
          d.notices.publish({ kind: 'published', chapterId: r.id, titleId: r.title_id });
        },
        Math.max(0, r.start_ts * 1000 - d.clock.now()),
      );
      (t as { unref?: () => void }).unref?.();
      timers.set(r.id, { at: r.start_ts, t });
    }
    for (const [id, v] of timers)
      if (!seen.has(id)) {
        d.clock.clearTimeout(v.t);
        timers.delete(id);
      }
  };
  return {
    async start() {
      off = d.notices.on((n) => {
        if (n.kind === 'catalog') refresh().catch((err: unknown) => d.log.warn({ err }, 'catalog: release timers'));
      });
      await refresh();
    },
    refresh,
    stop() {
      off?.();
      for (const v of timers.values()) d.clock.clearTimeout(v.t);
      timers.clear();
    },
  };
}

/** The reader's rows of a released chapter (a copy of its board). */
async function pageRows(db: Db, chapterId: number) {
  const pages = await db.selectFrom('console_pages').selectAll().where('chapter_id', '=', chapterId).orderBy('position').execute();
  return pages;
}

/**
 * Puts a draft where readers look, in the caller's transaction: the images
 * first (a failure leaves no row pointing at a missing image; the copies are
 * removed again by the caller when the transaction fails).
 */
export async function release(trx: Db, blobs: Blobs, c: ChapterRow, start: number, end: number): Promise<void> {
  const pages = await pageRows(trx, c.id);
  if (pages.length === 0) throw problems.noPages();
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
  const mode = await trx
    .selectFrom('titles as t')
    .innerJoin('series as s', 's.id', 't.series_id')
    .select('s.viewer_mode')
    .where('t.id', '=', c.title_id)
    .executeTakeFirst();
  let seq = c.seq;
  if (!seq) {
    const max = async (t: 'chapters' | 'console_chapters') =>
      Number(
        (
          await trx
            .selectFrom(t)
            .select((eb) => eb.fn.max('seq').as('m'))
            .where('title_id', '=', c.title_id)
            .executeTakeFirst()
        )?.m ?? 0,
      );
    seq = Math.max(await max('chapters'), await max('console_chapters')) + 1;
  }
  await trx
    .insertInto('chapters')
    .values({
      id: c.id,
      title_id: c.title_id,
      seq,
      name: c.name,
      sub_title: c.sub_title,
      thumbnail_url: `/img/${thumbRel}`,
      start_ts: start,
      end_ts: end,
      is_vertical_only: mode?.viewer_mode === 'vertical' ? 1 : 0,
      is_horizontal_only: mode?.viewer_mode === 'horizontal' ? 1 : 0,
      view_count: 0,
      ticket_end: 0,
      notified_at: 0,
    })
    .execute();
  await insertPages(trx, c.id, pages);
  await trx.updateTable('console_chapters').set({ state: 'released', seq, start_ts: start, end_ts: end }).where('id', '=', c.id).execute();
}

async function insertPages(trx: Db, chapterId: number, pages: Awaited<ReturnType<typeof pageRows>>) {
  await trx
    .insertInto('pages')
    .values(
      pages.map((p, idx) => ({
        chapter_id: chapterId,
        idx,
        type: p.type,
        width: p.width,
        height: p.height,
        encryption_key: p.encryption_key,
        source: 'file',
      })),
    )
    .execute();
}

/** Takes a scheduled chapter back to a draft (its reader rows and image copies go). */
export async function takeBack(trx: Db, c: ChapterRow): Promise<void> {
  await trx.deleteFrom('pages').where('chapter_id', '=', c.id).execute();
  await trx.deleteFrom('chapters').where('id', '=', c.id).execute();
  await trx.updateTable('console_chapters').set({ state: 'draft', start_ts: 0, end_ts: 0 }).where('id', '=', c.id).execute();
}

/** Takes a live chapter down: its reader row is kept aside as it was (views, notification sent) for a restore. */
export async function takeDown(trx: Db, c: ChapterRow): Promise<void> {
  const row = await trx.selectFrom('chapters').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
  await trx.deleteFrom('pages').where('chapter_id', '=', c.id).execute();
  await trx.deleteFrom('chapters').where('id', '=', c.id).execute();
  await trx
    .updateTable('console_chapters')
    .set({ state: 'down', kept_row: JSON.stringify(row) })
    .where('id', '=', c.id)
    .execute();
}

export async function restore(trx: Db, c: ChapterRow): Promise<void> {
  const row = JSON.parse(c.kept_row) as Parameters<ReturnType<Db['insertInto']>['values']>[0];
  await trx
    .insertInto('chapters')
    .values(row as never)
    .execute();
  await insertPages(trx, c.id, await pageRows(trx, c.id));
  await trx.updateTable('console_chapters').set({ state: 'released', kept_row: '' }).where('id', '=', c.id).execute();
}

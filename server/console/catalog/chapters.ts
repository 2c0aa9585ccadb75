import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ConsoleChapterTable } from '../../db/schemaCatalog.js';
import type { Chapter, ChapterState, Job } from '../../../core/console/schemas/catalog.js';
import { problems } from '../problems.js';

/**
 * Console chapters: a draft lives only in console_chapters/console_pages;
 * scheduling copies it into chapters/pages (where readers look), taking it
 * back or down removes it from there again. The editorial state readers'
 * time decides (scheduled or live) is derived from the release time.
 */
type Db = Kysely<Database>;
export type ChapterRow = Selectable<ConsoleChapterTable>;

/** Where a board page's images are: encrypted qualities and a plain thumbnail (never under a public URL). */
export const draftPrefix = (chapterId: number, blob: string) => `page/d${chapterId}/${blob}`;

export function stateOf(r: ChapterRow, now: number): ChapterState {
  if (r.state === 'released') return r.start_ts <= now ? 'live' : 'scheduled';
  return r.state as ChapterState;
}

function jobOf(r: ChapterRow): Job {
  const state = r.job_state as Job['state'];
  return {
    state,
    done: r.job_done,
    total: r.job_total,
    ...(state === 'failed' && r.job_error ? { error: JSON.parse(r.job_error) as { code: string; detail: string } } : {}),
  };
}

export async function chapterRow(db: Db, id: number): Promise<ChapterRow | undefined> {
  return db.selectFrom('console_chapters').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function chapterById(db: Db, id: number, now: number): Promise<Chapter | undefined> {
  const r = await chapterRow(db, id);
  if (!r) return undefined;
  const pages = await db.selectFrom('console_pages').selectAll().where('chapter_id', '=', id).orderBy('position').execute();
  const series = await db
    .selectFrom('titles as t')
    .innerJoin('series as s', 's.id', 't.series_id')
    .select('s.start_from_right')
    .where('t.id', '=', r.title_id)
    .executeTakeFirst();
  return {
    id: r.id,
    titleId: r.title_id,
    name: r.name,
    subTitle: r.sub_title,
    thumbnailPage: r.thumbnail_page,
    state: stateOf(r, now),
    startAt: r.state === 'draft' ? 0 : r.start_ts,
    endAt: r.state === 'draft' ? 0 : r.end_ts,
    rightToLeft: series?.start_from_right === 1,
    pages: pages.map((p) => ({
      id: p.id,
      type: p.type,
      suggestDouble: p.suggest_double === 1,
      width: p.width,
      height: p.height,
      name: p.name,
      thumbUrl: `/console/api/chapters/${id}/pages/${p.id}/thumb.webp`,
    })),
    job: jobOf(r),
    version: r.version,
  };
}

/** The chapter, or 404; with the version check of a write (409 with the chapter as it is now). */
export async function chapterForWrite(db: Db, id: number, version: number, now: number): Promise<ChapterRow> {
  const r = await chapterRow(db, id);
  if (!r) throw problems.notFound('No such chapter.');
  if (r.version !== version) throw problems.conflictWith(await chapterById(db, id, now));
  return r;
}

/** Bumps the version, refusing a concurrent writer that got there first. */
export async function bump(db: Db, id: number, version: number, set: Partial<ChapterRow> = {}): Promise<void> {
  const r = await db
    .updateTable('console_chapters')
    .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw problems.conflict();
}

/** Another chapter of the title already has this name (drafts and released alike). */
export async function nameTaken(db: Db, titleId: number, name: string, except = 0): Promise<boolean> {
  const a = await db
    .selectFrom('console_chapters')
    .select('id')
    .where('title_id', '=', titleId)
    .where('name', '=', name)
    .where('id', '!=', except)
    .executeTakeFirst();
  if (a) return true;
  const b = await db
    .selectFrom('chapters')
    .select('id')
    .where('title_id', '=', titleId)
    .where('name', '=', name)
    .where('id', '!=', except)
    .executeTakeFirst();
  return !!b;
}

/** Rewrites positions 0..n-1 in the given order. */
export async function renumber(db: Db, chapterId: number, order: number[]): Promise<void> {
  for (let i = 0; i < order.length; i++)
    await db.updateTable('console_pages').set({ position: i }).where('id', '=', order[i]).where('chapter_id', '=', chapterId).execute();
}

import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';

/** A bookmark the viewer makes (POST /api/page_bookmarks). */
export interface PageBookmarkWrite {
  chapterId: number;
  item: number;
  page: number;
  pageCount: number;
  note: string;
}

export interface PageBookmarkRow {
  id: number;
  title_id: number;
  title_name: string;
  chapter_id: number;
  chapter_name: string;
  item: number;
  page: number;
  page_count: number;
  note: string;
  updated_at: number;
}

/** Bookmarks one visitor keeps at most: a write beyond it is refused (the oldest are never dropped silently). */
const PAGE_BOOKMARKS_MAX = 500;

/**
 * Page bookmarks with a note, per visitor: one per chapter and viewer item
 * (bookmarking the same page again keeps one, with the newer note).
 */
export function pageBookmarksRepo(db: DB, clock: ServerClock) {
  return {
    /**
     * Saves a bookmark: 'unknown' when the chapter is not in the catalog,
     * 'full' when the visitor already keeps PAGE_BOOKMARKS_MAX others.
     */
    async save(visitor: string, w: PageBookmarkWrite): Promise<number | 'unknown' | 'full'> {
      const chapter = await db.selectFrom('chapters').select('title_id').where('id', '=', w.chapterId).executeTakeFirst();
      if (!chapter) return 'unknown';
      const now = clock.nowSec();
      const existing = await db
        .selectFrom('page_bookmarks')
        .select('id')
        .where('visitor_token', '=', visitor)
        .where('chapter_id', '=', w.chapterId)
        .where('item', '=', w.item)
        .executeTakeFirst();
      if (existing) {
        await db
          .updateTable('page_bookmarks')
          .set({ note: w.note, page: w.page, page_count: w.pageCount, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
        return existing.id;
      }
      const { n } = await db
        .selectFrom('page_bookmarks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('visitor_token', '=', visitor)
        .executeTakeFirstOrThrow();
      if (Number(n) >= PAGE_BOOKMARKS_MAX) return 'full';
      const row = await db
        .insertInto('page_bookmarks')
        .values({
          visitor_token: visitor,
          title_id: chapter.title_id,
          chapter_id: w.chapterId,
          item: w.item,
          page: w.page,
          page_count: w.pageCount,
          note: w.note,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The visitor's bookmarks, newest first; only a title's or a chapter's when asked. */
    async list(visitor: string, only: { titleId?: number | null; chapterId?: number | null } = {}): Promise<PageBookmarkRow[]> {
      let q = db
        .selectFrom('page_bookmarks as b')
        .innerJoin('titles as t', 't.id', 'b.title_id')
        .innerJoin('chapters as c', 'c.id', 'b.chapter_id')
        .select([
          'b.id',
          'b.title_id',
          't.name as title_name',
          'b.chapter_id',
          'c.name as chapter_name',
          'b.item',
          'b.page',
          'b.page_count',
          'b.note',
          'b.updated_at',
        ])
        .where('b.visitor_token', '=', visitor);
      if (only.titleId != null) q = q.where('b.title_id', '=', only.titleId);
      if (only.chapterId != null) q = q.where('b.chapter_id', '=', only.chapterId);
      return q.orderBy('b.updated_at', 'desc').orderBy('b.id', 'desc').limit(PAGE_BOOKMARKS_MAX).execute();
    },

    /** Removes one of the visitor's bookmarks; false when they have none of that id. */
    async remove(visitor: string, id: number): Promise<boolean> {
      const r = await db.deleteFrom('page_bookmarks').where('visitor_token', '=', visitor).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

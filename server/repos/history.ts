import type { Selectable } from 'kysely';
import type { DB } from '../db/index.js';
import type { ReadingPositionTable } from '../db/schemaVisitors.js';
import type { ServerClock } from '../lib/clock.js';
import type { StatsRecorder } from '../stats/rollup.js';
import type { TitleRow } from './catalog.js';
import type { ChapterRow } from './chapters.js';

type PositionRow = Selectable<ReadingPositionTable>;

/** A position the viewer reports (POST /api/history/position). */
export interface PositionWrite {
  chapterId: number;
  item: number;
  page: number;
  pageCount: number;
  /** The reader's clock when the position was taken (ms). */
  clientMs: number;
}

/** One history entry with its title and chapter rows. */
interface HistoryRow {
  position: PositionRow;
  title: TitleRow;
  chapter: ChapterRow;
}

/** Entries a history answer holds at most. */
const HISTORY_MAX = 100;

/**
 * Reading history: where each visitor was in each title (one row per visitor
 * and title: the chapter and page last read). The rule for a write: the
 * position the reader last went to wins, forwards or back, but a write taken
 * earlier on the reader's clock than the stored one (a late debounced report,
 * a retried request) never replaces it; on a tie the later arrival wins.
 */
export function historyRepo(db: DB, clock: ServerClock, stats: StatsRecorder) {
  return {
    /** Saves a position; the chapter's title, or null when the chapter is unknown. A stale write is accepted and ignored. */
    async save(visitor: string, w: PositionWrite): Promise<number | null> {
      const chapter = await db.selectFrom('chapters').select('title_id').where('id', '=', w.chapterId).executeTakeFirst();
      if (!chapter) return null;
      const row = {
        visitor_token: visitor,
        title_id: chapter.title_id,
        chapter_id: w.chapterId,
        item: w.item,
        page: w.page,
        page_count: w.pageCount,
        client_ms: w.clientMs,
        updated_at: clock.nowSec(),
      };
      await db
        .insertInto('reading_positions')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['visitor_token', 'title_id'])
            .doUpdateSet((eb) => ({
              chapter_id: eb.ref('excluded.chapter_id'),
              item: eb.ref('excluded.item'),
              page: eb.ref('excluded.page'),
              page_count: eb.ref('excluded.page_count'),
              client_ms: eb.ref('excluded.client_ms'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .where('reading_positions.client_ms', '<=', (eb) => eb.ref('excluded.client_ms')),
        )
        .execute();
      // How far readers get: this reader reached this page of the chapter.
      stats.add('reach', w.chapterId, String(w.page), 1, visitor);
      return chapter.title_id;
    },

    /** The visitor's history, most recently read first, with each entry's title and chapter. */
    async list(visitor: string): Promise<HistoryRow[]> {
      const positions = await db
        .selectFrom('reading_positions')
        .selectAll()
        .where('visitor_token', '=', visitor)
        .orderBy('updated_at', 'desc')
        .orderBy('client_ms', 'desc')
        .limit(HISTORY_MAX)
        .execute();
      if (positions.length === 0) return [];
      const [titles, chapters] = await Promise.all([
        db
          .selectFrom('titles')
          .selectAll()
          .where(
            'id',
            'in',
            positions.map((p) => p.title_id),
          )
          .execute(),
        db
          .selectFrom('chapters')
          .selectAll()
          .where(
            'id',
            'in',
            positions.map((p) => p.chapter_id),
          )
          .execute(),
      ]);
      const titleById = new Map(titles.map((t) => [t.id, t]));
      const chapterById = new Map(chapters.map((c) => [c.id, c]));
      const out: HistoryRow[] = [];
      for (const position of positions) {
        const title = titleById.get(position.title_id);
        const chapter = chapterById.get(position.chapter_id);
        if (title && chapter) out.push({ position: { ...position, client_ms: Number(position.client_ms) }, title, chapter });
      }
      return out;
    },

    /** Removes one title from the visitor's history (titleId), or all of it (null); answers how many entries went. */
    async remove(visitor: string, titleId: number | null): Promise<number> {
      let q = db.deleteFrom('reading_positions').where('visitor_token', '=', visitor);
      if (titleId !== null) q = q.where('title_id', '=', titleId);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

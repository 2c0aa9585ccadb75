import { CompiledQuery, sql } from 'kysely';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import type { TapLog } from '../lib/taplog.js';

export interface VisitorFlags {
  bookmarked: Set<number>;
  viewed: Set<number>;
  liked: Set<number>;
}

/**
 * The flags read for lists of these lengths, with placeholder values: its
 * parameters are the visitor then the ids, for each list given, in order.
 */
function flagsQuery(titles: number, chapters: number, comments: number) {
  const ids = (n: number) => sql.join(Array.from({ length: n }, () => 0));
  const parts = [];
  if (titles) parts.push(sql`select 1 as k, title_id as id from bookmarks where visitor_token = ${''} and title_id in (${ids(titles)})`);
  if (chapters)
    parts.push(sql`select 2 as k, chapter_id as id from viewed_chapters where visitor_token = ${''} and chapter_id in (${ids(chapters)})`);
  if (comments)
    parts.push(sql`select 3 as k, comment_id as id from comment_likes where visitor_token = ${''} and comment_id in (${ids(comments)})`);
  return sql<{ k: number; id: number }>`${sql.join(parts, sql` union all `)}`;
}

/** The largest id a catalog table holds (PostgreSQL integer). */
const MAX_ID = 2 ** 31 - 1;

/** The flags of a visitor with nothing favorited, viewed or liked. */
export function noFlags(): VisitorFlags {
  return { bookmarked: new Set(), viewed: new Set(), liked: new Set() };
}

/**
 * Visitors and the per-visitor state the views show (favorites, viewed
 * chapters, liked comments), read in one round trip.
 */
export function visitorsRepo(db: DB, clock: ServerClock) {
  /** SQL of the flags read per list lengths (titles|chapters|comments). */
  const compiled = new Map<string, string>();
  return {
    async exists(token: string): Promise<boolean> {
      return (await db.selectFrom('visitors').select('token').where('token', '=', token).executeTakeFirst()) !== undefined;
    },

    /** Makes the visitor's row (on their first write), or marks it seen. */
    async ensure(token: string): Promise<void> {
      const now = clock.nowSec();
      await db
        .insertInto('visitors')
        .values({ token, created_at: now, last_seen: now })
        .onConflict((oc) => oc.column('token').doUpdateSet({ last_seen: now }))
        .execute();
    },

    /** Whether what a tap log names is in the catalog: its banner, title and popup, each when given. */
    async knownTapTarget(log: TapLog): Promise<boolean> {
      // Catalog ids are PostgreSQL integers: a larger id is in no table (and may not be compared there).
      const ids = [log.banner_id, log.title_id, log.popup_id];
      if (ids.some((id) => id !== undefined && id > MAX_ID)) return false;
      const checks: Promise<unknown>[] = [];
      if (log.banner_id !== undefined)
        checks.push(db.selectFrom('banners').select('id').where('id', '=', log.banner_id).executeTakeFirst());
      if (log.title_id !== undefined) checks.push(db.selectFrom('titles').select('id').where('id', '=', log.title_id).executeTakeFirst());
      if (log.popup_id !== undefined) checks.push(db.selectFrom('popups').select('id').where('id', '=', log.popup_id).executeTakeFirst());
      return (await Promise.all(checks)).every((row) => row !== undefined);
    },

    /**
     * Which of these titles the visitor favorited, chapters they viewed and
     * comments they liked, in one indexed read. The SQL is compiled once per
     * list lengths and reused (the same lengths come back for a title or a
     * chapter), so a request pays for running it only.
     */
    async flags(visitor: string, q: { titleIds?: number[]; chapterIds?: number[]; commentIds?: number[] }): Promise<VisitorFlags> {
      const out: VisitorFlags = { bookmarked: new Set(), viewed: new Set(), liked: new Set() };
      const t = q.titleIds ?? [];
      const c = q.chapterIds ?? [];
      const m = q.commentIds ?? [];
      if (t.length + c.length + m.length === 0) return out;
      const shape = `${t.length}|${c.length}|${m.length}`;
      let text = compiled.get(shape);
      if (text === undefined) {
        text = flagsQuery(t.length, c.length, m.length).compile(db).sql;
        if (compiled.size >= 1000) compiled.clear();
        compiled.set(shape, text);
      }
      const params: unknown[] = [];
      if (t.length) params.push(visitor, ...t);
      if (c.length) params.push(visitor, ...c);
      if (m.length) params.push(visitor, ...m);
      const { rows } = await db.executeQuery<{ k: number; id: number }>(CompiledQuery.raw(text, params));
      for (const r of rows) {
        const k = Number(r.k);
        (k === 1 ? out.bookmarked : k === 2 ? out.viewed : out.liked).add(Number(r.id));
      }
      return out;
    },
  };
}

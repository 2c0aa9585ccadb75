import { CompiledQuery, sql } from 'kysely';
import type { DB } from '../db/index.js';

/** Rows per upsert statement on SQLite (five parameters a row). */
const BATCH = 200;
/** Pairs per lookup on SQLite (two parameters a pair). */
const LOOKUP = 500;
/** Rows per statement on PostgreSQL, where rows go as arrays, one parameter a column. */
const PG_BATCH = 5000;

export interface ViewedRow {
  visitor: string;
  chapterId: number;
  /** viewed_at (s). */
  at: number;
  /** counted_at (s): kept where the row has a later one; 0 for a view not counted. */
  countedAt: number;
}

/** The next batch: BATCH rows, then the largest power of two that fits. */
function batchSize(left: number): number {
  if (left >= BATCH) return BATCH;
  return 2 ** Math.floor(Math.log2(left));
}

const pairKey = (visitor: string, chapterId: number) => `${visitor}\n${chapterId}`;

const ON_CONFLICT = `on conflict (visitor_token, chapter_id) do update set viewed_at = excluded.viewed_at,
  counted_at = case when excluded.counted_at > viewed_chapters.counted_at then excluded.counted_at else viewed_chapters.counted_at end`;

/**
 * The views flush's statements on viewed_chapters, in bulk. On PostgreSQL
 * the rows go as one array a column (unnest): a statement of 5,000 rows has
 * five parameters, where a VALUES list of 200 had 1,000 to bind and plan
 * (issue 33's bench: the flush's largest cost). Rows are written in the
 * order given, which is the flush's lock order.
 */
export function viewedRows(db: DB, postgres: boolean) {
  // The SQLite upsert of n rows, compiled once per n: 200 rows, then powers of two for the rest.
  const upserts = new Map<number, string>();
  const upsertOf = (n: number): string => {
    let text = upserts.get(n);
    if (text === undefined) {
      const values = db
        .insertInto('viewed_chapters')
        .values(Array.from({ length: n }, () => ({ visitor_token: '', chapter_id: 0, last_page: 0, viewed_at: 0, counted_at: 0 })))
        .compile().sql;
      upserts.set(n, (text = `${values} ${ON_CONFLICT}`));
    }
    return text;
  };

  return {
    pairKey,

    async upsert(trx: DB, rows: readonly ViewedRow[]): Promise<void> {
      if (postgres) {
        for (let i = 0; i < rows.length; i += PG_BATCH) {
          const part = rows.slice(i, i + PG_BATCH);
          await sql`insert into viewed_chapters (visitor_token, chapter_id, last_page, viewed_at, counted_at)
            select t, c, 0, v, k from unnest(cast(${part.map((r) => r.visitor)} as text[]), cast(${part.map((r) => r.chapterId)} as integer[]),
              cast(${part.map((r) => r.at)} as integer[]), cast(${part.map((r) => r.countedAt)} as integer[])) as u(t, c, v, k)
            ${sql.raw(ON_CONFLICT)}`.execute(trx);
        }
        return;
      }
      for (let i = 0; i < rows.length;) {
        const n = batchSize(rows.length - i);
        const params: unknown[] = [];
        for (const r of rows.slice(i, i + n)) params.push(r.visitor, r.chapterId, 0, r.at, r.countedAt);
        await trx.executeQuery(CompiledQuery.raw(upsertOf(n), params));
        i += n;
      }
    },

    /**
     * counted_at of the pairs that have a row, by pairKey. The pairs
     * themselves are joined, each an index lookup (visitors in (…) and
     * chapters in (…) probed every visitor with every chapter on SQLite:
     * 250,000 lookups for 500 views). On SQLite a cross join keeps the pairs
     * the outer loop: with a plain join, SQLite 3.53 scans viewed_chapters
     * against a bloom filter of the pairs (EXPLAIN QUERY PLAN: "SCAN v",
     * 200 ms a lookup at 600,000 rows).
     */
    async countedAt(trx: DB, pairs: readonly { visitor: string; chapterId: number }[]): Promise<Map<string, number>> {
      type Found = { visitor_token: string; chapter_id: number; counted_at: number };
      const out = new Map<string, number>();
      const step = postgres ? PG_BATCH : LOOKUP;
      for (let i = 0; i < pairs.length; i += step) {
        const part = pairs.slice(i, i + step);
        const { rows } = postgres
          ? await sql<Found>`select v.visitor_token, v.chapter_id, v.counted_at
              from unnest(cast(${part.map((p) => p.visitor)} as text[]), cast(${part.map((p) => p.chapterId)} as integer[])) as p(t, c)
              join viewed_chapters v on v.visitor_token = p.t and v.chapter_id = p.c`.execute(trx)
          : await sql<Found>`select v.visitor_token, v.chapter_id, v.counted_at
              from (values ${sql.join(part.map((p) => sql`(${p.visitor}, cast(${p.chapterId} as integer))`))}) p
              cross join viewed_chapters v where v.visitor_token = p.column1 and v.chapter_id = p.column2`.execute(trx);
        for (const r of rows) out.set(pairKey(r.visitor_token, Number(r.chapter_id)), Number(r.counted_at));
      }
      return out;
    },
  };
}

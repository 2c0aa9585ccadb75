import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import { Cells, writeCells } from './rollup.js';
import { assignVariant } from '../../core/console/coverTests.js';

/** Visitor ids per lookup. */
const LOOKUP = 500;
/** Chapters per statement of addViewCounts. */
const BATCH = 200;

/**
 * The visitors among these with a viewed-chapter row already: the others
 * read for the first time (within that table's retention). On PostgreSQL in
 * one statement (the visitors as one array).
 */
export async function knownReaders(trx: DB, visitors: readonly string[], postgres: boolean): Promise<Set<string>> {
  const known = new Set<string>();
  if (postgres && visitors.length) {
    const { rows } = await sql<{ visitor_token: string }>`select distinct visitor_token from viewed_chapters
      where visitor_token = any(cast(${visitors} as text[]))`.execute(trx);
    return new Set(rows.map((r) => r.visitor_token));
  }
  for (let i = 0; i < visitors.length; i += LOOKUP) {
    const rows = await trx
      .selectFrom('viewed_chapters')
      .select('visitor_token')
      .distinct()
      .where('visitor_token', 'in', visitors.slice(i, i + LOOKUP))
      .execute();
    for (const r of rows) known.add(r.visitor_token);
  }
  return known;
}

/** How many variant images a test's stored list (JSON) holds; 0 when it is not a list. */
function variantCount(json: string): number {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.length : 0;
  } catch {
    return 0;
  }
}

/** The running cover tests of each title, with their numbers of variants (one read per flush). */
async function runningCoverTests(trx: DB): Promise<Map<number, { id: number; n: number }[]>> {
  const rows = await trx.selectFrom('cover_tests').select(['id', 'title_id', 'images']).where('state', '=', 'running').execute();
  const out = new Map<number, { id: number; n: number }[]>();
  for (const r of rows) {
    const n = variantCount(r.images);
    // A banner test of a banner with no title has no reads to count.
    if (n < 2 || !r.title_id) continue;
    const list = out.get(r.title_id) ?? [];
    list.push({ id: r.id, n });
    out.set(r.title_id, list);
  }
  return out;
}

/**
 * The rollups of counted views, in the views flush's transaction:
 * views and readers per chapter, per title and in all, per hour, and the
 * readers seen for the first time, and the reads of titles in a running
 * cover test by variant (ct.read). The title is looked up here so the
 * dashboards and the rankings group by it without touching raw rows.
 */
export async function rollUpViews(
  trx: DB,
  counted: readonly { visitor: string; chapterId: number; at: number }[],
  known: Set<string>,
  postgres: boolean,
): Promise<void> {
  if (!counted.length) return;
  const chapterIds = [...new Set(counted.map((v) => v.chapterId))];
  const titleOf = new Map<number, number>();
  for (let i = 0; i < chapterIds.length; i += LOOKUP) {
    const rows = await trx
      .selectFrom('chapters')
      .select(['id', 'title_id'])
      .where('id', 'in', chapterIds.slice(i, i + LOOKUP))
      .execute();
    for (const r of rows) titleOf.set(r.id, r.title_id);
  }
  const cells = new Cells();
  const tests = await runningCoverTests(trx);
  for (const v of counted) {
    cells.add('view', v.chapterId, '', v.at, 1, v.visitor);
    const titleId = titleOf.get(v.chapterId) ?? 0;
    cells.add('view.title', titleId, '', v.at, 1, v.visitor);
    // A read of a tested title, under the variant this visitor is shown (the same rows' upsert: no write of its own).
    for (const t of tests.get(titleId) ?? []) cells.add('ct.read', t.id, String(assignVariant(v.visitor, t.id, t.n)), v.at, 1, v.visitor);
    cells.add('view.all', 0, '', v.at, 1, v.visitor);
    if (!known.has(v.visitor)) {
      known.add(v.visitor);
      cells.add('reader.new', 0, '', v.at, 1, v.visitor);
    }
  }
  await writeCells(trx, cells, postgres);
}

/**
 * Adds counted views (chapter id, views; in chapter order) to
 * chapters.view_count and chapter_views_daily in the flush's transaction,
 * BATCH chapters a statement: every chapter row first, then every daily
 * row, each in chapter order (on PostgreSQL the chapters are locked in that
 * order first), so two nodes' flushes take their locks in one order.
 */
export async function addViewCounts(
  trx: DB,
  perChapter: readonly (readonly [number, number])[],
  day: number,
  postgres: boolean,
): Promise<void> {
  for (let i = 0; i < perChapter.length; i += BATCH) {
    const part = perChapter.slice(i, i + BATCH);
    const ids = part.map(([id]) => id);
    // One chapter's row needs no order (most flushes of a quiet service).
    if (postgres && ids.length > 1)
      await trx.selectFrom('chapters').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
    const add = sql.join(
      part.map(([id, n]) => sql`when ${id} then cast(${n} as integer)`),
      sql` `,
    );
    await trx
      .updateTable('chapters')
      .set({ view_count: sql`view_count + case id ${add} end` })
      .where('id', 'in', ids)
      .execute();
  }
  for (let i = 0; i < perChapter.length; i += BATCH) {
    await trx
      .insertInto('chapter_views_daily')
      .values(perChapter.slice(i, i + BATCH).map(([chapterId, n]) => ({ chapter_id: chapterId, day, views: n })))
      .onConflict((oc) => oc.columns(['chapter_id', 'day']).doUpdateSet({ views: sql`chapter_views_daily.views + excluded.views` }))
      .execute();
  }
}

import { sql } from 'kysely';
import type { DB } from '../../db/index.js';

type IdTable = 'banners' | 'popups' | 'featured_lists' | 'announcements' | 'publisher_news' | 'questionnaires';

/**
 * The next id of a table whose ids the demo generator chose (no sequence):
 * one above the largest, inside the write's transaction (two editors
 * creating at once on PostgreSQL: the second one's insert fails on the key
 * and is answered 409, to try again).
 */
export async function nextId(db: DB, table: IdTable): Promise<number> {
  const r = await sql<{ n: number | null }>`select max(id) as n from ${sql.table(table)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) + 1;
}

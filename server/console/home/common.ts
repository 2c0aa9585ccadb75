import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Phase } from '../../../core/console/schemas/home.js';
import type { DB } from '../../db/index.js';
import { problems } from '../problems.js';

/** What the issue 32 areas share: phases, periods, new ids, telling every node. */

/** Where a row stands at `now`: a draft, before its period, in it, after it (end 0: open-ended). */
export function phaseOf(status: string, start: number, end: number, now: number): Phase {
  if (status === 'draft') return 'draft';
  if (now < start) return 'scheduled';
  return end !== 0 && now >= end ? 'ended' : 'live';
}

/** endAt null ↔ 0 in the row (the validator also reads a JSON null as 0: both mean open-ended). */
export const endOf = (end: number | null | undefined) => end ?? 0;
export const endAtOf = (end: number) => (Number(end) === 0 ? null : Number(end));

/** Refuses a period that ends before (or when) it starts. */
export function checkPeriod(start: number, end: number | null): void {
  if (end && end <= start)
    throw problems.validation([{ path: '/endAt', message: 'must be after the start' }], 'The end is before the start.');
}

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

/**
 * After a write readers see: this node drops its cached views at once (the
 * editor's next look at the reader is current), and every node on the
 * cluster notice (PostgreSQL NOTIFY, delivered within moments).
 */
export function tellNodes(app: FastifyInstance): void {
  app.services.clear();
  app.notices.publish({ kind: 'catalog' });
}

/** A stale `version` (or a row gone meanwhile) is a conflict. */
export function expectOne(r: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): void {
  if (Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0) !== 1) throw problems.conflict();
}

/** A stored JSON column, parsed (the reader's own parser). */
export { parseJson as json } from '../../repos/promo.js';

import type { DB } from '../db/index.js';

/** A running cover test as the reader's answers apply it: the title, its tested column (or banner), the variants' URLs. */
export interface RunningTest {
  id: number;
  /** The title (a banner test: the banner's title, 0 when none). */
  titleId: number;
  slot: 'portrait' | 'landscape' | 'banner';
  /** The banner tested (slot banner), else 0. */
  bannerId: number;
  images: string[];
}

const slotOf = (s: string): RunningTest['slot'] => (s === 'landscape' || s === 'banner' ? s : 'portrait');

/** Parses a test's stored variant URLs (a JSON array of strings; anything else: none). */
export function imagesOf(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The reader's read of cover tests (the console's are in repos/console/coverTests.ts). */
export function coverTestsRepo(db: DB) {
  return {
    /** The tests running now, with two variants at least (what splits visitors). */
    async running(): Promise<RunningTest[]> {
      const rows = await db
        .selectFrom('cover_tests')
        .select(['id', 'title_id', 'slot', 'banner_id', 'images'])
        .where('state', '=', 'running')
        .orderBy('id')
        .execute();
      return rows
        .map((r) => ({
          id: r.id,
          titleId: r.title_id,
          slot: slotOf(r.slot),
          bannerId: r.banner_id,
          images: imagesOf(r.images),
        }))
        .filter((t) => t.images.length >= 2);
    },
  };
}

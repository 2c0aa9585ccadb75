import type { DB } from '../db/index.js';

/** A running cover test as the reader's answers apply it: the title, its tested column, the variants' URLs. */
export interface RunningTest {
  id: number;
  titleId: number;
  slot: 'portrait' | 'landscape';
  images: string[];
}

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
        .select(['id', 'title_id', 'slot', 'images'])
        .where('state', '=', 'running')
        .orderBy('id')
        .execute();
      return rows
        .map((r) => ({
          id: r.id,
          titleId: r.title_id,
          slot: r.slot === 'landscape' ? ('landscape' as const) : ('portrait' as const),
          images: imagesOf(r.images),
        }))
        .filter((t) => t.images.length >= 2);
    },
  };
}

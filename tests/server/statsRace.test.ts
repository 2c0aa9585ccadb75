import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { Cells, writeCells } from '../../server/stats/rollup.js';
import { Hll } from '../../server/lib/hll.js';

/**
 * Two nodes adding readers to the same rollup row that does not
 * exist yet. On PostgreSQL the second writer's read used to find no row (the
 * first had not committed, and FOR UPDATE locks only rows that exist), so its
 * upsert replaced the first's sketch with its own: the count added up, half
 * the readers were lost. The second now waits for the first and merges.
 */
const HOUR_SEC = 1_780_000_000;

const readers = (prefix: string, n: number) => {
  const c = new Cells();
  for (let i = 0; i < n; i++) c.add('views', 4242, '', HOUR_SEC, 1, `${prefix}-${i}`);
  return c;
};

describe.each(BACKENDS)('rollup rows written at once by two nodes (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, 'stats_race', {}, false);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a new row written by two transactions at once keeps both writers’ readers', async () => {
    const postgres = backend === 'postgres';
    const first = readers('first', 60);
    const second = readers('second', 40);
    if (postgres) {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let written!: () => void;
      const firstWrote = new Promise<void>((r) => (written = r));
      // The first node has written its new row and not committed yet.
      const one = t.db.transaction().execute(async (trx) => {
        await writeCells(trx, first, true);
        written();
        await gate;
      });
      await firstWrote;
      const two = t.db.transaction().execute((trx) => writeCells(trx, second, true));
      // The second is waiting on a lock (the fix's, or, without it, the row the first inserted).
      await expect
        .poll(
          async () =>
            (
              await sql<{
                n: number;
              }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(
                t.db,
              )
            ).rows[0].n,
        )
        .toBeGreaterThan(0);
      release();
      await Promise.all([one, two]);
    } else {
      // SQLite has one writer at a time: the two transactions take turns by construction.
      await Promise.all([
        t.db.transaction().execute((trx) => writeCells(trx, first, false)),
        t.db.transaction().execute((trx) => writeCells(trx, second, false)),
      ]);
    }
    const row = await t.db
      .selectFrom('stats_hourly')
      .select(['n', 'sketch'])
      .where('metric', '=', 'views')
      .where('key', '=', 4242)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(100);
    // Small sketches count exactly (server/lib/hll.test.ts).
    expect(Hll.parse(row.sketch).count()).toBe(100);
  });
});

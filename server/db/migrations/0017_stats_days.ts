import { sql, type Kysely } from 'kysely';
import { Hll } from '../../lib/hll.js';

/** The metrics rolled up per day from now on (server/stats/rollup.ts DAILY, as it stands at this migration). */
const DAILY = ['view', 'view.title', 'view.all', 'reader.new', 'reach'];

/** Rows per insert (6 parameters each). */
const BATCH = 150;

interface Hourly {
  key: number;
  dim: string;
  hour: number;
  n: number;
  sketch: string | null;
}

/**
 * Issue 33's bench: a dashboard over 30 days read 720 hourly rows per title
 * or chapter. The metrics of server/stats/rollup.ts DAILY are now also
 * rolled up per UTC day (the metric named with ':day', at the day's first
 * hour), written beside the hourly rows; this adds the days of the hours
 * already recorded, one day at a time. And an index on (metric, key, hour):
 * the rows of some chapters in a period were found through (metric, hour),
 * every chapter's rows of the period read to keep a few (SQLite's plan;
 * the primary key has dim before hour).
 */
export function statsDays() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('stats_hourly_metric_key_hour').on('stats_hourly').columns(['metric', 'key', 'hour']).execute();
      for (const metric of DAILY) await addBlocks(db, metric, 24, `${metric}:day`);
    },
  };
}

/**
 * Rolls a metric's hourly rows up into blocks of `hours` (aligned to a
 * multiple of it since the epoch) named `name`, one block at a time: what
 * the recording paths now write beside the hours, for the hours recorded
 * before (migrations 0017 and 0020).
 */
export async function addBlocks(db: Kysely<unknown>, metric: string, hours: number, name: string): Promise<void> {
  const span = await sql<{ lo: number | null; hi: number | null }>`
    select min(hour) as lo, max(hour) as hi from stats_hourly where metric = ${metric}`.execute(db);
  const { lo, hi } = span.rows[0];
  if (lo === null || hi === null) return;
  for (let start = Number(lo) - (Number(lo) % hours); start <= Number(hi); start += hours) {
    const { rows } = await sql<Hourly>`
      select key, dim, hour, n, sketch from stats_hourly
      where metric = ${metric} and hour >= ${start} and hour < ${start + hours}`.execute(db);
    const blocks = new Map<string, { key: number; dim: string; n: number; hll: Hll | null }>();
    for (const r of rows) {
      const k = `${r.key}\n${r.dim}`;
      let d = blocks.get(k);
      if (!d) blocks.set(k, (d = { key: Number(r.key), dim: r.dim, n: 0, hll: null }));
      d.n += Number(r.n);
      if (r.sketch) (d.hll ??= new Hll()).mergeText(r.sketch);
    }
    const list = [...blocks.values()];
    for (let i = 0; i < list.length; i += BATCH) {
      const values = list
        .slice(i, i + BATCH)
        .map((d) => sql`(${name}, ${d.key}, ${d.dim}, ${start}, ${d.n}, ${d.hll ? d.hll.serialise() : null})`);
      // A block already there (the migration run again) is replaced by the same figures: its hours' sum and union.
      await sql`insert into stats_hourly (metric, key, dim, hour, n, sketch) values ${sql.join(values)}
        on conflict (metric, key, dim, hour) do update set n = excluded.n, sketch = excluded.sketch`.execute(db);
    }
  }
}

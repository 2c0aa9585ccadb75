import { sql, type Kysely } from 'kysely';
import { Hll } from '../../lib/hll.js';

/** The metrics rolled up per day from now on (server/stats/rollup.ts DAILY, as it stands at this migration). */
const DAILY = ['view', 'view.title', 'view.all', 'reader.new', 'reach'];
const dayMetric = (metric: string) => `${metric}:day`;

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
      for (const metric of DAILY) {
        const span = await sql<{ lo: number | null; hi: number | null }>`
          select min(hour) as lo, max(hour) as hi from stats_hourly where metric = ${metric}`.execute(db);
        const { lo, hi } = span.rows[0];
        if (lo === null || hi === null) continue;
        for (let day = Number(lo) - (Number(lo) % 24); day <= Number(hi); day += 24) {
          const { rows } = await sql<Hourly>`
            select key, dim, hour, n, sketch from stats_hourly
            where metric = ${metric} and hour >= ${day} and hour < ${day + 24}`.execute(db);
          const days = new Map<string, { key: number; dim: string; n: number; hll: Hll | null }>();
          for (const r of rows) {
            const k = `${r.key}\n${r.dim}`;
            let d = days.get(k);
            if (!d) days.set(k, (d = { key: Number(r.key), dim: r.dim, n: 0, hll: null }));
            d.n += Number(r.n);
            if (r.sketch) (d.hll ??= new Hll()).merge(Hll.parse(r.sketch));
          }
          const list = [...days.values()];
          for (let i = 0; i < list.length; i += BATCH) {
            const values = list
              .slice(i, i + BATCH)
              .map((d) => sql`(${dayMetric(metric)}, ${d.key}, ${d.dim}, ${day}, ${d.n}, ${d.hll ? d.hll.serialise() : null})`);
            await sql`insert into stats_hourly (metric, key, dim, hour, n, sketch) values ${sql.join(values)}`.execute(db);
          }
        }
      }
    },
  };
}

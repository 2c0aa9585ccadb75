import { sql } from 'kysely';
import { routeModule } from '../../../../lib/route.js';
import { StatsQuery, StatsSummary } from '../../../../../core/console/schemas/areas.js';
import { DAY } from '../../../../lib/clock.js';
import { access } from '../../../../console/context.js';

/** View statistics (analyst): chapter views per day (the daily counts) and readers (visitors whose last view fell that day). */
const route = routeModule((app) => {
  app.get<{ Querystring: { days?: number } }>(
    '/summary',
    { config: access('GET /stats/summary'), schema: { querystring: StatsQuery, response: { 200: StatsSummary } } },
    async (req) => {
      const days = req.query.days ?? 7;
      // Days are numbered as the daily counts number them: whole days since the epoch (UTC).
      const today = Math.floor(app.clock.nowSec() / DAY);
      const from = today - (days - 1);
      const views = await app.db
        .selectFrom('chapter_views_daily')
        .select(['day', (eb) => eb.fn.sum<number>('views').as('views')])
        .where('day', '>=', from)
        .groupBy('day')
        .execute();
      const dayOf = sql<number>`viewed_at / ${sql.lit(DAY)}`;
      const readers = await app.db
        .selectFrom('viewed_chapters')
        .select([dayOf.as('d'), (eb) => eb.fn.count<number>('visitor_token').distinct().as('readers')])
        .where('viewed_at', '>=', from * DAY)
        .groupBy(dayOf)
        .execute();
      const out = [];
      for (let d = from; d <= today; d++) {
        out.push({
          day: d * DAY,
          views: Number(views.find((v) => Number(v.day) === d)?.views ?? 0),
          readers: Number(readers.find((r) => Number(r.d) === d)?.readers ?? 0),
        });
      }
      return { days: out };
    },
  );
});
export default route;

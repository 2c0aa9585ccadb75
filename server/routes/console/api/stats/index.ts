import { routeModule } from '../../../../lib/route.js';
import { DAY } from '../../../../lib/clock.js';
import { handle } from '../../../../lib/consoleRoute.js';
import type { FastifyInstance } from 'fastify';
import type { StatsPeriodQuery } from '../../../../../core/console/schemas/stats.js';
import { problems } from '../../../../console/problems.js';
import { period, spanned, Tallies, type Period } from '../../../../stats/query.js';
import { daysBetween, isZone, parseDate } from '../../../../stats/zone.js';
import { readingDashboard } from '../../../../stats/reading.js';
import { favoritesDashboard, notificationsDashboard, reachDashboard } from '../../../../stats/engagement.js';
import { promosDashboard, surveysDashboard } from '../../../../stats/promos.js';

/** The longest period a dashboard covers (days): a bound on the hours one answer reads. */
const MAX_DAYS = 400;

/** The period asked for, or a validation problem naming what is wrong. */
function asked(q: StatsPeriodQuery): Period {
  const tz = q.tz ?? 'UTC';
  const errors: { path: string; message: string }[] = [];
  if (!isZone(tz)) errors.push({ path: '/tz', message: 'not a known time zone' });
  if (!parseDate(q.from)) errors.push({ path: '/from', message: 'not a date' });
  if (!parseDate(q.to)) errors.push({ path: '/to', message: 'not a date' });
  if (!errors.length) {
    const n = daysBetween(q.from, q.to);
    if (n < 0) errors.push({ path: '/to', message: 'before from' });
    if (n >= MAX_DAYS) errors.push({ path: '/to', message: `more than ${MAX_DAYS} days after from` });
  }
  if (errors.length) throw problems.validation(errors);
  return period(tz, q.from, q.to, q.by ?? 'day');
}

/** The analyst's dashboards: each reads the hourly rollups, never raw events. */
function dashboardRoutes(app: FastifyInstance): void {
  handle(app, 'GET /stats/reading', async (req) => {
    const group = req.query.group ?? 'title';
    if (group === 'chapter' && req.query.title === undefined)
      throw problems.validation([{ path: '/title', message: 'needed for chapters' }]);
    return readingDashboard(app.db, asked(req.query), group, req.query.title);
  });
  handle(app, 'GET /stats/reach', async (req) => reachDashboard(app.db, asked(req.query), req.query.chapter));
  handle(app, 'GET /stats/favorites', async (req) => favoritesDashboard(app.db, asked(req.query)));
  handle(app, 'GET /stats/notifications', async (req) => notificationsDashboard(app.db, asked(req.query)));
  handle(app, 'GET /stats/promos', async (req) => promosDashboard(app.db, asked(req.query)));
  handle(app, 'GET /stats/surveys', async (req) => surveysDashboard(app.db, asked(req.query)));
}

/** View statistics (analyst): the summary of part 1 (views and distinct readers per UTC day) and the dashboards. */
const route = routeModule((app) => {
  dashboardRoutes(app);
  handle(app, 'GET /stats/summary', async (req) => {
    const days = req.query.days ?? 7;
    // UTC days, as before; now from the hourly rollups rather than a scan of viewed_chapters.
    const today = Math.floor(app.clock.nowSec() / DAY);
    const from = today - (days - 1);
    // A UTC day a range: its day block (old hours are compacted into it, server/stats/compaction.ts).
    const rows = await spanned(
      app.db,
      ['view.all'],
      Array.from({ length: days }, (_, i) => [(from + i) * 24, (from + i + 1) * 24] as const),
    );
    const perDay = new Tallies();
    for (const r of rows) perDay.of(String(Math.floor(r.hour / 24))).add(r);
    const out = [];
    for (let d = from; d <= today; d++) {
      const t = perDay.get(String(d));
      out.push({ day: d * DAY, views: t?.n ?? 0, readers: t?.readers ?? 0 });
    }
    return { days: out };
  });
});
export default route;

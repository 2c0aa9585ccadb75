import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { consoleCtx } from '../../../../console/actor.js';
import { toCsv, toJsonLines } from '../../../../console/audit.js';

/** The audit log (owner): filtered pages, and the same filters exported as CSV or JSON lines. */
const EXPORT_MAX = 100_000;

const route = routeModule((app) => {
  handle(app, 'GET /audit', (req) => consoleCtx(app).repos.audit.list(req.query));
  handle(app, 'GET /audit/export', async (req, reply) => {
    const { format, ...q } = req.query;
    const { entries } = await consoleCtx(app).repos.audit.list(q, EXPORT_MAX);
    const day = new Date(app.clock.now()).toISOString().slice(0, 10);
    reply.header('content-disposition', `attachment; filename="audit-${day}.${format}"`);
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(entries));
    return reply.type('application/x-ndjson; charset=utf-8').send(toJsonLines(entries));
  });
});
export default route;

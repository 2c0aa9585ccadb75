import { routeModule } from '../../../../lib/route.js';
import { FeedbackPage, FeedbackQuery } from '../../../../../core/console/schemas/areas.js';
import { access } from '../../../../console/context.js';

/** The feedback inbox (moderator): what readers sent, newest first, without who sent it. */
const route = routeModule((app) => {
  app.get<{ Querystring: { before?: number } }>(
    '/',
    { config: access('GET /feedback'), schema: { querystring: FeedbackQuery, response: { 200: FeedbackPage } } },
    async (req) => {
      let s = app.db.selectFrom('contacts').select(['id', 'created_at', 'type', 'subject', 'body']);
      if (req.query.before !== undefined) s = s.where('id', '<', req.query.before);
      const rows = await s.orderBy('id', 'desc').limit(100).execute();
      return { items: rows.map((r) => ({ id: r.id, at: Number(r.created_at), type: r.type, subject: r.subject, body: r.body })) };
    },
  );
});
export default route;

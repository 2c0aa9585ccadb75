import { routeModule } from '../../../../lib/route.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { ExportQuery } from '../../../../../core/console/schemas/home.js';
import { Inbox, InboxItem, InboxQuery, ReadMark } from '../../../../../core/console/schemas/voice.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { feedback } from '../../../../console/feedback.js';

/** The feedback inbox (moderator, server/console/feedback.ts): newest first, read/unread marks and an export. */
const route = routeModule((app) => {
  app.get<{ Querystring: { before?: number; unread?: boolean } }>(
    '/',
    { config: access('GET /feedback'), schema: { querystring: InboxQuery, response: { 200: Inbox } } },
    (req) => feedback.page(consoleCtx(app), req.query),
  );

  app.patch<{ Params: { id: number }; Body: ReadMark }>(
    '/:id',
    { config: access('PATCH /feedback/:id'), schema: { params: IdParams, body: ReadMark, response: { 200: InboxItem } } },
    (req) => feedback.mark(consoleCtx(app), actorOf(req), req.params.id, req.body.read),
  );

  app.get<{ Querystring: { format?: 'csv' | 'jsonl' } }>(
    '/export',
    { config: access('GET /feedback/export'), schema: { querystring: ExportQuery } },
    async (req, reply) => {
      const out = await feedback.export(consoleCtx(app), req.query.format);
      return reply.type(out.type).header('content-disposition', `attachment; filename="${out.filename}"`).send(out.body);
    },
  );
});
export default route;

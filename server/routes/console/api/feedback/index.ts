import { routeModule } from '../../../../lib/route.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { ExportQuery } from '../../../../../core/console/schemas/home.js';
import { Inbox, InboxItem, InboxQuery, ReadMark } from '../../../../../core/console/schemas/voice.js';
import { access } from '../../../../console/context.js';
import { audit, csvField } from '../../../../console/audit.js';
import { problems } from '../../../../console/problems.js';

const PAGE = 100;
type Row = { id: number; created_at: number; type: string; subject: string; body: string; read_at: number };
const itemOf = (r: Row): InboxItem => ({
  id: r.id,
  at: Number(r.created_at),
  type: r.type,
  subject: r.subject,
  body: r.body,
  read: Number(r.read_at) > 0,
});
const FIELDS = ['id', 'created_at', 'type', 'subject', 'body', 'read_at'] as const;

/**
 * The feedback inbox (moderator): what readers sent, newest first, without
 * who sent it; read/unread marks (issue 32) and an export.
 */
const route = routeModule((app) => {
  app.get<{ Querystring: { before?: number; unread?: boolean } }>(
    '/',
    { config: access('GET /feedback'), schema: { querystring: InboxQuery, response: { 200: Inbox } } },
    async (req) => {
      let s = app.db.selectFrom('contacts').select(FIELDS);
      if (req.query.before !== undefined) s = s.where('id', '<', req.query.before);
      if (req.query.unread) s = s.where('read_at', '=', 0);
      const rows = await s
        .orderBy('id', 'desc')
        .limit(PAGE + 1)
        .execute();
      const unread = await app.db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('read_at', '=', 0)
        .executeTakeFirst();
      const items = rows.slice(0, PAGE).map(itemOf);
      return { items, unread: Number(unread?.n ?? 0), next: rows.length > PAGE ? (items.at(-1)?.id ?? null) : null };
    },
  );

  app.patch<{ Params: { id: number }; Body: ReadMark }>(
    '/:id',
    { config: access('PATCH /feedback/:id'), schema: { params: IdParams, body: ReadMark, response: { 200: InboxItem } } },
    async (req) => {
      const now = app.clock.nowSec();
      return app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('contacts')
          .set({ read_at: req.body.read ? now : 0 })
          .where('id', '=', req.params.id)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw problems.notFound('No such message.');
        await audit(trx, req, now, { action: req.body.read ? 'feedback.read' : 'feedback.unread', target: `feedback:${req.params.id}` });
        return itemOf(await trx.selectFrom('contacts').select(FIELDS).where('id', '=', req.params.id).executeTakeFirstOrThrow());
      });
    },
  );

  app.get<{ Querystring: { format?: 'csv' | 'jsonl' } }>(
    '/export',
    { config: access('GET /feedback/export'), schema: { querystring: ExportQuery } },
    async (req, reply) => {
      const rows = (await app.db.selectFrom('contacts').select(FIELDS).orderBy('id', 'desc').execute()).map(itemOf);
      const jsonl = req.query.format === 'jsonl';
      const time = (at: number) => new Date(at * 1000).toISOString();
      const body = jsonl
        ? rows.map((r) => `${JSON.stringify({ ...r, time: time(r.at) })}\n`).join('')
        : `${[
            'id,time,type,subject,body,read',
            ...rows.map((r) => [r.id, time(r.at), r.type, r.subject, r.body, r.read ? 'yes' : 'no'].map(csvField).join(',')),
          ].join('\r\n')}\r\n`;
      return reply
        .type(jsonl ? 'application/jsonl; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="feedback.${jsonl ? 'jsonl' : 'csv'}"`)
        .send(body);
    },
  );
});
export default route;

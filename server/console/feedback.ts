import type { InboxItem } from '../../core/console/schemas/voice.js';
import type { InboxRow } from '../repos/console/feedback.js';
import type { Actor, ConsoleCtx } from './actor.js';
import { csvField } from './audit.js';
import { present } from './members.js';
import { problems } from './problems.js';
import { audited } from './write.js';

/**
 * The feedback inbox (moderator): what readers sent, newest first, without
 * who sent it; read/unread marks and an export.
 */
const PAGE = 100;

const itemOf = (r: InboxRow): InboxItem => ({
  id: r.id,
  at: Number(r.created_at),
  type: r.type,
  subject: r.subject,
  body: r.body,
  read: Number(r.read_at) > 0,
});

const time = (at: number) => new Date(at * 1000).toISOString();

export const feedback = {
  async page(ctx: ConsoleCtx, q: { before?: number | undefined; unread?: boolean | undefined }) {
    const rows = await ctx.repos.feedback.page(q, PAGE);
    const unread = await ctx.repos.feedback.unread();
    const items = rows.slice(0, PAGE).map(itemOf);
    return { items, unread, next: rows.length > PAGE ? (items.at(-1)?.id ?? null) : null };
  },

  mark(ctx: ConsoleCtx, actor: Actor, id: number, read: boolean): Promise<InboxItem> {
    return audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        if ((await repos.feedback.mark(id, read ? now : 0)) !== 1) throw problems.notFound('No such message.');
        await audit({ action: read ? 'feedback.read' : 'feedback.unread', target: `feedback:${id}` });
        return itemOf(present(await repos.feedback.byId(id)));
      },
      { readersSee: false },
    );
  },

  /** Every message as CSV or JSON lines: the body, its type and its file's name. */
  async export(ctx: ConsoleCtx, format: 'csv' | 'jsonl' | undefined) {
    const rows = (await ctx.repos.feedback.all()).map(itemOf);
    const jsonl = format === 'jsonl';
    const body = jsonl
      ? rows.map((r) => `${JSON.stringify({ ...r, time: time(r.at) })}\n`).join('')
      : `${[
          'id,time,type,subject,body,read',
          ...rows.map((r) => [r.id, time(r.at), r.type, r.subject, r.body, r.read ? 'yes' : 'no'].map(csvField).join(',')),
        ].join('\r\n')}\r\n`;
    return {
      body,
      type: jsonl ? 'application/jsonl; charset=utf-8' : 'text/csv; charset=utf-8',
      filename: `feedback.${jsonl ? 'jsonl' : 'csv'}`,
    };
  },
};

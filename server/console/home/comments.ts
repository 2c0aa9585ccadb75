import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { CommentQuery, CommentState, ModeratedComment } from '../../../core/console/schemas/voice.js';
import type { DB } from '../../db/index.js';
import { audit } from '../audit.js';
import { problems } from '../problems.js';
import { tellNodes } from './common.js';

/**
 * Comments moderation (issue 32): hide (visible → hidden), delete (visible
 * or hidden → deleted, final for readers; the text is kept for the record),
 * restore (hidden → visible). Readers' lists and counts only ever hold
 * visible ones (server/repos/comments.ts, chapters.ts) and every node drops
 * its cached views on the change.
 */
const MOVES = {
  hide: { from: ['visible'], to: 'hidden' },
  delete: { from: ['visible', 'hidden'], to: 'deleted' },
  restore: { from: ['hidden'], to: 'visible' },
} as const;
export type Move = keyof typeof MOVES;

const select = (db: DB) =>
  db
    .selectFrom('comments as c')
    .innerJoin('chapters as ch', 'ch.id', 'c.chapter_id')
    .innerJoin('titles as t', 't.id', 'ch.title_id')
    .select([
      'c.id',
      'c.chapter_id',
      't.name as title_name',
      'ch.name as chapter_name',
      'c.user_name',
      'c.body',
      'c.created',
      'c.state',
      'c.reason',
      'c.moderated_at',
      'c.moderated_by',
      sql<number>`c.base_likes + (select count(*) from comment_likes l where l.comment_id = c.id)`.as('likes'),
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const commentOf = (r: Row): ModeratedComment => ({
  id: r.id,
  chapterId: r.chapter_id,
  titleName: r.title_name,
  chapterName: r.chapter_name,
  userName: r.user_name,
  body: r.body,
  createdAt: Number(r.created),
  likes: Number(r.likes),
  state: r.state as CommentState,
  reason: r.reason,
  moderatedAt: Number(r.moderated_at) || null,
  moderatedBy: r.moderated_by,
});

/**
 * A page of comments. Newest and oldest page by (created, id) from the last
 * one seen, so a chapter with 10,000 comments pages steadily while new ones
 * arrive; by likes (which move) by position.
 */
export async function listComments(db: DB, q: CommentQuery): Promise<{ comments: ModeratedComment[]; next: string | null }> {
  const limit = q.limit ?? 50;
  const sort = q.sort ?? 'newest';
  let s = select(db);
  if (q.chapter !== undefined) s = s.where('c.chapter_id', '=', q.chapter);
  if (q.state && q.state !== 'all') s = s.where('c.state', '=', q.state);
  if (q.q) {
    const like = `%${q.q.replace(/[%_\\]/g, '')}%`;
    s = s.where((eb) => eb.or([eb('c.body', 'like', like), eb('c.user_name', 'like', like)]));
  }
  const cursor = q.cursor ?? '';
  if (sort === 'likes') {
    const offset = Number.parseInt(cursor, 10) || 0;
    const rows = await s
      .orderBy('likes', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    return { comments: rows.slice(0, limit).map(commentOf), next: rows.length > limit ? String(offset + limit) : null };
  }
  const m = /^(\d+):(\d+)$/.exec(cursor);
  if (m) {
    const [created, id] = [Number(m[1]), Number(m[2])];
    const op = sort === 'newest' ? '<' : '>';
    s = s.where((eb) => eb.or([eb('c.created', op, created), eb.and([eb('c.created', '=', created), eb('c.id', op, id)])]));
  }
  const dir = sort === 'newest' ? 'desc' : 'asc';
  const rows = await s
    .orderBy('c.created', dir)
    .orderBy('c.id', dir)
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { comments: page.map(commentOf), next: rows.length > limit && last ? `${Number(last.created)}:${last.id}` : null };
}

export async function commentChapters(db: DB, q?: string) {
  let s = db
    .selectFrom('comments as c')
    .innerJoin('chapters as ch', 'ch.id', 'c.chapter_id')
    .innerJoin('titles as t', 't.id', 'ch.title_id')
    .select([
      'c.chapter_id',
      't.name as title_name',
      'ch.name as chapter_name',
      sql<number>`sum(case when c.state = 'visible' then 1 else 0 end)`.as('visible'),
      sql<number>`sum(case when c.state = 'hidden' then 1 else 0 end)`.as('hidden'),
    ])
    .groupBy(['c.chapter_id', 't.name', 'ch.name']);
  if (q) s = s.where('t.name', 'like', `%${q.replace(/[%_\\]/g, '')}%`);
  const rows = await s
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('c.chapter_id')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    chapterId: r.chapter_id,
    titleName: r.title_name,
    chapterName: r.chapter_name,
    visible: Number(r.visible),
    hidden: Number(r.hidden),
  }));
}

const who = (req: FastifyRequest) =>
  req.staff?.kind === 'member' ? req.staff.member.email : req.staff?.kind === 'token' ? `token:${req.staff.token.name}` : '';

export async function moderate(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  move: Move,
  reason: string,
): Promise<ModeratedComment> {
  const now = app.clock.nowSec();
  const rule = MOVES[move];
  const out = await app.db.transaction().execute(async (trx) => {
    const before = await select(trx).where('c.id', '=', id).executeTakeFirst();
    if (!before) throw problems.notFound('No such comment.');
    const r = await trx
      .updateTable('comments')
      .set({ state: rule.to, reason, moderated_at: now, moderated_by: who(req) })
      .where('id', '=', id)
      .where('state', 'in', [...rule.from])
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1)
      throw problems.conflict(`A ${before.state} comment cannot be ${move === 'delete' ? 'deleted' : `${move}d`}.`);
    const after = commentOf(await select(trx).where('c.id', '=', id).executeTakeFirstOrThrow());
    await audit(trx, req, now, { action: `comment.${move}`, target: `comment:${id}`, before: commentOf(before), after });
    return after;
  });
  tellNodes(app);
  return out;
}

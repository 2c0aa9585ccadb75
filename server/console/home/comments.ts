import type { CommentQuery, CommentState, ModeratedComment } from '../../../core/console/schemas/voice.js';
import type { ModerationRow } from '../../repos/console/comments.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { problems } from '../problems.js';

/**
 * Comments moderation: hide (visible → hidden), delete (visible
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

const commentOf = (r: ModerationRow): ModeratedComment => ({
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
export async function listComments(ctx: ConsoleCtx, q: CommentQuery): Promise<{ comments: ModeratedComment[]; next: string | null }> {
  const limit = q.limit ?? 50;
  const sort = q.sort ?? 'newest';
  const filter = { chapter: q.chapter, state: q.state && q.state !== 'all' ? q.state : undefined, text: q.q };
  const cursor = q.cursor ?? '';
  if (sort === 'likes') {
    const offset = Number.parseInt(cursor, 10) || 0;
    const rows = await ctx.repos.comments.page(filter, { by: 'likes', offset, limit: limit + 1 });
    return { comments: rows.slice(0, limit).map(commentOf), next: rows.length > limit ? String(offset + limit) : null };
  }
  const m = /^(\d+):(\d+)$/.exec(cursor);
  const after = m ? { created: Number(m[1]), id: Number(m[2]) } : undefined;
  const rows = await ctx.repos.comments.page(filter, { by: 'time', dir: sort === 'newest' ? 'desc' : 'asc', after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { comments: page.map(commentOf), next: rows.length > limit && last ? `${Number(last.created)}:${last.id}` : null };
}

/** The chapters with comments, most commented first, with how many are visible and hidden. */
export async function commentChapters(ctx: ConsoleCtx, q?: string) {
  const rows = await ctx.repos.comments.chapters(q);
  return rows.map((r) => ({
    chapterId: r.chapter_id,
    titleName: r.title_name,
    chapterName: r.chapter_name,
    visible: Number(r.visible),
    hidden: Number(r.hidden),
  }));
}

/** Who a comment's moderation names: a member by their address, a token as `token:` and its name. */
const moderator = (actor: Actor) => (actor.kind === 'member' ? actor.name : actor.kind === 'token' ? `token:${actor.name}` : '');

export async function moderate(ctx: ConsoleCtx, actor: Actor, id: number, move: Move, reason: string): Promise<ModeratedComment> {
  const rule = MOVES[move];
  return audited(ctx, actor, async ({ repos, now, audit }) => {
    const before = await repos.comments.one(id);
    if (!before) throw problems.notFound('No such comment.');
    const n = await repos.comments.moderate(id, rule.from, { state: rule.to, reason, moderated_at: now, moderated_by: moderator(actor) });
    if (n !== 1) throw problems.conflict(`A ${before.state} comment cannot be ${move === 'delete' ? 'deleted' : `${move}d`}.`);
    const row = await repos.comments.one(id);
    if (!row) throw problems.notFound('No such comment.');
    const after = commentOf(row);
    await audit({ action: `comment.${move}`, target: `comment:${id}`, before: commentOf(before), after });
    return after;
  });
}

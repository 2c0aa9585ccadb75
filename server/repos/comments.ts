import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';

export interface CommentRow {
  id: number;
  chapter_id: number;
  idx: number;
  user_name: string;
  icon_url: string;
  body: string;
  created: number;
  likes: number;
}

/** A comment's likes as shown (of `comments as c`): its base likes plus the visitors' likes. */
export const likesShown = () => sql<number>`c.base_likes + (select count(*) from comment_likes l where l.comment_id = c.id)`;

/** Comments and per-visitor likes; likes shown = base_likes + likes here. */
export function commentsRepo(db: DB, clock: ServerClock) {
  const base = (chapterId: number) =>
    db
      .selectFrom('comments as c')
      .where('c.chapter_id', '=', chapterId)
      // Only what moderators left visible.
      .where('c.state', '=', 'visible')
      .select(['c.id', 'c.chapter_id', 'c.idx', 'c.user_name', 'c.icon_url', 'c.body', 'c.created', likesShown().as('likes')])
      // Most liked first, then newest.
      .orderBy('likes', 'desc')
      .orderBy('c.created', 'desc')
      .orderBy('c.id', 'desc');

  return {
    async list(chapterId: number, limit = 1000): Promise<CommentRow[]> {
      const rows = await base(chapterId).limit(limit).execute();
      return rows.map((r) => ({ ...r, likes: Number(r.likes) }));
    },

    async exists(commentId: number): Promise<boolean> {
      const r = await db.selectFrom('comments').select('id').where('id', '=', commentId).where('state', '=', 'visible').executeTakeFirst();
      return r !== undefined;
    },

    async like(visitor: string, commentId: number): Promise<void> {
      await db
        .insertInto('comment_likes')
        .values({ visitor_token: visitor, comment_id: commentId, created_at: clock.nowSec() })
        .onConflict((oc) => oc.columns(['visitor_token', 'comment_id']).doNothing())
        .execute();
    },

    async unlike(visitor: string, commentId: number): Promise<void> {
      await db.deleteFrom('comment_likes').where('visitor_token', '=', visitor).where('comment_id', '=', commentId).execute();
    },
  };
}

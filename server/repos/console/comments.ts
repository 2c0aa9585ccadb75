import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import { likesShown } from '../comments.js';

/** Which comments a moderator looks at: a chapter's, in a state, with a word in the text or the name. */
interface CommentFilter {
  chapter?: number | undefined;
  state?: string | undefined;
  text?: string | undefined;
}

/** A page's order: by likes from a position, or by time (newest or oldest first) after the last one seen. */
type CommentOrder =
  | { by: 'likes'; offset: number; limit: number }
  | { by: 'time'; dir: 'desc' | 'asc'; after?: { created: number; id: number } | undefined; limit: number };

/** What a moderator changes of a comment: its state, why, when and by whom. */
interface Moderation {
  state: string;
  reason: string;
  moderated_at: number;
  moderated_by: string;
}

const noWildcards = (s: string) => `%${s.replace(/[%_\\]/g, '')}%`;

/**
 * The console's every query of comments for moderation (`comments` with
 * their chapter's and title's names, every state): a table's console reads
 * and writes in one repository here; readers' lists (visible ones only) and
 * likes stay in server/repos/comments.ts.
 */
export function commentsModerationRepo(db: DB) {
  const select = () =>
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
        likesShown().as('likes'),
      ]);

  return {
    one: (id: number) => select().where('c.id', '=', id).executeTakeFirst(),

    /** A page of comments (ask one more than a page to know whether another follows). */
    page(f: CommentFilter, o: CommentOrder) {
      let s = select();
      if (f.chapter !== undefined) s = s.where('c.chapter_id', '=', f.chapter);
      if (f.state) s = s.where('c.state', '=', f.state);
      if (f.text) {
        const like = noWildcards(f.text);
        s = s.where((eb) => eb.or([eb('c.body', 'like', like), eb('c.user_name', 'like', like)]));
      }
      if (o.by === 'likes') return s.orderBy('likes', 'desc').orderBy('c.id', 'desc').limit(o.limit).offset(o.offset).execute();
      const after = o.after;
      if (after) {
        const op = o.dir === 'desc' ? '<' : '>';
        s = s.where((eb) =>
          eb.or([eb('c.created', op, after.created), eb.and([eb('c.created', '=', after.created), eb('c.id', op, after.id)])]),
        );
      }
      return s.orderBy('c.created', o.dir).orderBy('c.id', o.dir).limit(o.limit).execute();
    },

    /** The chapters with comments (whose title's name has a word), most commented first: at most 100. */
    chapters(titleText?: string) {
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
      if (titleText) s = s.where('t.name', 'like', noWildcards(titleText));
      return s
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('c.chapter_id')
        .limit(100)
        .execute();
    },

    /** A comment moved to a state from one of these; how many rows changed (0: it was in none of them). */
    async moderate(id: number, from: readonly string[], set: Moderation): Promise<number> {
      const r = await db
        .updateTable('comments')
        .set(set)
        .where('id', '=', id)
        .where('state', 'in', [...from])
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}

export type ModerationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof commentsModerationRepo>['one']>>>;

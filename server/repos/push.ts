import type { DB } from '../db/index.js';

export interface ReleasedChapter {
  chapterId: number;
  titleId: number;
  chapterName: string;
  titleName: string;
  startTs: number;
}

export interface PushSubscriber {
  visitor: string;
  token: string;
  lang: string;
}

/** Data access for release notifications. */
export function pushRepo(db: DB) {
  const chapterQuery = () =>
    db
      .selectFrom('chapters')
      .innerJoin('titles', 'titles.id', 'chapters.title_id')
      .select([
        'chapters.id as chapterId',
        'chapters.title_id as titleId',
        'chapters.name as chapterName',
        'titles.name as titleName',
        'chapters.start_ts as startTs',
      ]);
  return {
    /** Readable chapters (start time passed) not notified yet, oldest first. */
    async pendingReleases(now: number): Promise<ReleasedChapter[]> {
      return chapterQuery()
        .where('chapters.notified_at', '=', 0)
        .where('chapters.start_ts', '<=', now)
        .orderBy('chapters.start_ts')
        .orderBy('chapters.id')
        .execute();
    },

    /**
     * Marks the chapter notified; true only for the one caller that changed it
     * (so two checks, or two server processes, never both send).
     */
    async claim(chapterId: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('chapters')
        .set({ notified_at: now })
        .where('id', '=', chapterId)
        .where('notified_at', '=', 0)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async chapter(id: number): Promise<ReleasedChapter | undefined> {
      return chapterQuery().where('chapters.id', '=', id).executeTakeFirst();
    },

    /** Visitors who favorited the title and gave a push token. */
    async subscribers(titleId: number): Promise<PushSubscriber[]> {
      return db
        .selectFrom('bookmarks')
        .innerJoin('push_tokens', 'push_tokens.visitor_token', 'bookmarks.visitor_token')
        .select(['bookmarks.visitor_token as visitor', 'push_tokens.token as token', 'push_tokens.lang as lang'])
        .where('bookmarks.title_id', '=', titleId)
        .execute();
    },

    /** Forgets an expired subscription (the push service answered 404/410). */
    async removeToken(visitor: string, token: string): Promise<void> {
      await db.deleteFrom('push_tokens').where('visitor_token', '=', visitor).where('token', '=', token).execute();
    },
  };
}

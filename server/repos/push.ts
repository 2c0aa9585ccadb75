import type { Kysely } from 'kysely';
import type { DB } from '../db/index.js';
import type { Database } from '../db/schema.js';
import type { StatsRecorder } from '../stats/rollup.js';
import { LANGUAGES } from '../../core/languages.js';

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
export function pushRepo(db: DB, stats?: StatsRecorder) {
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
    /** Readable chapters (start time passed) not claimed yet, oldest first. */
    async pendingReleases(now: number): Promise<ReleasedChapter[]> {
      return chapterQuery()
        .where('chapters.notified_at', '=', 0)
        .where('chapters.start_ts', '<=', now)
        .orderBy('chapters.start_ts')
        .orderBy('chapters.id')
        .execute();
    },

    /**
     * Claims the chapter's release and, in the same transaction, hands its
     * subscribers (visitors who favorited the title and gave a push token)
     * to `enqueue`: the chapter is marked only if its jobs exist, and only
     * one caller (process, node) ever claims it. Null when already claimed.
     * A chapter that went out in a release group claims its readable
     * siblings with it: each subscriber of any of their titles is handed
     * once, for the edition in their language (else the first they follow).
     */
    async claim(
      chapterId: number,
      now: number,
      enqueue: (trx: Kysely<Database>, visitors: string[], chapterId: number) => Promise<void>,
    ): Promise<{ subscribers: number } | null> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('chapters')
          .set({ notified_at: now })
          .where('id', '=', chapterId)
          .where('notified_at', '=', 0)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return null;
        const claimed = [chapterId, ...(await claimSiblings(trx, chapterId, now))];
        const byChapter = await subscribersOf(trx, claimed);
        let subscribers = 0;
        for (const [id, visitors] of byChapter) {
          subscribers += visitors.length;
          await enqueue(trx, visitors, id);
        }
        return { subscribers };
      });
    },

    async chapter(id: number): Promise<ReleasedChapter | undefined> {
      return chapterQuery().where('chapters.id', '=', id).executeTakeFirst();
    },

    /** The current push token and language of these visitors (those who still have one). */
    async subscribers(visitors: string[]): Promise<PushSubscriber[]> {
      if (!visitors.length) return [];
      return db
        .selectFrom('push_tokens')
        .select(['visitor_token as visitor', 'token', 'lang'])
        .where('visitor_token', 'in', visitors)
        .execute();
    },

    /** Whether the push service already accepted this chapter for this subscription. */
    async delivered(endpointHash: string, chapterId: number): Promise<boolean> {
      const r = await db
        .selectFrom('push_deliveries')
        .select('chapter_id')
        .where('endpoint_hash', '=', endpointHash)
        .where('chapter_id', '=', chapterId)
        .executeTakeFirst();
      return !!r;
    },

    async recordDelivery(endpointHash: string, chapterId: number, now: number): Promise<void> {
      await db
        .insertInto('push_deliveries')
        .values({ endpoint_hash: endpointHash, chapter_id: chapterId, delivered_at: now })
        .onConflict((oc) => oc.columns(['endpoint_hash', 'chapter_id']).doNothing())
        .execute();
    },

    /**
     * Counts a send's outcome for the release's figures: every
     * try, then what came of it (accepted, expired, failed); the readers a
     * notification reached go into a sketch, so the dashboard can tell how
     * many of them opened the chapter within a day.
     */
    countSend(chapterId: number, outcome: 'sent' | 'expired' | 'failed' | 'retry', visitor: string): void {
      if (!stats) return;
      if (outcome !== 'retry') stats.add('push.try', chapterId, '');
      if (outcome === 'sent') stats.add('push.ok', chapterId, '', 1, visitor);
      else if (outcome === 'expired') stats.add('push.expired', chapterId, '');
      else if (outcome === 'failed') stats.add('push.failed', chapterId, '');
    },

    /** Forgets an expired subscription (the push service answered 404/410). */
    async removeToken(visitor: string, token: string): Promise<void> {
      await db.deleteFrom('push_tokens').where('visitor_token', '=', visitor).where('token', '=', token).execute();
    },
  };
}

/** The readable, unclaimed chapters that went out in a release group with this one, claimed now (their ids). */
async function claimSiblings(trx: Kysely<Database>, chapterId: number, now: number): Promise<number[]> {
  const siblings = trx
    .selectFrom('release_group_members as m1')
    .innerJoin('release_groups as g', 'g.id', 'm1.group_id')
    .innerJoin('release_group_members as m2', 'm2.group_id', 'm1.group_id')
    .select('m2.chapter_id')
    .where('m1.chapter_id', '=', chapterId)
    .where('g.state', '=', 'released');
  const rows = await trx
    .updateTable('chapters')
    .set({ notified_at: now })
    .where('id', 'in', siblings)
    .where('id', '!=', chapterId)
    .where('notified_at', '=', 0)
    .where('start_ts', '<=', now)
    .returning('id')
    .execute();
  return rows.map((x) => x.id);
}

/**
 * The subscribers of these chapters' titles, each once: with the chapter of
 * their language (their push token's), else the first of theirs by id.
 */
async function subscribersOf(trx: Kysely<Database>, chapterIds: number[]): Promise<Map<number, string[]>> {
  const rows = await trx
    .selectFrom('bookmarks')
    .innerJoin('push_tokens', 'push_tokens.visitor_token', 'bookmarks.visitor_token')
    .innerJoin('chapters', 'chapters.title_id', 'bookmarks.title_id')
    .innerJoin('titles', 'titles.id', 'chapters.title_id')
    .select(['bookmarks.visitor_token as visitor', 'chapters.id as chapterId', 'titles.language', 'push_tokens.lang'])
    .where('chapters.id', 'in', chapterIds)
    .orderBy('bookmarks.visitor_token')
    .orderBy('chapters.id')
    .execute();
  const chosen = new Map<string, { chapterId: number; own: boolean }>();
  for (const r of rows) {
    const own = LANGUAGES.find((l) => Number(l.language) === r.language)?.service === r.lang;
    const had = chosen.get(r.visitor);
    if (!had || (own && !had.own)) chosen.set(r.visitor, { chapterId: r.chapterId, own });
  }
  const out = new Map<number, string[]>();
  for (const [visitor, c] of chosen) out.set(c.chapterId, [...(out.get(c.chapterId) ?? []), visitor]);
  return out;
}

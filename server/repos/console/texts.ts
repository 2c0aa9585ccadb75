import type { Insertable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { AnnouncementTable, PublisherNewsTable } from '../../db/schemaPromo.js';
import type { AnnouncementRow, NewsRow } from '../promo.js';
import { nextId } from './ids.js';
import { versionedRows } from './versioned.js';

/** A list's filter: by language number, by publisher (news); at most 500, newest publication first. */
interface TextFilter {
  language?: number | undefined;
  publisher?: number | undefined;
}

/**
 * The console's writes of service announcements and publisher news (the
 * reader reads them through server/repos/promo.ts). Changes match the
 * version the editor read; the caller turns "no row changed" into a conflict.
 */
export function textsRepo(db: DB) {
  const announcements = versionedRows(db, 'announcements');
  const news = versionedRows(db, 'publisher_news');
  return {
    updateAnnouncement: announcements.update,
    removeAnnouncement: announcements.remove,
    updateNews: news.update,
    removeNews: news.remove,
    announcement: (id: number): Promise<AnnouncementRow | undefined> =>
      db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst(),

    announcements(f: TextFilter): Promise<AnnouncementRow[]> {
      let q = db.selectFrom('announcements').selectAll();
      if (f.language !== undefined) q = q.where('language', '=', f.language);
      return q.orderBy('date', 'desc').orderBy('id', 'desc').limit(500).execute();
    },

    async addAnnouncement(a: Omit<Insertable<AnnouncementTable>, 'id' | 'version'>): Promise<number> {
      const id = await nextId(db, 'announcements');
      await db
        .insertInto('announcements')
        .values({ id, ...a })
        .execute();
      return id;
    },

    news: (id: number): Promise<NewsRow | undefined> => db.selectFrom('publisher_news').selectAll().where('id', '=', id).executeTakeFirst(),

    newsList(f: TextFilter): Promise<NewsRow[]> {
      let q = db.selectFrom('publisher_news').selectAll();
      if (f.publisher !== undefined) q = q.where('publisher_id', '=', f.publisher);
      if (f.language !== undefined) q = q.where('language', '=', f.language);
      return q.orderBy('published_ts', 'desc').orderBy('id', 'desc').limit(500).execute();
    },

    async addNews(n: Omit<Insertable<PublisherNewsTable>, 'id' | 'version'>): Promise<number> {
      const id = await nextId(db, 'publisher_news');
      await db
        .insertInto('publisher_news')
        .values({ id, ...n })
        .execute();
      return id;
    },

    publishers: () => db.selectFrom('publishers').select(['id', 'name']).orderBy('id').execute(),
  };
}

import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { AnnouncementTable, PublisherNewsTable } from '../../db/schemaPromo.js';
import type { AnnouncementRow, NewsRow } from '../promo.js';
import { nextId } from './ids.js';

type AnnouncementColumns = Omit<Updateable<AnnouncementTable>, 'id' | 'version'>;
type NewsColumns = Omit<Updateable<PublisherNewsTable>, 'id' | 'version'>;

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
  return {
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

    async updateAnnouncement(id: number, version: number, set: AnnouncementColumns): Promise<number> {
      const r = await db
        .updateTable('announcements')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async removeAnnouncement(id: number, version: number): Promise<number> {
      const r = await db.deleteFrom('announcements').where('id', '=', id).where('version', '=', version).executeTakeFirst();
      return Number(r.numDeletedRows);
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

    async updateNews(id: number, version: number, set: NewsColumns): Promise<number> {
      const r = await db
        .updateTable('publisher_news')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async removeNews(id: number, version: number): Promise<number> {
      const r = await db.deleteFrom('publisher_news').where('id', '=', id).where('version', '=', version).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    publishers: () => db.selectFrom('publishers').select(['id', 'name']).orderBy('id').execute(),
  };
}

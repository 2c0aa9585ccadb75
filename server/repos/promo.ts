import type { Selectable } from 'kysely';
import type { DB } from '../db/index.js';
import type { PublisherTable } from '../db/schema.js';
import type { AnnouncementTable, BannerTable, FeaturedListTable, PopupTable, PublisherNewsTable } from '../db/schemaPromo.js';

export type BannerRow = Selectable<BannerTable>;
export type PopupRow = Selectable<PopupTable>;
export type FeaturedListRow = Selectable<FeaturedListTable>;
export type AnnouncementRow = Selectable<AnnouncementTable>;
export type PublisherRow = Selectable<PublisherTable>;
export type NewsRow = Selectable<PublisherNewsTable>;

/**
 * Editorial content: banners by placement, popups, featured lists,
 * announcements, publishers and their news. language -1 = every language.
 */
export function promoRepo(db: DB) {
  return {
    /** Banners of a placement for a language (and a title, when given: its own plus the generic ones). */
    banners(placement: string, language: number | null, titleId?: number): Promise<BannerRow[]> {
      let q = db.selectFrom('banners').selectAll().where('placement', '=', placement);
      if (language !== null) q = q.where('language', 'in', [-1, language]);
      if (titleId !== undefined) q = q.where('title_id', 'in', [0, titleId]);
      return q.orderBy('sort').orderBy('id').execute();
    },

    /** Banners of a placement for any of the languages (null = all). */
    bannersFor(placement: string, languages: number[] | null): Promise<BannerRow[]> {
      let q = db.selectFrom('banners').selectAll().where('placement', '=', placement);
      if (languages) q = q.where('language', 'in', [-1, ...languages]);
      return q.orderBy('sort').orderBy('id').execute();
    },

    popup(placement: string, language: number, seriesId = 0): Promise<PopupRow | undefined> {
      return (
        db
          .selectFrom('popups')
          .selectAll()
          .where('placement', '=', placement)
          .where('language', 'in', [-1, language])
          .where('series_id', 'in', seriesId ? [0, seriesId] : [0])
          // The series' own popup and the language's own win over generic ones.
          .orderBy('series_id', 'desc')
          .orderBy('language', 'desc')
          .orderBy('id')
          .executeTakeFirst()
      );
    },

    featuredLists(): Promise<FeaturedListRow[]> {
      return db.selectFrom('featured_lists').selectAll().orderBy('sort').orderBy('id').execute();
    },

    featuredItems(): Promise<{ list_id: number; series_id: number; sort: number }[]> {
      return db.selectFrom('featured_list_items').selectAll().orderBy('list_id').orderBy('sort').execute();
    },

    announcements(language: number): Promise<AnnouncementRow[]> {
      return db
        .selectFrom('announcements')
        .selectAll()
        .where('language', '=', language)
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    publisher(id: number): Promise<PublisherRow | undefined> {
      return db.selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    news(publisherId: number, language: number, limit = 100): Promise<NewsRow[]> {
      return db
        .selectFrom('publisher_news')
        .selectAll()
        .where('publisher_id', '=', publisherId)
        .where('language', '=', language)
        .orderBy('published_ts', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

import type { Selectable } from 'kysely';
import type { DB } from '../db/index.js';
import type { PublisherTable } from '../db/schema.js';
import type { AnnouncementTable, BannerTable, FeaturedListTable, PopupTable, PublisherNewsTable } from '../db/schemaPromo.js';
import type { ServerClock } from '../lib/clock.js';
import { languageOrDefault } from '../../core/languages.js';

export type BannerRow = Selectable<BannerTable>;
export type PopupRow = Selectable<PopupTable>;
export type FeaturedListRow = Selectable<FeaturedListTable>;
export type AnnouncementRow = Selectable<AnnouncementTable>;
export type PublisherRow = Selectable<PublisherTable>;
export type NewsRow = Selectable<PublisherNewsTable>;

/**
 * The moment and the eyes a view is made for: readers see published rows
 * within their period at the server's time; a staff preview a
 * chosen moment, drafts included.
 */
export interface PromoView {
  at: number;
  drafts: boolean;
}

/** Whether a row with a status and a period is shown in this view (end_ts 0: open-ended). */
function shownIn(r: { status: string; start_ts: number; end_ts: number }, v: PromoView): boolean {
  if (r.status === 'draft' && !v.drafts) return false;
  return Number(r.start_ts) <= v.at && (Number(r.end_ts) === 0 || v.at < Number(r.end_ts));
}

/** Parses a stored JSON value, or the fallback when it is not one. */
export function parseJson<T>(text: string, fallback: T): T {
  try {
    return (JSON.parse(text) as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * Whether a row targets a Language value: its `languages` (JSON short codes,
 * issue 32) when it names some, else its one-language column (-1 = every
 * language), which rows from the demo generator and older ones use.
 */
export function targets(r: { languages: string; language: number }, language: number): boolean {
  const list = parseJson<string[]>(r.languages, []);
  if (list.length) return list.includes(languageOrDefault(language).short);
  return r.language < 0 || r.language === language;
}

/** Whether a row names its languages (its own, not every language). */
const ownLanguages = (r: { languages: string; language: number }) => parseJson<string[]>(r.languages, []).length > 0 || r.language >= 0;

/**
 * Editorial content: banners by placement, popups, featured lists,
 * announcements, publishers and their news, as a view (PromoView: now for
 * readers, by default) shows them. Rows are few per placement: the
 * language and period rules are applied here, in one place, not in SQL.
 */
export function promoRepo(db: DB, clock: ServerClock) {
  const readers = (): PromoView => ({ at: clock.nowSec(), drafts: false });
  return {
    /** Banners of a placement for a language (and a title, when given: its own plus the generic ones). */
    async banners(placement: string, language: number | null, titleId?: number, view: PromoView = readers()): Promise<BannerRow[]> {
      let q = db.selectFrom('banners').selectAll().where('placement', '=', placement);
      if (titleId !== undefined) q = q.where('title_id', 'in', [0, titleId]);
      const rows = await q.orderBy('sort').orderBy('id').execute();
      return rows.filter((r) => shownIn(r, view) && (language === null || targets(r, language)));
    },

    /**
     * The popup of a placement for a language: the series' own before generic
     * ones, a language's own before every-language ones, then the latest started.
     */
    async popup(placement: string, language: number, seriesId = 0, view: PromoView = readers()): Promise<PopupRow | undefined> {
      const rows = await db
        .selectFrom('popups')
        .selectAll()
        .where('placement', '=', placement)
        .where('series_id', 'in', seriesId ? [0, seriesId] : [0])
        .execute();
      const own = (r: PopupRow) => (ownLanguages(r) ? 1 : 0);
      return rows
        .filter((r) => shownIn(r, view) && targets(r, language))
        .sort((a, b) => b.series_id - a.series_id || own(b) - own(a) || Number(b.start_ts) - Number(a.start_ts) || b.id - a.id)[0];
    },

    featuredLists(): Promise<FeaturedListRow[]> {
      return db.selectFrom('featured_lists').selectAll().orderBy('sort').orderBy('id').execute();
    },

    featuredItems(): Promise<{ list_id: number; series_id: number; sort: number }[]> {
      return db.selectFrom('featured_list_items').selectAll().orderBy('list_id').orderBy('sort').execute();
    },

    announcements(language: number, view: PromoView = readers()): Promise<AnnouncementRow[]> {
      let q = db.selectFrom('announcements').selectAll().where('language', '=', language).where('date', '<=', view.at);
      if (!view.drafts) q = q.where('status', '=', 'published');
      return q.orderBy('date', 'desc').orderBy('id', 'desc').execute();
    },

    publisher(id: number): Promise<PublisherRow | undefined> {
      return db.selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    news(publisherId: number, language: number, limit = 100, view: PromoView = readers()): Promise<NewsRow[]> {
      let q = db
        .selectFrom('publisher_news')
        .selectAll()
        .where('publisher_id', '=', publisherId)
        .where('language', '=', language)
        .where('published_ts', '<=', view.at);
      if (!view.drafts) q = q.where('status', '=', 'published');
      return q.orderBy('published_ts', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** The next moment after `at` (s) when a banner, popup, announcement or news item appears or goes: cached views expire then. */
    async nextChange(at: number): Promise<number | null> {
      const after = (table: 'banners' | 'popups', col: 'start_ts' | 'end_ts') =>
        db
          .selectFrom(table)
          .select((eb) => eb.fn.min(col).as('t'))
          .where(col, '>', at)
          .executeTakeFirst();
      const rows = await Promise.all([
        after('banners', 'start_ts'),
        after('banners', 'end_ts'),
        after('popups', 'start_ts'),
        after('popups', 'end_ts'),
        db
          .selectFrom('announcements')
          .select((eb) => eb.fn.min('date').as('t'))
          .where('date', '>', at)
          .executeTakeFirst(),
        db
          .selectFrom('publisher_news')
          .select((eb) => eb.fn.min('published_ts').as('t'))
          .where('published_ts', '>', at)
          .executeTakeFirst(),
      ]);
      const times = rows.map((r) => (r?.t === null || r?.t === undefined ? Infinity : Number(r.t)));
      const next = Math.min(...times);
      return Number.isFinite(next) ? next : null;
    },

    /** A staff home preview's grant by its token's hash, while it and the staff session it was made in last. */
    async previewGrant(tokenHash: string, now: number): Promise<{ language: string; at: number } | undefined> {
      return db
        .selectFrom('home_previews as p')
        .innerJoin('staff_sessions as s', 's.id', 'p.session_id')
        .select(['p.language', 'p.at'])
        .where('p.token_hash', '=', tokenHash)
        .where('p.expires_at', '>', now)
        .executeTakeFirst();
    },
  };
}

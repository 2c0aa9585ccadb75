import type { Database } from '../db/schema.js';
import type { NewRow } from '../db/rows.js';
import type { ShortCode } from '../../core/languages.js';

/**
 * The demo catalog as rows to insert (server/catalog/generate.ts builds it, chapters.ts
 * the chapters, extras.ts the editorial rows; index.ts seeds the database with it).
 */
type Rows<K extends keyof Database> = NewRow<K>[];

export interface Catalog {
  series: Rows<'series'>;
  titles: Rows<'titles'>;
  tags: Rows<'tags'>;
  series_tags: Rows<'series_tags'>;
  publishers: Rows<'publishers'>;
  chapters: Rows<'chapters'>;
  pages: Rows<'pages'>;
  comments: Rows<'comments'>;
  banners: Rows<'banners'>;
  featured_lists: Rows<'featured_lists'>;
  featured_list_items: Rows<'featured_list_items'>;
  popups: Rows<'popups'>;
  announcements: Rows<'announcements'>;
  publisher_news: Rows<'publisher_news'>;
  questionnaires: Rows<'questionnaires'>;
  notable: Notable;
}

/** Ids worth knowing (documented in docs/catalog.md). */
interface Notable {
  longChapterId: number;
  rtlChapterId: number;
  verticalOnlyChapterId: number;
  horizontalOnlyChapterId: number;
  futureChapterId: number;
  millionLikesCommentId: number;
  questionnaireKey: string;
}

/** Internal view of a generated title, used by the extras. */
export interface TitleInfo {
  id: number;
  seriesIdx: number;
  seriesId: number;
  lang: ShortCode;
  name: string;
  chapters: { id: number; start: number }[];
  views: number;
}

/** The publishers, by id (1-based). */
export const PUBLISHERS = ['Aozora Comics', 'Kitsune Press', 'Hoshi Publishing', 'Tsubame Books'];

export function emptyCatalog(): Catalog {
  return {
    series: [],
    titles: [],
    tags: [],
    series_tags: [],
    publishers: [],
    chapters: [],
    pages: [],
    comments: [],
    banners: [],
    featured_lists: [],
    featured_list_items: [],
    popups: [],
    announcements: [],
    publisher_news: [],
    questionnaires: [],
    notable: {
      longChapterId: 0,
      rtlChapterId: 0,
      verticalOnlyChapterId: 0,
      horizontalOnlyChapterId: 0,
      futureChapterId: 0,
      millionLikesCommentId: 0,
      questionnaireKey: '',
    },
  };
}

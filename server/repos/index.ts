import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import { bookmarksRepo } from './bookmarks.js';
import { catalogRepo } from './catalog.js';
import { chaptersRepo } from './chapters.js';
import { commentsRepo } from './comments.js';
import { feedbackRepo } from './feedback.js';
import { historyRepo } from './history.js';
import { imagesRepo } from './images.js';
import { promoRepo } from './promo.js';
import { pushRepo } from './push.js';
import { viewsRepo, type ViewsOptions } from './views.js';
import { visitorsRepo } from './visitors.js';
// issue 29 (reader sync)
import { deviceLinksRepo } from './deviceLinks.js';
import { pageBookmarksRepo } from './pageBookmarks.js';
import { readerSettingsRepo } from './readerSettings.js';

/**
 * Every repository: small objects of async methods over the Kysely database;
 * the only place SQL is built (routes and services call these, never the database).
 */
export function makeRepos(db: DB, clock: ServerClock, views: Omit<ViewsOptions, 'clock'> & { flushMs?: number } = {}) {
  return {
    catalog: catalogRepo(db),
    chapters: chaptersRepo(db),
    comments: commentsRepo(db, clock),
    visitors: visitorsRepo(db, clock),
    views: viewsRepo(db, views.flushMs, { ...views, clock }),
    promo: promoRepo(db),
    bookmarks: bookmarksRepo(db, clock),
    feedback: feedbackRepo(db, clock),
    history: historyRepo(db, clock),
    images: imagesRepo(db),
    push: pushRepo(db),
    // issue 29 (reader sync)
    deviceLinks: deviceLinksRepo(db, clock),
    pageBookmarks: pageBookmarksRepo(db, clock),
    readerSettings: readerSettingsRepo(db, clock),
  };
}

export type Repos = ReturnType<typeof makeRepos>;

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
import { coverTestsRepo } from './coverTests.js';
import { statsRecorder } from '../stats/rollup.js';
// Reader sync
import { deviceLinksRepo } from './deviceLinks.js';
import { pageBookmarksRepo } from './pageBookmarks.js';
import { readerSettingsRepo } from './readerSettings.js';

/**
 * Every repository: small objects of async methods over the Kysely database;
 * the only place SQL is built (routes and services call these, never the database).
 */
export function makeRepos(db: DB, clock: ServerClock, views: Omit<ViewsOptions, 'clock'> & { flushMs?: number } = {}) {
  // The analyst's rollups of events other than views, flushed like the views.
  const stats = statsRecorder(db, clock, views.postgres ?? false, views.flushMs);
  return {
    stats,
    catalog: catalogRepo(db),
    chapters: chaptersRepo(db),
    comments: commentsRepo(db, clock),
    visitors: visitorsRepo(db, clock),
    views: viewsRepo(db, views.flushMs, { ...views, clock }),
    promo: promoRepo(db, clock),
    bookmarks: bookmarksRepo(db, clock, stats),
    feedback: feedbackRepo(db, clock, stats),
    history: historyRepo(db, clock, stats),
    images: imagesRepo(db),
    push: pushRepo(db, stats),
    coverTests: coverTestsRepo(db),
    // Reader sync
    deviceLinks: deviceLinksRepo(db, clock),
    pageBookmarks: pageBookmarksRepo(db, clock),
    readerSettings: readerSettingsRepo(db, clock),
  };
}

export type Repos = ReturnType<typeof makeRepos>;

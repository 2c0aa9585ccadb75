import type { DB } from '../../db/index.js';
import { auditRepo } from './audit.js';
import { textsRepo } from './texts.js';
import { chaptersRepo } from './chapters.js';
import { pagesRepo } from './pages.js';
import { uploadsRepo } from './uploads.js';
import { chapterPreviewsRepo } from './chapterPreviews.js';
import { seriesRepo } from './series.js';
import { titlesRepo } from './titles.js';
import { releasesRepo } from './releases.js';
import { pageQueueRepo } from './pageQueue.js';
import { challengesRepo } from './challenges.js';
import { factorsRepo } from './factors.js';
import { feedbackRepo } from './feedback.js';
import { invitationsRepo } from './invitations.js';
import { sessionsRepo } from './sessions.js';
import { staffRepo } from './staff.js';
import { throttleRepo } from './throttle.js';
import { tokensRepo } from './tokens.js';
import { bannersRepo } from './banners.js';
import { commentsModerationRepo } from './comments.js';
import { featuredRepo } from './featured.js';
import { popupsRepo } from './popups.js';
import { homePreviewsRepo } from './homePreviews.js';
import { publishedRepo } from './published.js';
import { surveysRepo } from './surveys.js';
import { picksRepo } from './picks.js';
import { releaseGroupsRepo } from './releaseGroups.js';
import { calendarRepo } from './calendar.js';
import { publishersRepo } from './publishers.js';
import { coverTestsRepo } from './coverTests.js';

/**
 * The console's repositories. The rule, once: every query the console makes
 * of a table is in one repository here, named for that table (or for a
 * table and the rows that only exist with it: factors and recovery codes,
 * series and their tags); the reader's queries of the same table stay in
 * the reader's repository in server/repos/ (the reader reads, the console
 * writes). Made on the database, or on a transaction for a write that must
 * hold together (server/console/write.ts `audited`): inside a write, only
 * the transaction's repositories may be used (SQLite has one connection, so
 * a call on the database from inside the transaction would wait forever).
 */
export function consoleRepos(db: DB) {
  return {
    audit: auditRepo(db),
    texts: textsRepo(db),
    chapters: chaptersRepo(db),
    pages: pagesRepo(db),
    uploads: uploadsRepo(db),
    chapterPreviews: chapterPreviewsRepo(db),
    series: seriesRepo(db),
    titles: titlesRepo(db),
    releases: releasesRepo(db),
    pageQueue: pageQueueRepo(db),
    staff: staffRepo(db),
    sessions: sessionsRepo(db),
    challenges: challengesRepo(db),
    factors: factorsRepo(db),
    invitations: invitationsRepo(db),
    tokens: tokensRepo(db),
    throttle: throttleRepo(db),
    feedback: feedbackRepo(db),
    banners: bannersRepo(db),
    popups: popupsRepo(db),
    featured: featuredRepo(db),
    surveys: surveysRepo(db),
    comments: commentsModerationRepo(db),
    homePreviews: homePreviewsRepo(db),
    published: publishedRepo(db),
    picks: picksRepo(db),
    releaseGroups: releaseGroupsRepo(db),
    calendar: calendarRepo(db),
    publishers: publishersRepo(db),
    coverTests: coverTestsRepo(db),
  };
}

export type ConsoleRepos = ReturnType<typeof consoleRepos>;

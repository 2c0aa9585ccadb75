import type { Config } from '../config.js';
import type { Repos } from '../repos/index.js';
import type { Snapshot } from '../repos/catalog.js';
import type { PromoView } from '../repos/promo.js';
import type { Quality } from '../images/urls.js';
import { TtlCache } from '../lib/cache.js';
import { DAY, type ServerClock } from '../lib/clock.js';
import { encodeSuccess, type Encoded } from '../lib/proto.js';
import { sanitizeHtml } from '../lib/html.js';
import { RANK_TAB, STATUS_OF_TYPE, allTitlesGroups, languagesMsg, ranking, updatedView, type RankingType } from './lists.js';
import { featuredView, homeView } from './featuredViews.js';
import { bannerIn } from './convert.js';
import { chapterEvents } from '../lib/events.js';
import { localNotices, type Notices } from '../cluster/notices.js';
import { buildTitleDetail, type TitleDetailShared } from './titleDetail.js';
import { buildViewer, type ViewerShared } from './viewer.js';
import { NO_PICK, pickOfTitle, varied, type Pick } from './coverVariants.js';
import type { RunningTest } from '../repos/coverTests.js';

type Expire = (atMs: number) => void;

/** A staff member's home preview: made for its language and moment, drafts included, never cached. */
export interface Preview {
  language: number;
  view: PromoView;
}

/** When the snapshot's answers change by time alone: the next chapter start (ms; Infinity = none). */
function nextStartMs(s: Snapshot): number {
  let next = Infinity;
  for (const a of s.agg.values()) if (a.nextStart > s.at && a.nextStart * 1000 < next) next = a.nextStart * 1000;
  return next;
}

/**
 * The service layer: the answers shared by every visitor, computed from the
 * repositories (server/repos/) and cached (app.services; the routes in
 * server/routes/ add the visitor's own fields): per language, content
 * languages, title, chapter... Each is kept for viewCacheMs at most, and
 * only until the first chapter start or end time that changes it (a chapter
 * becoming readable, or no longer): answers that depend on the time are
 * recomputed the moment they change. A view built from the catalog snapshot
 * expires with it. A published chapter (chapterEvents) or a notice from
 * any node (server/cluster/notices.ts: an import, a like) empties what it
 * changed. With notices shared between nodes (PostgreSQL) the catalog
 * snapshot is reloaded on notice and otherwise only every catalogReloadMs
 * (for the view counts in the scores), not every viewCacheMs.
 * Per-visitor fields are added by the routes on every request, never cached.
 */
export function makeServices(repos: Repos, config: Config, clock: ServerClock, notices: Notices = localNotices()) {
  const ttl = config.viewCacheMs;
  const snaps = snapshots(repos, clock, notices.shared ? Math.max(ttl, config.catalogReloadMs) : ttl);
  const { snapshotFor } = snaps;
  const encoded = new TtlCache<Encoded>(ttl, 2000, clock);
  const details = new TtlCache<TitleDetailShared>(ttl, 500, clock);
  const viewers = new TtlCache<ViewerShared>(ttl, 500, clock);
  const bannerIds = new TtlCache<Set<number>>(ttl, 100, clock);

  const clear = () => {
    snaps.clear();
    encoded.clear();
    details.clear();
    viewers.clear();
    bannerIds.clear();
  };
  chapterEvents.on('published', clear);
  const offNotices = notices.on((n) => (n.kind === 'viewers' ? viewers.clear() : clear()));

  return {
    snapshot: snaps.snapshot,
    ...homeAnswers(repos, encoded, snaps, bannerIds),
    ...listAnswers(repos, encoded, snaps),

    /** The cover tests running now (coverVariants.ts: a visitor's pick of them). */
    coverTests: snaps.coverTests,

    /** A title's detail, as of now, with the visitor's variant of its cover tests: expires when one of its chapters starts or ends. */
    titleDetail: (titleId: number, base: string, pick: Pick = NO_PICK) =>
      details.get(`${titleId}|${base}|${pickOfTitle(pick, titleId).key}`, async (expire) => {
        const s = varied(await snapshotFor(expire), pickOfTitle(pick, titleId));
        const d = await buildTitleDetail(repos, s, titleId, base, clock.nowSec());
        expire(d.until);
        return d;
      }),

    /** A chapter's viewer, as of now: expires when a chapter of its title starts or ends. */
    viewer: (chapterId: number, q: Quality, base: string) =>
      viewers.get(`${chapterId}|${q}|${base}`, async (expire) => {
        const v = await buildViewer(repos, await snapshotFor(expire), chapterId, q, base, config.adUnitId, clock.nowSec());
        expire(v.until);
        return v;
      }),

    /** After a write that changes shared numbers (likes): recompute on next use, here and on every node. */
    invalidateViewers: () => {
      viewers.clear();
      notices.publish({ kind: 'viewers' });
    },

    /** Everything is recomputed on next use (a chapter was published). */
    clear,

    close: () => {
      chapterEvents.off('published', clear);
      offNotices();
      clear();
    },
  };
}

/** The catalog snapshot, kept for snapTtl at most and until the next start or end that changes it. */
function snapshots(repos: Repos, clock: ServerClock, snapTtl: number) {
  const snap = new TtlCache<Snapshot>(snapTtl, 1, clock);
  /** Until when each snapshot is current (ms). */
  const snapUntil = new WeakMap<Snapshot, number>();
  /** The cover tests running when each snapshot was read (reloaded with it: an end tells every node). */
  const testsOf = new WeakMap<Snapshot, RunningTest[]>();

  const snapshot = () =>
    snap.get('s', async (expire) => {
      const until = clock.now() + snapTtl;
      const now = clock.nowSec();
      const [s, promoNext, tests] = await Promise.all([
        repos.catalog.snapshot(now),
        repos.promo.nextChange(now),
        repos.coverTests.running(),
      ]);
      testsOf.set(s, tests);
      // A banner, popup or text starting or ending changes the views as a chapter start does.
      const next = Math.min(nextStartMs(s), promoNext === null ? Infinity : promoNext * 1000);
      expire(next);
      snapUntil.set(s, Math.min(until, next));
      return s;
    });
  /** The snapshot, for a view that must expire with it. */
  const snapshotFor = async (expire: Expire) => {
    const s = await snapshot();
    expire(snapUntil.get(s) ?? 0);
    return s;
  };
  const coverTests = async () => testsOf.get(await snapshot()) ?? [];
  return { snapshot, snapshotFor, coverTests, clear: () => snap.clear() };
}
type Snapshots = ReturnType<typeof snapshots>;

const key = (langs: number[] | null) => (langs ? langs.join('.') : '*');

/** The home's and the featured lists' answers, encoded once for every visitor; a staff member's preview is made afresh. */
function homeAnswers(repos: Repos, encoded: TtlCache<Encoded>, { snapshot, snapshotFor }: Snapshots, bannerIds: TtlCache<Set<number>>) {
  return {
    home: (lang: number, langs: number[] | null, preview?: Preview, pick: Pick = NO_PICK) =>
      preview
        ? snapshot().then(async (s) =>
            encodeSuccess({ data: { case: 'webHomeViewV4', value: await homeView(repos, s, preview.language, langs, preview.view) } }),
          )
        : encoded.get(`home|${lang}|${key(langs)}|${pick.key}`, async (expire) => {
            const s = varied(await snapshotFor(expire), pick);
            // The daily groups are by UTC day.
            expire((Math.floor(s.at / DAY) + 1) * DAY * 1000);
            return encodeSuccess({ data: { case: 'webHomeViewV4', value: await homeView(repos, s, lang, langs, undefined, pick) } });
          }),

    /** The home's top banners in a language (their ids: what a banner test counts as shown), expiring with the snapshot. */
    homeBannerIds: (lang: number) =>
      bannerIds.get(String(lang), async (expire) => {
        await snapshotFor(expire);
        return new Set((await repos.promo.banners('home_top', lang)).map((b) => b.id));
      }),

    featured: (lang: number, langs: number[] | null, preview?: Preview, pick: Pick = NO_PICK) =>
      preview
        ? snapshot().then(async (s) =>
            encodeSuccess({
              data: { case: 'featuredTitlesViewV2', value: await featuredView(repos, s, preview.language, langs, preview.view) },
            }),
          )
        : encoded.get(`featured|${lang}|${key(langs)}|${pick.key}`, async (expire) =>
            encodeSuccess({
              data: {
                case: 'featuredTitlesViewV2',
                value: await featuredView(repos, varied(await snapshotFor(expire), pick), lang, langs),
              },
            }),
          ),
  };
}

/** The other lists' answers (ranking, all titles, updated, languages, announcements). */
function listAnswers(repos: Repos, encoded: TtlCache<Encoded>, { snapshotFor }: Snapshots) {
  return {
    ranking: (type: RankingType, lang: number, langs: number[] | null, pick: Pick = NO_PICK) =>
      encoded.get(`ranking|${type}|${lang}|${key(langs)}|${pick.key}`, async (expire) => {
        const s = varied(await snapshotFor(expire), pick);
        const banners = await repos.promo.banners('ranking', lang);
        return encodeSuccess({
          data: {
            case: 'titleRankingViewV2',
            value: {
              rankingBanners: banners.map(bannerIn(lang)),
              updatedTimeStamp: s.at,
              rankedTitles: ranking(s, type, langs),
              type: RANK_TAB[type],
            },
          },
        });
      }),

    allV3: (type: keyof typeof STATUS_OF_TYPE, lang: number, langs: number[] | null, pick: Pick = NO_PICK) =>
      encoded.get(`allv3|${type}|${lang}|${key(langs)}|${pick.key}`, async (expire) => {
        const s = varied(await snapshotFor(expire), pick);
        const top = await repos.promo.banners('search_top', lang);
        return encodeSuccess({
          languages: languagesMsg(s),
          data: {
            case: 'searchView',
            value: {
              topSearchBanners: top.map(bannerIn(lang)),
              allTags: s.allTags,
              allTitlesGroup: allTitlesGroups(s, STATUS_OF_TYPE[type], langs),
            },
          },
        });
      }),

    allV2: (pick: Pick = NO_PICK) =>
      encoded.get(`allv2|${pick.key}`, async (expire) =>
        encodeSuccess({
          data: {
            case: 'allTitlesViewV2',
            value: { allTitlesGroup: allTitlesGroups(varied(await snapshotFor(expire), pick), null, null) },
          },
        }),
      ),

    updated: (pick: Pick = NO_PICK) =>
      encoded.get(`updated|${pick.key}`, async (expire) => {
        const s = varied(await snapshotFor(expire), pick);
        expire((Math.floor(s.at / DAY) + 1) * DAY * 1000);
        return encodeSuccess({ data: { case: 'titleUpdatedView', value: await updatedView(repos, s) } });
      }),

    languages: () => encoded.get('languages', async (expire) => encodeSuccess({ languages: languagesMsg(await snapshotFor(expire)) })),

    announcements: (lang: number) =>
      encoded.get(`ann|${lang}`, async (expire) => {
        const [s, rows] = await Promise.all([snapshotFor(expire), repos.promo.announcements(lang)]);
        return encodeSuccess({
          languages: languagesMsg(s),
          data: {
            case: 'serviceAnnouncementsView',
            value: { serviceAnnouncements: rows.map((a) => ({ id: a.id, title: a.title, body: sanitizeHtml(a.body), date: a.date })) },
          },
        });
      }),
  };
}

export type Services = ReturnType<typeof makeServices>;

import type { Config } from '../../config.js';
import type { Repos } from '../../repos/index.js';
import type { Snapshot } from '../../repos/catalog.js';
import type { Quality } from '../../images/urls.js';
import { TtlCache } from '../cache.js';
import { nowSec } from '../clock.js';
import { encodeSuccess, type Encoded } from '../proto.js';
import { sanitizeHtml } from '../html.js';
import {
  RANK_TAB,
  STATUS_OF_TYPE,
  allTitlesGroups,
  featuredView,
  homeView,
  languagesMsg,
  ranking,
  updatedView,
  type RankingType,
} from './lists.js';
import { bannerMsg } from './convert.js';
import { buildTitleDetail, type TitleDetailShared } from './titleDetail.js';
import { buildViewer, type ViewerShared } from './viewer.js';

/**
 * The computed views shared by every visitor, each kept for viewCacheMs
 * (per language, content languages, title, chapter...). Per-visitor fields
 * are added by the routes on every request, never cached.
 */
export function makeViews(repos: Repos, config: Config) {
  const ttl = config.viewCacheMs;
  const snap = new TtlCache<Snapshot>(ttl, 1);
  const encoded = new TtlCache<Encoded>(ttl, 2000);
  const details = new TtlCache<TitleDetailShared>(ttl, 500);
  const viewers = new TtlCache<ViewerShared>(ttl, 500);
  const key = (langs: number[] | null) => (langs ? langs.join('.') : '*');

  const snapshot = () => snap.get('s', () => repos.catalog.snapshot(nowSec()));

  return {
    snapshot,

    home: (lang: number, langs: number[] | null) =>
      encoded.get(`home|${lang}|${key(langs)}`, async () => encodeSuccess({ data: { case: 'webHomeViewV4', value: await homeView(repos, await snapshot(), lang, langs) } })),

    featured: (lang: number, langs: number[] | null) =>
      encoded.get(`featured|${lang}|${key(langs)}`, async () =>
        encodeSuccess({ data: { case: 'featuredTitlesViewV2', value: await featuredView(repos, await snapshot(), lang, langs) } }),
      ),

    ranking: (type: RankingType, lang: number, langs: number[] | null) =>
      encoded.get(`ranking|${type}|${lang}|${key(langs)}`, async () => {
        const s = await snapshot();
        const banners = await repos.promo.banners('ranking', lang);
        return encodeSuccess({
          data: {
            case: 'titleRankingViewV2',
            value: { rankingBanners: banners.map(bannerMsg), updatedTimeStamp: s.at, rankedTitles: ranking(s, type, langs), type: RANK_TAB[type] },
          },
        });
      }),

    allV3: (type: keyof typeof STATUS_OF_TYPE, lang: number, langs: number[] | null) =>
      encoded.get(`allv3|${type}|${lang}|${key(langs)}`, async () => {
        const s = await snapshot();
        const top = await repos.promo.banners('search_top', lang);
        return encodeSuccess({
          languages: languagesMsg(s),
          data: {
            case: 'searchView',
            value: { topSearchBanners: top.map(bannerMsg), allTags: s.allTags, allTitlesGroup: allTitlesGroups(s, STATUS_OF_TYPE[type], langs) },
          },
        });
      }),

    allV2: () =>
      encoded.get('allv2', async () =>
        encodeSuccess({ data: { case: 'allTitlesViewV2', value: { allTitlesGroup: allTitlesGroups(await snapshot(), null, null) } } }),
      ),

    updated: () =>
      encoded.get('updated', async () => encodeSuccess({ data: { case: 'titleUpdatedView', value: await updatedView(repos, await snapshot()) } })),

    languages: () => encoded.get('languages', async () => encodeSuccess({ languages: languagesMsg(await snapshot()) })),

    announcements: (lang: number) =>
      encoded.get(`ann|${lang}`, async () => {
        const [s, rows] = await Promise.all([snapshot(), repos.promo.announcements(lang)]);
        return encodeSuccess({
          languages: languagesMsg(s),
          data: {
            case: 'serviceAnnouncementsView',
            value: { serviceAnnouncements: rows.map((a) => ({ id: a.id, title: a.title, body: sanitizeHtml(a.body), date: a.date })) },
          },
        });
      }),

    titleDetail: (titleId: number, base: string) => details.get(`${titleId}|${base}`, async () => buildTitleDetail(repos, await snapshot(), titleId, base)),

    viewer: (chapterId: number, q: Quality, base: string) =>
      viewers.get(`${chapterId}|${q}|${base}`, async () => buildViewer(repos, await snapshot(), chapterId, q, base, config.adUnitId)),

    /** After a write that changes shared numbers (likes): recompute on next use. */
    invalidateViewers: () => viewers.clear(),
  };
}

export type Views = ReturnType<typeof makeViews>;

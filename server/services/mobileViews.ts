import { create, type MessageInitShape } from '@bufbuild/protobuf';
import type { FastifyInstance } from 'fastify';
import type { SuccessResultSchema } from '../../core/gen/manga/v1/response_pb.js';
import { FeaturedTitlesView_ContentSchema, type FeaturedTitlesView_Content } from '../../core/gen/manga/v1/home_pb.js';
import { CommentIconSchema, type CommentIcon } from '../../core/gen/manga/v1/comment_pb.js';
import { TitleRankingGroupSchema } from '../../core/gen/manga/v1/title_pb.js';
import type { Snapshot } from '../repos/catalog.js';
import { ICON_COUNT, iconUrl } from '../images/assets.js';
import { preferredTitle } from '../../core/languageChoice.js';
import { allTitlesGroups, languagesMsg } from './lists.js';
import { bannerIn, titleMsg } from './convert.js';
import { BASIC_PLAN, basicSubscription, derived, successOf } from './mobile.js';
import { NO_PICK, varied, type Pick } from './coverVariants.js';
import type { Preview } from './index.js';

/**
 * The views of the phone app's API, each the SuccessResult field the public
 * clients read (../shared/wire-format.md "Mobile API"): built from the web
 * answers the services cache, or from the catalog snapshot, and remembered
 * with them (mobile.ts derived). Lists the Kotlin client declares without a
 * default are never sent empty when the catalog has anything to put there.
 */

type Success = MessageInitShape<typeof SuccessResultSchema>;

/** /api/home_v4 → 24 HomeViewV3: the web home's banners, daily groups and announcements; no popup (one client misreads it). */
export async function homeV3(app: FastifyInstance, lang: number, langs: number[] | null, base: string, preview?: Preview, pick?: Pick) {
  const web = await app.services.home(lang, langs, preview, pick);
  return derived(web, 'homeV3', base, (): Success => {
    const v = successOf(web.res).data;
    if (v.case !== 'webHomeViewV4') throw new Error('home is webHomeViewV4');
    return {
      data: {
        case: 'homeViewV3',
        value: {
          topBanners: v.value.topBanners,
          groups: v.value.groups,
          userSubscription: basicSubscription(),
          serviceAnnouncements: v.value.serviceAnnouncements,
        },
      },
    };
  });
}

/** /api/featured → 4 FeaturedTitlesView: the first three top banners, then the banners and title lists of the featured screen. */
export async function featured(app: FastifyInstance, lang: number, langs: number[] | null, base: string, preview?: Preview, pick?: Pick) {
  const web = await app.services.featured(lang, langs, preview, pick);
  return derived(web, 'featured', base, (): Success => {
    const v = successOf(web.res).data;
    if (v.case !== 'featuredTitlesViewV2') throw new Error('featured is featuredTitlesViewV2');
    const [main, sub1, sub2] = v.value.topSearchBanners;
    const contents: FeaturedTitlesView_Content[] = [];
    for (const c of v.value.contents) {
      if (c.data.case === 'banner' || c.data.case === 'titleList')
        contents.push(create(FeaturedTitlesView_ContentSchema, { data: c.data }));
    }
    return {
      data: {
        case: 'featuredTitlesView',
        value: {
          ...(main ? { mainBanner: main } : {}),
          ...(sub1 ? { subBanner1: sub1 } : {}),
          ...(sub2 ? { subBanner2: sub2 } : {}),
          contents,
        },
      },
    };
  });
}

/** /api/init_v2 → 28 InitialViewV2: no GDPR step, the languages with titles. */
export async function initV2(app: FastifyInstance, base: string) {
  const s = await app.services.snapshot();
  return derived(s, 'init', base, (): Success => ({
    data: { case: 'initialViewV2', value: { gdprAgreementRequired: false, availableLanguages: languagesMsg(s).availableLanguages } },
  }));
}

/** The comment icons a visitor may pick (drawn art: /img/icon/<n>.webp). */
const icons = (): CommentIcon[] =>
  Array.from({ length: ICON_COUNT }, (_, i) => create(CommentIconSchema, { id: i + 1, imageUrl: iconUrl(i + 1) }));

/** /api/profile → 13 ProfileSettingsView: the icons; a visitor has no name and the first icon (comments are the app's). */
export async function profile(app: FastifyInstance, base: string) {
  const s = await app.services.snapshot();
  return derived(s, 'profile', base, (): Success => {
    const list = icons();
    return { data: { case: 'profileSettingsView', value: { iconList: list, userName: '', myIcon: list[0] } } };
  });
}

/** /api/settings_v2 → 26 SettingsViewV2: icon, languages, the basic plan, and the visitor's favorites one group per series. */
export async function settingsV2(app: FastifyInstance, visitor: string, base: string) {
  const [s, favorites] = await Promise.all([app.services.snapshot(), app.repos.bookmarks.titleIds(visitor)]);
  const bySeries = new Map<number, number[]>();
  for (const id of favorites) {
    const t = s.titlesById.get(id);
    if (t) bySeries.set(t.series_id, [...(bySeries.get(t.series_id) ?? []), id]);
  }
  // Per visitor: not remembered.
  return derived({}, 'settings', base, (): Success => ({
    data: {
      case: 'settingsViewV2',
      value: {
        myIcon: icons()[0],
        userName: '',
        availableLanguages: languagesMsg(s).availableLanguages,
        userSubscription: basicSubscription(),
        favoriteTitles: [...bySeries].map(([seriesId, ids]) =>
          create(TitleRankingGroupSchema, {
            originalTitleId: seriesId,
            titles: ids.flatMap((id) => s.titlesById.get(id) ?? []).map(titleMsg),
          }),
        ),
      },
    },
  }));
}

/** Each series once, in the reader's first content language that has it. */
function seriesTitles(s: Snapshot, langs: number[] | null, keep: (seriesId: number) => boolean) {
  return [...s.series.values()]
    .filter((x) => keep(x.id))
    .flatMap(
      (x) =>
        preferredTitle(
          (s.titlesBySeries.get(x.id) ?? []).filter((t) => langs === null || langs.includes(t.language)),
          langs,
        ) ?? [],
    );
}

const PLANS = [
  { plan: BASIC_PLAN, description: 'Every chapter that is free to read now.' },
  { plan: 'standard', description: 'Back chapters of standard series.' },
  { plan: 'deluxe', description: 'Back chapters of every series.' },
];

/** /api/subscription → 36 SubscriptionView: the visitor is basic; the series whose back chapters each plan opens. */
export async function subscription(app: FastifyInstance, langs: number[] | null, base: string) {
  const s = await app.services.snapshot();
  return derived(s, `sub|${langs?.join('.') ?? '*'}`, base, (): Success => {
    const inPlan = (plan: string) => seriesTitles(s, langs, (id) => plan === 'deluxe' || s.series.get(id)?.plan_type === plan);
    return {
      data: {
        case: 'subscriptionView',
        value: {
          userSubscription: basicSubscription(),
          planTypes: PLANS.map((p) => ({ plan: p.plan, description: p.description, productId: `reader.plan.${p.plan}` })),
          subscriptionTitles: ['standard', 'deluxe'].map((plan) => {
            const titles = inPlan(plan).map(titleMsg);
            return { plan, titles, titleCountText: `${titles.length} titles` };
          }),
          userHasUsedTrial: false,
          planBoxDescription: { title: 'Plans', text: 'Chapters readable now are free to everyone.' },
          note: { title: 'Note', text: 'Plans are not sold here: back chapters stay closed.' },
        },
      },
    };
  });
}

/** /api/title_list/free_titles → 33 AllFreeTitlesView: every title with a readable chapter, latest update first (seconds, as a string). */
export async function freeTitles(app: FastifyInstance, langs: number[] | null, base: string, pick: Pick = NO_PICK) {
  const s = varied(await app.services.snapshot(), pick);
  return derived(s, `free|${langs?.join('.') ?? '*'}`, base, (): Success => {
    const rows = s.titles
      .filter((t) => langs === null || langs.includes(t.language))
      .flatMap((t) => {
        const latest = s.agg.get(t.id)?.latest;
        return latest ? [{ t, at: latest.start_ts }] : [];
      })
      .sort((a, b) => b.at - a.at || a.t.id - b.t.id);
    return {
      data: {
        case: 'allFreeTitlesView',
        value: { freeTitles: rows.map((r) => ({ title: titleMsg(r.t), updatedTitleTimestamp: String(r.at) })) },
      },
    };
  });
}

/**
 * /api/title_list/search → 35 SearchView: every series with its tags and
 * label (the app filters by itself). A group's timestamp is its next
 * chapter's start, else its latest chapter's (one client needs it non-zero).
 */
export async function search(app: FastifyInstance, lang: number, langs: number[] | null, base: string, pick: Pick = NO_PICK) {
  const s = varied(await app.services.snapshot(), pick);
  return derived(s, `search|${lang}|${langs?.join('.') ?? '*'}`, base, async (): Promise<Success> => {
    const top = await app.repos.promo.banners('search_top', lang);
    const groups = allTitlesGroups(s, null, langs).map((g) => {
      if (g.nextChapterStartTimestamp) return g;
      const latest = Math.max(0, ...g.titles.map((t) => s.agg.get(t.titleId)?.latest?.start_ts ?? 0));
      return { ...g, nextChapterStartTimestamp: latest };
    });
    return {
      data: { case: 'searchView', value: { topSearchBanners: top.map(bannerIn(lang)), allTags: s.allTags, allTitlesGroup: groups } },
    };
  });
}

/**
 * The home's and the featured screen's answers: the promoted parts (banners, the
 * popup, featured lists, announcements) around the catalog's lists from lists.ts.
 */
import { create } from '@bufbuild/protobuf';
import { TitleListSchema, TitleRankingGroupSchema } from '../../core/gen/manga/v1/title_pb.js';
import { FeaturedContentSchema, type FeaturedContent } from '../../core/gen/manga/v1/home_pb.js';
import type { Repos } from '../repos/index.js';
import { parseJson, type FeaturedListRow, type PromoView } from '../repos/promo.js';
import type { Snapshot } from '../repos/catalog.js';
import { DAY } from '../lib/clock.js';
import { languageOrDefault } from '../../core/languages.js';
import { preferredTitle } from '../../core/languageChoice.js';
import { sanitizeHtml } from '../lib/html.js';
import { bannerIn, popupMsg, titleMsg } from './convert.js';
import { dailyGroups, ranking, seriesTitles } from './lists.js';
import { bannerImageOf, NO_PICK, type Pick } from './coverVariants.js';

/**
 * Featured lists of a kind. A title list shows each series once (not once per language
 * in a row): its title in the reader's first content language that has it. Empty lists
 * are left out.
 */
async function featured(repos: Repos, s: Snapshot, lang: number, langs: number[] | null) {
  const short = languageOrDefault(lang).short;
  const [lists, items] = await Promise.all([repos.promo.featuredLists(), repos.promo.featuredItems()]);
  return lists
    .map((l) => {
      const seriesIds = items.filter((i) => i.list_id === l.id).map((i) => i.series_id);
      return { row: l, seriesIds };
    })
    .map(({ row, seriesIds }) => ({
      row,
      titleList: create(TitleListSchema, {
        listName: nameIn(row, short),
        containerId: row.container_id,
        featuredTitles: seriesIds.flatMap((id) => preferredTitle(seriesTitles(s, id, langs), langs) ?? []).map(titleMsg),
      }),
      ranked: seriesIds
        .map((id) => ({ id, titles: seriesTitles(s, id, langs) }))
        .filter((x) => x.titles.length > 0)
        .map((x) =>
          create(TitleRankingGroupSchema, {
            originalTitleId: x.id,
            titles: x.titles.map(titleMsg),
            score: s.scores.get(x.id)?.hottest ?? 0,
          }),
        ),
    }));
}

/** A featured list's name in a language (names per language), else its default name. */
const nameIn = (row: FeaturedListRow, short: string) => parseJson<Record<string, string>>(row.names, {})[short] ?? row.name;

/** view: the readers' now by default; a staff preview's moment and drafts. pick: the visitor's variants of banner tests. */
export async function homeView(repos: Repos, s: Snapshot, lang: number, langs: number[] | null, view?: PromoView, pick: Pick = NO_PICK) {
  // A preview's moment also decides which chapters are out by then (a scheduled one is a row with a later start).
  const at = view?.at ?? s.at;
  const [top, recent, popup, lists, ann] = await Promise.all([
    repos.promo.banners('home_top', lang, undefined, view),
    repos.catalog.recentChapters(at - 7 * DAY, at),
    repos.promo.popup('home', lang, 0, view),
    featured(repos, s, lang, langs),
    repos.promo.announcements(lang, view),
  ]);
  return {
    topBanners: top.map(bannerIn(lang, (id) => bannerImageOf(pick, id))),
    groups: dailyGroups(s, recent, langs, languageOrDefault(lang).locale, 7, at),
    rankedTitles: ranking(s, 'hottest', langs, 25),
    ...(popup ? { popup: popupMsg(popup) } : {}),
    featuredTitleLists: lists.filter((l) => l.row.kind === 'titles' && l.titleList.featuredTitles.length > 0).map((l) => l.titleList),
    serviceAnnouncements: ann.map((a) => ({ id: a.id, title: a.title, body: sanitizeHtml(a.body), date: a.date })),
  };
}

/** Featured: up to 3 top banners; contents are banners and lists merged by their sort. */
export async function featuredView(repos: Repos, s: Snapshot, lang: number, langs: number[] | null, view?: PromoView) {
  const [top, banners, lists] = await Promise.all([
    repos.promo.banners('featured_top', lang, undefined, view),
    repos.promo.banners('featured', lang, undefined, view),
    featured(repos, s, lang, langs),
  ]);
  const contents: { sort: number; order: number; c: FeaturedContent }[] = [];
  for (const b of banners)
    contents.push({ sort: b.sort, order: 0, c: create(FeaturedContentSchema, { data: { case: 'banner', value: bannerIn(lang)(b) } }) });
  for (const l of lists) {
    if (l.row.kind === 'ranked') {
      if (l.ranked.length)
        contents.push({
          sort: l.row.sort,
          order: 1,
          c: create(FeaturedContentSchema, {
            data: { case: 'rankedTitles', value: { listName: nameIn(l.row, languageOrDefault(lang).short), rankedTitles: l.ranked } },
          }),
        });
    } else if (l.titleList.featuredTitles.length) {
      contents.push({ sort: l.row.sort, order: 1, c: create(FeaturedContentSchema, { data: { case: 'titleList', value: l.titleList } }) });
    }
  }
  contents.sort((a, b) => a.sort - b.sort || a.order - b.order);
  return { topSearchBanners: top.slice(0, 3).map(bannerIn(lang)), contents: contents.map((x) => x.c) };
}

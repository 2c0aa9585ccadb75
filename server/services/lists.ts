/**
 * The catalog's lists, computed from the snapshot: languages, rankings, all titles by
 * status, the home's daily updated groups and the recently updated titles.
 */
import { create } from '@bufbuild/protobuf';
import {
  AllTitlesGroupSchema,
  OriginalTitleGroupSchema,
  TitleRankingGroupSchema,
  UpdatedTitleV2GroupSchema,
  UpdatedTitleSchema,
  TitleUpdatedSchema,
  TitleUpdatedGroupSchema,
  type AllTitlesGroup,
  type OriginalTitleGroup,
  type TitleRankingGroup,
  type UpdatedTitleV2Group,
  type TitleUpdated,
  type TitleUpdatedGroup,
} from '../../core/gen/manga/v1/title_pb.js';
import { TitleRankingViewV2_RankingTabType as Tab } from '../../core/gen/manga/v1/home_pb.js';
import { LanguagesSchema, type Languages } from '../../core/gen/manga/v1/misc_pb.js';
import { Language } from '../../core/gen/manga/v1/common_pb.js';
import type { Repos } from '../repos/index.js';
import type { Snapshot, TitleRow } from '../repos/catalog.js';
import { DAY } from '../lib/clock.js';
import { byReaderOrder } from '../../core/languageChoice.js';
import { labelMsg, seriesName, titleMsg } from './convert.js';

export type RankingType = 'hottest' | 'trending' | 'completed';
export const STATUS_OF_TYPE = { serializing: 'ongoing', completed: 'completed', 'one-shot': 'one_shot' } as const;

const inLangs = (langs: number[] | null) => (t: TitleRow) => langs === null || langs.includes(t.language);

/**
 * The language titles of a series within the content languages, the reader's first
 * content language first (`langs` in the reader's order): a screen showing a series
 * once shows its first title.
 */
export function seriesTitles(s: Snapshot, seriesId: number, langs: number[] | null): TitleRow[] {
  return byReaderOrder((s.titlesBySeries.get(seriesId) ?? []).filter(inLangs(langs)), langs);
}

export function languagesMsg(s: Snapshot): Languages {
  const counts = new Map<number, number>();
  for (const t of s.titles) counts.set(t.language, (counts.get(t.language) ?? 0) + 1);
  return create(LanguagesSchema, {
    defaultUiLanguage: Language.ENGLISH,
    defaultContentLanguageOne: Language.ENGLISH,
    defaultContentLanguageTwo: Language.SPANISH,
    defaultContentLanguageThree: Language.FRENCH,
    availableLanguages: [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([language, n]) => ({ language, titlesCount: n })),
  });
}

/** Series ranked by a score; groups keep only content-language titles and drop empty ones. */
export function ranking(s: Snapshot, type: RankingType, langs: number[] | null, limit = 100): TitleRankingGroup[] {
  const out: TitleRankingGroup[] = [];
  const ids = [...s.series.values()]
    .filter((x) => type !== 'completed' || x.status === 'completed')
    .map((x) => ({ id: x.id, score: s.scores.get(x.id)?.[type] ?? 0, total: s.scores.get(x.id)?.completed ?? 0 }))
    .sort((a, b) => b.score - a.score || b.total - a.total || a.id - b.id);
  for (const { id, score } of ids) {
    const titles = seriesTitles(s, id, langs);
    if (titles.length === 0) continue;
    out.push(create(TitleRankingGroupSchema, { originalTitleId: id, titles: titles.map(titleMsg), score }));
    if (out.length >= limit) break;
  }
  return out;
}

export const RANK_TAB: Record<RankingType, Tab> = { hottest: Tab.HOTTEST, trending: Tab.TRENDING, completed: Tab.COMPLETED };

/** One group of the list and search screens. */
function allTitlesGroup(s: Snapshot, seriesId: number): AllTitlesGroup | null {
  const titles = s.titlesBySeries.get(seriesId) ?? [];
  const series = s.series.get(seriesId);
  if (!series || titles.length === 0) return null;
  let next = 0;
  for (const t of titles) {
    const n = s.agg.get(t.id)?.nextStart ?? 0;
    if (n && (!next || n < next)) next = n;
  }
  return create(AllTitlesGroupSchema, {
    theTitle: seriesName(titles),
    titles: titles.map(titleMsg),
    tags: s.tagsBySeries.get(seriesId) ?? [],
    label: labelMsg(series.label),
    nextChapterStartTimestamp: next,
  });
}

/**
 * Groups of every series of a status (all when null), A to Z. A group is
 * kept when one of its titles is in the content languages; it keeps all its
 * language titles (the screens filter and link between them).
 */
export function allTitlesGroups(s: Snapshot, status: string | null, langs: number[] | null): AllTitlesGroup[] {
  const out: AllTitlesGroup[] = [];
  for (const series of s.series.values()) {
    if (status && series.status !== status) continue;
    if (!seriesTitles(s, series.id, langs).length) continue;
    const g = allTitlesGroup(s, series.id);
    if (g) out.push(g);
  }
  return out.sort((a, b) => a.theTitle.localeCompare(b.theTitle, 'en', { sensitivity: 'base' }));
}

/**
 * Daily updated groups for home: the last `days` days (UTC), newest first;
 * in each day one group per series with the latest chapter of each of its
 * content-language titles released that day.
 */
export function dailyGroups(
  s: Snapshot,
  recent: {
    id: number;
    title_id: number;
    name: string;
    sub_title: string;
    start_ts: number;
    is_vertical_only: number;
    is_horizontal_only: number;
  }[],
  langs: number[] | null,
  locale: string,
  days = 7,
  at = s.at,
): UpdatedTitleV2Group[] {
  const today = Math.floor(at / DAY);
  const byDay = new Map<number, Map<number, OriginalTitleGroup>>();
  const seen = new Set<string>();
  for (const c of recent) {
    const t = s.titlesById.get(c.title_id);
    if (!t || !inLangs(langs)(t)) continue;
    const day = Math.floor(c.start_ts / DAY);
    if (today - day >= days) continue;
    // Only the latest chapter of a title on a day (recent is newest first).
    const key = `${day}:${t.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const groups = byDay.get(day) ?? new Map<number, OriginalTitleGroup>();
    byDay.set(day, groups);
    let g = groups.get(t.series_id);
    if (!g) {
      const all = s.titlesBySeries.get(t.series_id) ?? [];
      const main = all.find((x) => x.language === 0) ?? t;
      g = create(OriginalTitleGroupSchema, {
        theTitle: seriesName(all),
        chapterNumber: c.name,
        titleUpdateStatus: main.update_status,
        chapterStartTime: c.start_ts,
      });
      groups.set(t.series_id, g);
    }
    g.titles.push(
      create(UpdatedTitleSchema, {
        title: titleMsg(t),
        chapterId: c.id,
        chapterName: c.name,
        chapterSubTitle: c.sub_title,
        isLatest: s.agg.get(t.id)?.latest?.id === c.id,
        isVerticalOnly: c.is_vertical_only === 1,
        isHorizontalOnly: c.is_horizontal_only === 1,
      }),
    );
    g.viewCount += t.view_count;
    if (c.start_ts > g.chapterStartTime) g.chapterStartTime = c.start_ts;
  }
  const fmt = new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return [...byDay.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([day, groups]) => {
      const list = [...groups.values()];
      for (const g of list) {
        g.titles = byReaderOrder(
          g.titles.map((u) => ({ u, language: u.title?.language ?? 0 })),
          langs,
        ).map((x) => x.u);
        g.chapterNumber = g.titles[0]?.chapterName ?? g.chapterNumber;
      }
      list.sort((a, b) => b.chapterStartTime - a.chapterStartTime || a.theTitle.localeCompare(b.theTitle, 'en'));
      return create(UpdatedTitleV2GroupSchema, {
        groupName: fmt.format(new Date(day * DAY * 1000)),
        groupNameDays: today - day,
        titleGroups: list,
      });
    });
}

/** Recently updated titles: the newest release of each title, and the same grouped per day. */
export async function updatedView(repos: Repos, s: Snapshot) {
  const recent = await repos.catalog.recentChapters(s.at - 14 * DAY, s.at);
  const latest: TitleUpdated[] = [];
  const seen = new Set<number>();
  for (const c of recent) {
    if (seen.has(c.title_id)) continue;
    const t = s.titlesById.get(c.title_id);
    if (!t) continue;
    seen.add(c.title_id);
    latest.push(create(TitleUpdatedSchema, { title: titleMsg(t), updatedTitleTimestamp: c.start_ts }));
  }
  const groups: TitleUpdatedGroup[] = [];
  for (const u of latest) {
    const day = Math.floor(u.updatedTitleTimestamp / DAY) * DAY;
    let g = groups.find((x) => x.updatedTitleTimestamp === day);
    if (!g) {
      g = create(TitleUpdatedGroupSchema, { updatedTitleTimestamp: day });
      groups.push(g);
    }
    g.latestTitle.push(u);
  }
  return { latest, groups };
}

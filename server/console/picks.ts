import { byLanguage } from '../../core/languages.js';
import type {
  PickChapter,
  PickChapters,
  PickChaptersQuery,
  PickTitle,
  PickTitles,
  PickTitlesQuery,
} from '../../core/console/schemas/pickers.js';
import type { PickChapterRow, PickTitleRow } from '../repos/console/picks.js';
import type { ConsoleCtx } from './actor.js';
import { problems } from './problems.js';

const short = (language: number) => byLanguage(language)?.short ?? String(language);
const idsOf = (s: string | undefined) => [...new Set((s ?? '').split(',').filter(Boolean).map(Number))];
const pageOf = (q: { limit?: number | undefined; offset?: number | undefined }) => ({ limit: q.limit ?? 20, offset: q.offset ?? 0 });

/** A page of rows asked one longer: the rows shown and the offset of the next page. */
function paged<T>(rows: T[], page: { limit: number; offset: number }): { rows: T[]; next: number | null } {
  return { rows: rows.slice(0, page.limit), next: rows.length > page.limit ? page.offset + page.limit : null };
}

async function titleItems(ctx: ConsoleCtx, rows: PickTitleRow[]): Promise<PickTitle[]> {
  const seriesIds = [...new Set(rows.map((r) => r.series_id))];
  const [langs, released] = await Promise.all([
    ctx.repos.picks.seriesLanguages(seriesIds),
    ctx.repos.picks.releasedTitles(
      rows.map((r) => r.id),
      ctx.clock.nowSec(),
    ),
  ]);
  const bySeries = new Map<number, string[]>();
  for (const l of langs) bySeries.set(l.series_id, [...(bySeries.get(l.series_id) ?? []), short(l.language)]);
  return rows.map((r) => ({
    id: r.id,
    seriesId: r.series_id,
    name: r.name,
    language: short(r.language),
    languages: bySeries.get(r.series_id) ?? [short(r.language)],
    cover: r.portrait_image_url,
    released: released.has(r.id),
  }));
}

const chapterItem =
  (now: number) =>
  (r: PickChapterRow): PickChapter => ({
    id: r.id,
    titleId: r.title_id,
    titleName: r.title_name,
    language: short(r.language),
    name: r.name,
    subTitle: r.sub_title,
    thumbnail: r.thumbnail_url,
    startAt: Number(r.start_ts),
    released: Number(r.start_ts) <= now,
  });

/** The pickers' searches: titles by a part of a name in any language, a title's chapters; or known ones by id. */
export const picks = {
  async titles(ctx: ConsoleCtx, q: PickTitlesQuery): Promise<PickTitles> {
    if (q.ids !== undefined) return { items: await titleItems(ctx, await ctx.repos.picks.titlesById(idsOf(q.ids))), next: null };
    if (q.series !== undefined) return { items: await titleItems(ctx, await ctx.repos.picks.titlesOfSeries(idsOf(q.series))), next: null };
    const text = (q.q ?? '').trim();
    if (!text) return { items: [], next: null };
    const page = pageOf(q);
    const { rows, next } = paged(await ctx.repos.picks.titlesNamed(text, page), page);
    return { items: await titleItems(ctx, rows), next };
  },

  async chapters(ctx: ConsoleCtx, q: PickChaptersQuery): Promise<PickChapters> {
    const item = chapterItem(ctx.clock.nowSec());
    if (q.ids !== undefined) return { items: (await ctx.repos.picks.chaptersById(idsOf(q.ids))).map(item), next: null };
    if (q.title === undefined) throw problems.validation([{ path: '/title', message: 'needed unless ids are given' }]);
    const page = pageOf(q);
    const { rows, next } = paged(await ctx.repos.picks.chaptersOf(q.title, q.q ?? '', page), page);
    return { items: rows.map(item), next };
  },
};

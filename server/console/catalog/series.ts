import type { Series, SeriesCreate, SeriesPatch, TitleCreate, TitleFull } from '../../../core/console/schemas/catalog.js';
import { byShort, languageOrDefault } from '../../../core/languages.js';
import { TitleUpdateStatus } from '../../../core/gen/manga/v1/common_pb.js';
import { titleImageUrl } from '../../images/assets.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { SeriesRow } from '../../repos/console/series.js';
import type { TitleRow } from '../../repos/catalog.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { problems } from '../problems.js';

/**
 * Series and their titles per language as the console sees them (rows ↔ the
 * catalog schemas). Every write is based on a version (stale: 409
 * with the series as it is now) and audited in its transaction; a change
 * readers see drops their cached views on every node.
 */

function titleFull(r: TitleRow): TitleFull {
  return {
    id: r.id,
    seriesId: r.series_id,
    language: languageOrDefault(r.language).short,
    name: r.name,
    author: r.author,
    overview: r.overview,
    viewingPeriod: r.viewing_period_description,
    nonAppearance: r.non_appearance_info,
    isNew: r.is_new === 1,
    images: {
      portrait: r.portrait_image_url,
      landscape: r.landscape_image_url,
      background: r.background_image_url,
      favorite: r.favorite_image_url,
    },
    version: r.version,
  };
}

export async function titleById(repos: ConsoleRepos, id: number): Promise<TitleFull | undefined> {
  const r = await repos.titles.row(id);
  return r && titleFull(r);
}

function seriesOf(r: SeriesRow, tags: string[], titles: TitleFull[]): Series {
  return {
    id: r.id,
    slug: r.slug,
    label: r.label,
    status: r.status as Series['status'],
    releaseSchedule: r.release_schedule,
    updateTiming: r.update_timing,
    rating: r.rating,
    simulrelease: r.is_simulpub === 1,
    rightToLeft: r.start_from_right === 1,
    viewerMode: r.viewer_mode as Series['viewerMode'],
    tags,
    createdAt: r.created_at,
    version: r.version,
    titles,
  };
}

async function seriesById(repos: ConsoleRepos, id: number): Promise<Series | undefined> {
  const r = await repos.series.row(id);
  if (!r) return undefined;
  const titles = await repos.titles.ofSeries(id);
  return seriesOf(r, await repos.series.tags(id), titles.map(titleFull));
}

/** The columns of a series' fields (what a create or a patch sets). */
function seriesColumns(f: Partial<SeriesCreate>) {
  const out: {
    slug?: string;
    label?: number;
    status?: string;
    release_schedule?: number;
    update_timing?: number;
    rating?: number;
    is_simulpub?: number;
    start_from_right?: number;
    viewer_mode?: string;
  } = {};
  if (f.slug !== undefined) out.slug = f.slug;
  if (f.label !== undefined) out.label = f.label;
  if (f.status !== undefined) out.status = f.status;
  if (f.releaseSchedule !== undefined) out.release_schedule = f.releaseSchedule;
  if (f.updateTiming !== undefined) out.update_timing = f.updateTiming;
  if (f.rating !== undefined) out.rating = f.rating;
  if (f.simulrelease !== undefined) out.is_simulpub = f.simulrelease ? 1 : 0;
  if (f.rightToLeft !== undefined) out.start_from_right = f.rightToLeft ? 1 : 0;
  if (f.viewerMode !== undefined) out.viewer_mode = f.viewerMode;
  return out;
}

/** A new title row's values: the drawn art until images are uploaded. */
function newTitleRow(id: number, seriesId: number, language: number, now: number) {
  return {
    id,
    series_id: seriesId,
    language,
    portrait_image_url: titleImageUrl(id, 'portrait'),
    landscape_image_url: titleImageUrl(id, 'landscape'),
    title_image_url: titleImageUrl(id, 'title'),
    background_image_url: titleImageUrl(id, 'background'),
    favorite_image_url: titleImageUrl(id, 'favorite'),
    view_count: 0,
    update_status: TitleUpdateStatus.NEW,
    created_at: now,
  };
}

async function checkSlug(ctx: ConsoleCtx, slug: string, except = 0): Promise<void> {
  if (await ctx.repos.series.slugTaken(slug, except)) throw problems.duplicateName(`A series is already called "${slug}".`);
}

export const series = {
  /** Every series (the first 1000) with its titles' names, those matching `q` in their slug or a name if given. */
  async list(ctx: ConsoleCtx, q?: string) {
    const rows = await ctx.repos.series.list();
    const titles = await ctx.repos.titles.names();
    const all = rows.map((r) => ({
      ...r,
      names: Object.fromEntries(titles.filter((t) => t.series_id === r.id).map((t) => [languageOrDefault(t.language).short, t.name])),
    }));
    const lq = q?.toLowerCase();
    return lq ? all.filter((s) => s.slug.includes(lq) || Object.values(s.names).some((n) => n.toLowerCase().includes(lq))) : all;
  },

  async get(ctx: ConsoleCtx, id: number): Promise<Series> {
    const s = await seriesById(ctx.repos, id);
    if (!s) throw problems.notFound('No such series.');
    return s;
  },

  async create(ctx: ConsoleCtx, actor: Actor, b: SeriesCreate): Promise<Series> {
    await checkSlug(ctx, b.slug);
    return audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        const id = await repos.series.nextId();
        await repos.series.add({
          id,
          plan_type: 'standard',
          publisher_id: 1,
          region_code: '',
          created_at: now,
          slug: b.slug,
          status: b.status,
          viewer_mode: b.viewerMode,
          label: b.label,
          release_schedule: b.releaseSchedule,
          update_timing: b.updateTiming,
          rating: b.rating,
          is_simulpub: b.simulrelease ? 1 : 0,
          start_from_right: b.rightToLeft ? 1 : 0,
        });
        await repos.series.setTags(id, b.tags);
        const after = (await seriesById(repos, id))!;
        await audit({ action: 'series.create', target: `series:${id}`, after });
        return after;
      },
      // A series without titles is nothing readers see.
      { readersSee: false },
    );
  },

  async patch(ctx: ConsoleCtx, actor: Actor, id: number, p: SeriesPatch): Promise<Series> {
    const before = await seriesById(ctx.repos, id);
    if (!before) throw problems.notFound('No such series.');
    const { version, tags, ...fields } = p;
    if (fields.slug !== undefined) await checkSlug(ctx, fields.slug, id);
    return audited(ctx, actor, async ({ repos, audit }) => {
      if ((await repos.series.update(id, version, seriesColumns(fields))) !== 1) throw problems.conflictWith(await seriesById(repos, id));
      if (tags) await repos.series.setTags(id, tags);
      const after = (await seriesById(repos, id))!;
      await audit({
        action: 'series.update',
        target: `series:${id}`,
        before: { ...before, titles: undefined },
        after: { ...after, titles: undefined },
      });
      return after;
    });
  },

  /** A title of the series in a language it has none in yet. */
  async addTitle(ctx: ConsoleCtx, actor: Actor, seriesId: number, b: TitleCreate): Promise<TitleFull> {
    const lang = byShort(b.language);
    if (!lang)
      throw problems.validation([{ path: '/body/language', message: 'is not one of the languages' }], `Unknown language "${b.language}".`);
    if (!(await ctx.repos.series.exists(seriesId))) throw problems.notFound('No such series.');
    const dup = await ctx.repos.titles.inLanguage(seriesId, Number(lang.language));
    if (dup !== undefined) throw problems.duplicateName(`This series already has a ${lang.native} title (${dup}).`);
    return audited(ctx, actor, async ({ repos, now, audit }) => {
      const id = await repos.titles.nextId();
      await repos.titles.add({
        ...newTitleRow(id, seriesId, Number(lang.language), now),
        name: b.name,
        author: b.author,
        overview: b.overview,
        viewing_period_description: b.viewingPeriod,
        non_appearance_info: b.nonAppearance,
        is_new: b.isNew ? 1 : 0,
      });
      const after = (await titleById(repos, id))!;
      await audit({ action: 'title.create', target: `title:${id}`, after });
      return after;
    });
  },
};

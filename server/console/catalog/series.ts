import type { Series, SeriesCreate, SeriesPatch, TitleCreate, TitleFull } from '../../../core/console/schemas/catalog.js';
import { byShort, languageOrDefault } from '../../../core/languages.js';
import { TitleUpdateStatus } from '../../../core/gen/manga/v1/common_pb.js';
import { titleImageUrl } from '../../images/assets.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited, type WriteTx } from '../write.js';
import { problems } from '../problems.js';
import { seriesById, seriesColumns, slugFrom, titleById } from './seriesRows.js';

export { titleById } from './seriesRows.js';

/**
 * Series and their titles per language as the console sees them (rows ↔ the
 * catalog schemas, ./seriesRows.ts). Every write is based on a version (stale:
 * 409 with the series as it is now) and audited in its transaction. A title
 * made here is a draft: readers see nothing of it until a chapter of it is
 * released or an editor publishes it as coming soon (./seriesPublish.ts), so
 * making one tells no reader.
 */

/** A new title row's values: the drawn art until images are uploaded; a draft. */
function newTitleRow(id: number, seriesId: number, b: TitleCreate, language: number, now: number) {
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
    name: b.name,
    author: b.author,
    overview: b.overview,
    viewing_period_description: b.viewingPeriod,
    non_appearance_info: b.nonAppearance,
    is_new: b.isNew ? 1 : 0,
    draft: 1,
  };
}

async function checkSlug(repos: ConsoleRepos, slug: string, except = 0): Promise<void> {
  if (await repos.series.slugTaken(slug, except)) throw problems.duplicateName(`A series is already called "${slug}".`);
}

async function checkPublisher(repos: ConsoleRepos, id: number | undefined): Promise<void> {
  if (id !== undefined && !(await repos.publishers.exists(id)))
    throw problems.validation([{ path: '/body/publisherId', message: 'is no publisher' }], 'Choose one of the publishers.');
}

/** The language of a new title, or a clear refusal. */
function languageOf(b: TitleCreate, path: string): number {
  const lang = byShort(b.language);
  if (!lang) throw problems.validation([{ path, message: 'is not one of the languages' }], `Unknown language "${b.language}".`);
  return Number(lang.language);
}

/** Adds a draft title in its transaction, audited. */
async function addTitleRow({ repos, now, audit }: WriteTx, seriesId: number, b: TitleCreate, language: number): Promise<TitleFull> {
  const id = await repos.titles.nextId();
  await repos.titles.add(newTitleRow(id, seriesId, b, language, now));
  const after = (await titleById(repos, id, now))!;
  await audit({ action: 'title.create', target: `title:${id}`, after });
  return after;
}

/** A new series' row and tags, in its transaction. */
async function addSeriesRow({ repos, now }: WriteTx, b: SeriesCreate): Promise<number> {
  const id = await repos.series.nextId();
  const slug = b.slug ?? slugFrom(b.title?.name ?? '', id);
  await checkSlug(repos, slug);
  await repos.series.add({
    id,
    plan_type: 'standard',
    publisher_id: b.publisherId,
    region_code: '',
    created_at: now,
    slug,
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
  return id;
}

export const series = {
  /** Every series (the first 1000) with its titles' names, those matching `q` in their slug or a name if given. */
  async list(ctx: ConsoleCtx, q?: string) {
    const rows = await ctx.repos.series.list();
    const titles = await ctx.repos.titles.names();
    const all = rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      version: r.version,
      publisherId: r.publisher_id,
      names: Object.fromEntries(titles.filter((t) => t.series_id === r.id).map((t) => [languageOrDefault(t.language).short, t.name])),
    }));
    const lq = q?.toLowerCase();
    return lq ? all.filter((s) => s.slug.includes(lq) || Object.values(s.names).some((n) => n.toLowerCase().includes(lq))) : all;
  },

  async get(ctx: ConsoleCtx, id: number): Promise<Series> {
    const s = await seriesById(ctx.repos, id, ctx.clock.nowSec());
    if (!s) throw problems.notFound('No such series.');
    return s;
  },

  /** A series, with its first title when the form gave one: both drafts, made together or not at all. */
  async create(ctx: ConsoleCtx, actor: Actor, b: SeriesCreate): Promise<Series> {
    await checkPublisher(ctx.repos, b.publisherId);
    const language = b.title ? languageOf(b.title, '/body/title/language') : 0;
    return audited(
      ctx,
      actor,
      async (tx) => {
        const id = await addSeriesRow(tx, b);
        const made = (await seriesById(tx.repos, id, tx.now))!;
        await tx.audit({ action: 'series.create', target: `series:${id}`, after: { ...made, titles: undefined } });
        if (b.title) await addTitleRow(tx, id, b.title, language);
        return (await seriesById(tx.repos, id, tx.now))!;
      },
      // Drafts: nothing readers see.
      { readersSee: false },
    );
  },

  async patch(ctx: ConsoleCtx, actor: Actor, id: number, p: SeriesPatch): Promise<Series> {
    const before = await seriesById(ctx.repos, id, ctx.clock.nowSec());
    if (!before) throw problems.notFound('No such series.');
    const { version, tags, ...fields } = p;
    if (fields.slug !== undefined) await checkSlug(ctx.repos, fields.slug, id);
    await checkPublisher(ctx.repos, fields.publisherId);
    return audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        if ((await repos.series.update(id, version, seriesColumns(fields))) !== 1)
          throw problems.conflictWith(await seriesById(repos, id, now));
        if (tags) await repos.series.setTags(id, tags);
        const after = (await seriesById(repos, id, now))!;
        await audit({
          action: 'series.update',
          target: `series:${id}`,
          before: { ...before, titles: undefined },
          after: { ...after, titles: undefined },
        });
        return after;
      },
      // A series all of whose titles are drafts is nothing readers see.
      { readersSee: before.titles.some((t) => t.readers !== 'draft') },
    );
  },

  /** A title of the series in a language it has none in yet: a draft. */
  async addTitle(ctx: ConsoleCtx, actor: Actor, seriesId: number, b: TitleCreate): Promise<TitleFull> {
    const language = languageOf(b, '/body/language');
    if (!(await ctx.repos.series.exists(seriesId))) throw problems.notFound('No such series.');
    const dup = await ctx.repos.titles.inLanguage(seriesId, language);
    if (dup !== undefined) throw problems.duplicateName(`This series already has a ${languageOrDefault(language).native} title (${dup}).`);
    return audited(ctx, actor, (tx) => addTitleRow(tx, seriesId, b, language), { readersSee: false });
  },
};

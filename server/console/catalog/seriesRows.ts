import type { ReaderState, Series, SeriesCreate, TitleFull } from '../../../core/console/schemas/catalog.js';
import { languageOrDefault } from '../../../core/languages.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { SeriesRow } from '../../repos/console/series.js';
import type { TitleRow } from '../../repos/catalog.js';

/**
 * Series and title rows as the console's schemas: what readers see of a
 * title beside its fields (server/repos/catalog.ts holds the same rule for
 * the reader: a draft is shown once a chapter of it is released).
 */

function readerState(r: TitleRow, released: boolean): ReaderState {
  if (released) return 'live';
  if (r.draft === 1) return 'draft';
  return r.soon_at > 0 ? 'soon' : 'live';
}

function titleFull(r: TitleRow, released: boolean): TitleFull {
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
    readers: readerState(r, released),
    soonAt: r.soon_at,
    soonText: r.soon_text,
  };
}

/** A title as the console sees it, as of `now` (seconds). */
export async function titleById(repos: ConsoleRepos, id: number, now: number): Promise<TitleFull | undefined> {
  const r = await repos.titles.row(id);
  return r && titleFull(r, await repos.published.title(id, now));
}

function seriesOf(r: SeriesRow, tags: string[], titles: TitleFull[]): Series {
  return {
    id: r.id,
    slug: r.slug,
    publisherId: r.publisher_id,
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

/** A series with its titles, as of `now` (seconds). */
export async function seriesById(repos: ConsoleRepos, id: number, now: number): Promise<Series | undefined> {
  const r = await repos.series.row(id);
  if (!r) return undefined;
  const rows = await repos.titles.ofSeries(id);
  const released = await repos.published.titles(
    rows.map((t) => t.id),
    now,
  );
  return seriesOf(
    r,
    await repos.series.tags(id),
    rows.map((t) => titleFull(t, released.has(t.id))),
  );
}

/** The columns of a series' fields (what a create or a patch sets). */
export function seriesColumns(f: Partial<SeriesCreate>) {
  const out: {
    slug?: string;
    publisher_id?: number;
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
  if (f.publisherId !== undefined) out.publisher_id = f.publisherId;
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

/**
 * A slug made from a title's name: its Latin letters and digits, lower case,
 * joined by dashes; `series-<id>` when the name has none (Thai, Japanese).
 */
export function slugFrom(name: string, id: number): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
  return s || `series-${id}`;
}

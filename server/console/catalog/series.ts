import type { Kysely, Selectable } from 'kysely';
import type { Database, SeriesTable, TitleTable } from '../../db/schema.js';
import type { Series, SeriesCreate, TitleFull } from '../../../core/console/schemas/catalog.js';
import { languageOrDefault } from '../../../core/languages.js';
import { TitleUpdateStatus } from '../../../core/gen/manga/v1/common_pb.js';
import { titleImageUrl } from '../../images/assets.js';

/** Series and titles as the console sees them (rows ↔ the catalog schemas). */
type Db = Kysely<Database>;

function titleFull(r: Selectable<TitleTable>): TitleFull {
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

export async function titleById(db: Db, id: number): Promise<TitleFull | undefined> {
  const r = await db.selectFrom('titles').selectAll().where('id', '=', id).executeTakeFirst();
  return r && titleFull(r);
}

async function seriesTags(db: Db, seriesId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('series_tags as st')
    .innerJoin('tags as t', 't.id', 'st.tag_id')
    .select('t.tag')
    .where('st.series_id', '=', seriesId)
    .orderBy('t.tag')
    .execute();
  return rows.map((r) => r.tag);
}

function seriesOf(r: Selectable<SeriesTable>, tags: string[], titles: TitleFull[]): Series {
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

export async function seriesById(db: Db, id: number): Promise<Series | undefined> {
  const r = await db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const titles = await db.selectFrom('titles').selectAll().where('series_id', '=', id).orderBy('language').execute();
  return seriesOf(r, await seriesTags(db, id), titles.map(titleFull));
}

/** The columns of a series' fields (what a create or a patch sets). */
export function seriesColumns(f: Partial<SeriesCreate>) {
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

/** Replaces a series' tags (tags are shared rows, made on first use). */
export async function setTags(db: Db, seriesId: number, tags: string[]): Promise<void> {
  await db.deleteFrom('series_tags').where('series_id', '=', seriesId).execute();
  for (const tag of tags) {
    const slug =
      tag
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'tag';
    let row = await db.selectFrom('tags').select('id').where('tag', '=', tag).executeTakeFirst();
    if (!row) {
      const id =
        Number(
          (
            await db
              .selectFrom('tags')
              .select((eb) => eb.fn.max('id').as('m'))
              .executeTakeFirst()
          )?.m ?? 0,
        ) + 1;
      await db
        .insertInto('tags')
        .values({ id, tag, slug: `${slug}-${id}` })
        .execute();
      row = { id };
    }
    await db.insertInto('series_tags').values({ series_id: seriesId, tag_id: row.id }).execute();
  }
}

export const nextId = async (db: Db, t: 'series' | 'titles'): Promise<number> =>
  Number(
    (
      await db
        .selectFrom(t)
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  ) + 1;

/** A new title row's values: the drawn art until images are uploaded. */
export function newTitleRow(id: number, seriesId: number, language: number, now: number) {
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

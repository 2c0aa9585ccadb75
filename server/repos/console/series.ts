import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { SeriesTable } from '../../db/schema.js';

export type SeriesRow = Selectable<SeriesTable>;

/** The next id of a table whose ids the demo generator chose (no sequence): one above the largest, in the caller's transaction. */
export async function maxIdPlusOne(db: DB, t: 'series' | 'titles'): Promise<number> {
  const r = await db
    .selectFrom(t)
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

/** A tag's slug: its words in lower case joined by dashes, made unique by its id. */
const slugOf = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'tag';

/**
 * The console's writes of series and their tags (series, tags, series_tags;
 * tags are shared rows, made on first use). The reader reads them through
 * server/repos/catalog.ts. Changes match the version the editor read; the
 * caller turns "no row changed" into a conflict.
 */
export function seriesRepo(db: DB) {
  return {
    row: (id: number): Promise<SeriesRow | undefined> => db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The first 1000 by id. */
    list: () => db.selectFrom('series').select(['id', 'slug', 'version', 'publisher_id']).orderBy('id').limit(1000).execute(),

    async slugTaken(slug: string, except: number): Promise<boolean> {
      return !!(await db.selectFrom('series').select('id').where('slug', '=', slug).where('id', '!=', except).executeTakeFirst());
    },

    async exists(id: number): Promise<boolean> {
      return !!(await db.selectFrom('series').select('id').where('id', '=', id).executeTakeFirst());
    },

    nextId: () => maxIdPlusOne(db, 'series'),

    async add(row: Omit<Insertable<SeriesTable>, 'version'>): Promise<void> {
      await db.insertInto('series').values(row).execute();
    },

    async update(id: number, version: number, set: Omit<Updateable<SeriesTable>, 'id' | 'version'>): Promise<number> {
      const r = await db
        .updateTable('series')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async tags(seriesId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('series_tags as st')
        .innerJoin('tags as t', 't.id', 'st.tag_id')
        .select('t.tag')
        .where('st.series_id', '=', seriesId)
        .orderBy('t.tag')
        .execute();
      return rows.map((r) => r.tag);
    },

    /** Replaces a series' tags, making the tags not seen before. */
    async setTags(seriesId: number, tags: string[]): Promise<void> {
      await db.deleteFrom('series_tags').where('series_id', '=', seriesId).execute();
      for (const tag of tags) {
        let row = await db.selectFrom('tags').select('id').where('tag', '=', tag).executeTakeFirst();
        if (!row) {
          const m = await db
            .selectFrom('tags')
            .select((eb) => eb.fn.max('id').as('m'))
            .executeTakeFirst();
          const id = Number(m?.m ?? 0) + 1;
          await db
            .insertInto('tags')
            .values({ id, tag, slug: `${slugOf(tag)}-${id}` })
            .execute();
          row = { id };
        }
        await db.insertInto('series_tags').values({ series_id: seriesId, tag_id: row.id }).execute();
      }
    },
  };
}

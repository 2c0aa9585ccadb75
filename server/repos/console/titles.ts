import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { TitleTable } from '../../db/schema.js';
import type { TitleRow } from '../catalog.js';
import { maxIdPlusOne } from './series.js';

/** A list's filter: a language number, a part of the name (LIKE's wildcards already taken out). */
interface TitleFilter {
  language?: number | undefined;
  name?: string | undefined;
}

/** How a title is read: its series' direction and viewer mode. */
export interface TitleReading {
  name: string;
  start_from_right: number;
  viewer_mode: string;
}

/**
 * The console's reads and writes of titles (the reader reads them through
 * server/repos/catalog.ts), with the reading settings of a title's series.
 * Changes match the version the editor read; the caller turns "no row
 * changed" into a conflict.
 */
export function titlesRepo(db: DB) {
  return {
    row: (id: number): Promise<TitleRow | undefined> => db.selectFrom('titles').selectAll().where('id', '=', id).executeTakeFirst(),

    ofSeries: (seriesId: number): Promise<TitleRow[]> =>
      db.selectFrom('titles').selectAll().where('series_id', '=', seriesId).orderBy('language').execute(),

    /** Every title's name in its language, for the list of series. */
    names: () => db.selectFrom('titles').select(['series_id', 'language', 'name']).execute(),

    /** The first 500 by id. */
    list(f: TitleFilter) {
      let s = db.selectFrom('titles').select(['id', 'series_id', 'language', 'name', 'author', 'overview', 'version']);
      if (f.language !== undefined) s = s.where('language', '=', f.language);
      if (f.name) s = s.where('name', 'like', `%${f.name}%`);
      return s.orderBy('id').limit(500).execute();
    },

    async exists(id: number): Promise<boolean> {
      return !!(await db.selectFrom('titles').select('id').where('id', '=', id).executeTakeFirst());
    },

    /** The series' title in a language, if it has one. */
    async inLanguage(seriesId: number, language: number): Promise<number | undefined> {
      const r = await db
        .selectFrom('titles')
        .select('id')
        .where('series_id', '=', seriesId)
        .where('language', '=', language)
        .executeTakeFirst();
      return r?.id;
    },

    /** The title's name and how its series is read. */
    reading: (titleId: number): Promise<TitleReading | undefined> =>
      db
        .selectFrom('titles as t')
        .innerJoin('series as s', 's.id', 't.series_id')
        .select(['t.name', 's.start_from_right', 's.viewer_mode'])
        .where('t.id', '=', titleId)
        .executeTakeFirst(),

    nextId: () => maxIdPlusOne(db, 'titles'),

    async add(row: Omit<Insertable<TitleTable>, 'version'>): Promise<void> {
      await db.insertInto('titles').values(row).execute();
    },

    /** A draft shown to readers as coming soon (its version goes up: the editor's copy is stale). */
    async publishSoon(id: number, soonAt: number, soonText: string): Promise<void> {
      await db
        .updateTable('titles')
        .set((eb) => ({ draft: 0, soon_at: soonAt, soon_text: soonText, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** A coming-soon title taken back to draft: readers see nothing of it again (its version goes up). */
    async backToDraft(id: number): Promise<void> {
      await db
        .updateTable('titles')
        .set((eb) => ({ draft: 1, soon_at: 0, soon_text: '', version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    async update(id: number, version: number, set: Omit<Updateable<TitleTable>, 'id' | 'version'>): Promise<number> {
      const r = await db
        .updateTable('titles')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}

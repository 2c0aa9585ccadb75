import type { Insertable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { FeaturedListTable } from '../../db/schemaPromo.js';
import type { FeaturedListRow } from '../promo.js';
import { nextId } from './ids.js';
import { versionedRows } from './versioned.js';

/** What the console edits of a featured list: its names and kind. */

/**
 * The console's every query of the featured lists and their series
 * (`featured_lists`, `featured_list_items`): a table's console reads and
 * writes in one repository here; the reader's own reads stay in
 * server/repos/promo.ts. The featured page's banners are the banners
 * repository's (placement `featured`).
 */
export function featuredRepo(db: DB) {
  return {
    /** The list's row (its series stay: setItems(id, []) removes them). */
    ...versionedRows(db, 'featured_lists'),
    lists: (): Promise<FeaturedListRow[]> => db.selectFrom('featured_lists').selectAll().orderBy('sort').orderBy('id').execute(),

    items: (): Promise<{ list_id: number; series_id: number; sort: number }[]> =>
      db.selectFrom('featured_list_items').selectAll().orderBy('list_id').orderBy('sort').execute(),

    /** A new list, last on the featured page, in a container of its own. */
    async add(l: Omit<Insertable<FeaturedListTable>, 'id' | 'version' | 'container_id' | 'sort'>): Promise<number> {
      const id = await nextId(db, 'featured_lists');
      const top = await db
        .selectFrom('featured_lists')
        .select((eb) => [eb.fn.max('sort').as('s'), eb.fn.max('container_id').as('c')])
        .executeTakeFirst();
      await db
        .insertInto('featured_lists')
        .values({ id, ...l, container_id: Number(top?.c ?? 0) + 1, sort: Number(top?.s ?? -1) + 1 })
        .execute();
      return id;
    },

    /** A list's series, in this order (none: the list has none). */
    async setItems(listId: number, seriesIds: number[]): Promise<void> {
      await db.deleteFrom('featured_list_items').where('list_id', '=', listId).execute();
      if (seriesIds.length)
        await db
          .insertInto('featured_list_items')
          .values(seriesIds.map((series_id, sort) => ({ list_id: listId, series_id, sort })))
          .execute();
    },

    /** A list's place on the featured page, the version left as it is. */
    async setSort(id: number, sort: number): Promise<void> {
      await db.updateTable('featured_lists').set({ sort }).where('id', '=', id).execute();
    },
  };
}

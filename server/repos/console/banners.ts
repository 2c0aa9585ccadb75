import type { Insertable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { BannerTable } from '../../db/schemaPromo.js';
import type { BannerRow } from '../promo.js';
import { nextId } from './ids.js';
import { versionedRows, type ColumnsOf } from './versioned.js';

/** What the console sets on a banner: any column but its key, its version and its place in the order. */
export type BannerColumns = ColumnsOf<'banners'>;

/**
 * The console's every query of the `banners` table (the rule of the console's
 * repositories: a table's console reads and writes in one repository here;
 * the reader's own reads stay in its repository, server/repos/promo.ts).
 * Changes match the version the editor read; the caller turns "no row
 * changed" into a conflict.
 */
export function bannersRepo(db: DB) {
  const inPlacement = (placement: string): Promise<BannerRow[]> =>
    db.selectFrom('banners').selectAll().where('placement', '=', placement).orderBy('sort').orderBy('id').execute();

  return {
    ...versionedRows(db, 'banners'),
    byId: (id: number): Promise<BannerRow | undefined> => db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Every banner (or a placement's), by placement, then in order. */
    list(placement?: string): Promise<BannerRow[]> {
      let q = db.selectFrom('banners').selectAll();
      if (placement) q = q.where('placement', '=', placement);
      return q.orderBy('placement').orderBy('sort').orderBy('id').execute();
    },

    /** A placement's banners in order. */
    inPlacement,

    /** A new banner, last of its placement; its id is made from the new id (its image's URL). */
    async add(
      b: Omit<Insertable<BannerTable>, 'id' | 'version' | 'sort' | 'image_url'>,
      imageUrl: (id: number) => string,
    ): Promise<number> {
      const id = await nextId(db, 'banners');
      const last = await db
        .selectFrom('banners')
        .select((eb) => eb.fn.max('sort').as('s'))
        .where('placement', '=', b.placement)
        .executeTakeFirst();
      await db
        .insertInto('banners')
        .values({ id, ...b, image_url: imageUrl(id), sort: Number(last?.s ?? -1) + 1 })
        .execute();
      return id;
    },

    /** A banner's place in its placement's order (or on the featured page), the version left as it is. */
    async setSort(id: number, sort: number): Promise<void> {
      await db.updateTable('banners').set({ sort }).where('id', '=', id).execute();
    },
  };
}

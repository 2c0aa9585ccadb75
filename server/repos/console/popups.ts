import type { Insertable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { PopupTable } from '../../db/schemaPromo.js';
import type { PopupRow } from '../promo.js';
import { nextId } from './ids.js';
import { versionedRows, type ColumnsOf } from './versioned.js';

/** What the console sets on a popup: any column but its key and its version. */
export type PopupColumns = ColumnsOf<'popups'>;

/**
 * The console's every query of the `popups` table (a table's console reads
 * and writes in one repository here; the reader's own reads stay in
 * server/repos/promo.ts). Changes match the version the editor read; the
 * caller turns "no row changed" into a conflict.
 */
export function popupsRepo(db: DB) {
  return {
    ...versionedRows(db, 'popups'),
    byId: (id: number): Promise<PopupRow | undefined> => db.selectFrom('popups').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Every popup, by placement, newest first. */
    list: (): Promise<PopupRow[]> => db.selectFrom('popups').selectAll().orderBy('placement').orderBy('id', 'desc').execute(),

    /** A new popup; its image's URL is made from the new id. */
    async add(p: Omit<Insertable<PopupTable>, 'id' | 'version' | 'image_url'>, imageUrl: (id: number) => string): Promise<number> {
      const id = await nextId(db, 'popups');
      await db
        .insertInto('popups')
        .values({ id, ...p, image_url: imageUrl(id) })
        .execute();
      return id;
    },
  };
}

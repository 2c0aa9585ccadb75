import type { Updateable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';

/** The console's tables whose rows an editor changes at the version they read (id and version columns). */
type VersionedTable = 'announcements' | 'publisher_news' | 'banners' | 'popups' | 'featured_lists';

/** What may be set on a row: any column but its key and its version. */
export type ColumnsOf<T extends VersionedTable> = Omit<Updateable<Database[T]>, 'id' | 'version'>;

/**
 * A versioned row's change and removal, matched on the version the editor
 * read (the version goes up by one with each change). Each answers how many
 * rows it touched: 0 is a stale version or a row gone meanwhile, which the
 * service turns into a conflict (server/console/write.ts `expectOne`).
 */
export function versionedRows<T extends VersionedTable>(db: DB, table: T) {
  // Kysely cannot resolve columns on a table chosen by a type parameter; every table of the union has `id` and
  // `version`, so the queries are typed on one of them and the columns set are checked against `T` above.
  const t = table as 'banners';
  return {
    update: async (id: number, version: number, set: ColumnsOf<T>): Promise<number> => {
      const r = await db
        .updateTable(t)
        .set((eb) => ({ ...(set as ColumnsOf<'banners'>), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    remove: async (id: number, version: number): Promise<number> => {
      const r = await db.deleteFrom(t).where('id', '=', id).where('version', '=', version).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

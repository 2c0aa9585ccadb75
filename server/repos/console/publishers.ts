import type { Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { PublisherTable } from '../../db/schema.js';

export type PublisherRow = Selectable<PublisherTable> & { series_count: number };

/**
 * The console's reads and writes of publishers (the reader reads them
 * through server/repos/promo.ts), each with how many series are theirs.
 * Changes match the version the editor read; the caller turns "no row
 * changed" into a conflict.
 */
export function publishersRepo(db: DB) {
  const withCounts = () =>
    db
      .selectFrom('publishers as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('series as s')
          .whereRef('s.publisher_id', '=', 'p.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('series_count'),
      );
  const counted = (r: Omit<PublisherRow, 'series_count'> & { series_count: number | string | null }): PublisherRow => ({
    ...r,
    series_count: Number(r.series_count ?? 0),
  });
  return {
    list: async (): Promise<PublisherRow[]> => (await withCounts().orderBy('p.id').execute()).map(counted),

    row: async (id: number): Promise<PublisherRow | undefined> => {
      const r = await withCounts().where('p.id', '=', id).executeTakeFirst();
      return r && counted(r);
    },

    async exists(id: number): Promise<boolean> {
      return !!(await db.selectFrom('publishers').select('id').where('id', '=', id).executeTakeFirst());
    },

    async nameTaken(name: string, except: number): Promise<boolean> {
      return !!(await db.selectFrom('publishers').select('id').where('name', '=', name).where('id', '!=', except).executeTakeFirst());
    },

    /** Adds a publisher under the next free id (ids were chosen by the demo generator: no sequence). */
    async add(name: string): Promise<number> {
      const m = await db
        .selectFrom('publishers')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst();
      const id = Number(m?.m ?? 0) + 1;
      // The banner is drawn from the name (server/images/store.ts) until one is uploaded, as the seeded publishers' are.
      await db
        .insertInto('publishers')
        .values({ id, name, banner_image_url: `/img/publisher/${id}/banner.webp`, banner_width: 1000, banner_height: 250 })
        .execute();
      return id;
    },

    async update(id: number, version: number, set: Omit<Updateable<PublisherTable>, 'id' | 'version'>): Promise<number> {
      const r = await db
        .updateTable('publishers')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}

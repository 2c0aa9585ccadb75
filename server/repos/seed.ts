import type { DB } from '../db/index.js';
import type { Database } from '../db/schema.js';
import type { Catalog } from '../catalog/model.js';

/** Insert order (no foreign keys are declared, but keep parents first). */
const TABLES = [
  'publishers',
  'tags',
  'series',
  'series_tags',
  'titles',
  'chapters',
  'pages',
  'comments',
  'banners',
  'featured_lists',
  'featured_list_items',
  'popups',
  'announcements',
  'publisher_news',
  'questionnaires',
] as const satisfies readonly (keyof Catalog & keyof Database)[];

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 400;

/** Seeding the demo catalog (server/catalog/index.ts): whether the database has titles, and the bulk write. */
export function seedRepo(db: DB) {
  return {
    async titleCount(): Promise<number> {
      const row = await db
        .selectFrom('titles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Writes every table of the catalog in one transaction, in portable batched INSERTs. */
    async insertCatalog(cat: Catalog, log: (line: string) => void): Promise<void> {
      const total = TABLES.reduce((n, t) => n + cat[t].length, 0);
      let done = 0;
      let lastPct = -1;
      await db.transaction().execute(async (trx) => {
        for (const table of TABLES) {
          const rows = cat[table] as Record<string, unknown>[];
          for (let k = 0; k < rows.length; k += BATCH) {
            await trx
              .insertInto(table)
              .values(rows.slice(k, k + BATCH))
              .execute();
            done += Math.min(BATCH, rows.length - k);
            const pct = Math.floor((done / total) * 10) * 10;
            if (pct !== lastPct) {
              lastPct = pct;
              log(`demo catalog: ${pct}% (${done}/${total} rows, ${table})`);
            }
          }
        }
      });
    },
  };
}

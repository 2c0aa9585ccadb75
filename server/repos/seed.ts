import { sql } from 'kysely';
import type { DB, Dialect } from '../db/index.js';
import type { Database } from '../db/schema.js';
import type { Catalog } from '../content/model.js';

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

/** The advisory lock nodes seeding the same PostgreSQL database take (any fixed 64-bit number). */
const SEED_LOCK = 0x6d616e6761_01;

/** Seeding the demo catalog (server/catalog/index.ts): whether the database has titles, and the bulk write. */
export function seedRepo(db: DB, dialect: Dialect) {
  return {
    async titleCount(): Promise<number> {
      const row = await db
        .selectFrom('titles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Writes every table of the catalog in one transaction, in portable
     * batched INSERTs, unless the database has titles by then: on PostgreSQL
     * under a transaction-scoped advisory lock, the count checked again inside
     * it, so that nodes starting together on an empty database seed it once
     * (the others wait for the lock, then find the titles). False when
     * another node had seeded it.
     */
    async insertCatalog(cat: Catalog, log: (line: string) => void): Promise<boolean> {
      const total = TABLES.reduce((n, t) => n + cat[t].length, 0);
      let done = 0;
      let lastPct = -1;
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
        const seeded = await trx
          .selectFrom('titles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst();
        if (Number(seeded?.n ?? 0) > 0) return false;
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
        return true;
      });
    },
  };
}

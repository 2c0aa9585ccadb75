import type { Config } from '../config.js';
import type { DB, Dialect } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { generateCatalog } from './generate.js';
import type { Catalog } from './model.js';

export interface CatalogDeps {
  db: DB;
  dialect: Dialect;
  config: Config;
  log: (line: string) => void;
  /** Current time in seconds (tests pin it). */
  now?: number;
}

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

/**
 * Seeds the demo catalog into an empty database (deterministic from
 * config.catalogSeed; page images are drawn lazily on first request, see
 * server/images). Does nothing when titles already exist.
 */
export async function ensureCatalog(deps: CatalogDeps): Promise<Catalog | undefined> {
  const row = await deps.db
    .selectFrom('titles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return undefined;
  const t0 = Date.now();
  const now = deps.now ?? Math.floor(Date.now() / 1000);
  const cat = generateCatalog(deps.config.catalogSeed, now);
  deps.log(
    `demo catalog: ${cat.series.length} series, ${cat.titles.length} titles, ${cat.chapters.length} chapters, ${cat.pages.length} pages (seed ${deps.config.catalogSeed})`,
  );
  await insertCatalog(deps.db, cat, deps.log);
  deps.log(
    `demo catalog: ready in ${((Date.now() - t0) / 1000).toFixed(1)} s; page images are drawn on first view and cached in ${deps.config.dataDir}/img`,
  );
  return cat;
}

/** Writes every table of the catalog in one transaction, in portable batched INSERTs. */
async function insertCatalog(db: DB, cat: Catalog, log: (line: string) => void = () => {}): Promise<void> {
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
}

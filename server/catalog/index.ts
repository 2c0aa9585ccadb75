import type { Config } from '../config.js';
import type { DB, Dialect } from '../db/index.js';
import { systemClock, type ServerClock } from '../lib/clock.js';
import { generateCatalog } from './generate.js';
import type { Catalog } from '../content/model.js';
import { seedRepo } from '../repos/seed.js';

export interface CatalogDeps {
  db: DB;
  dialect: Dialect;
  config: Config;
  log: (line: string) => void;
  /** The server's clock (the machine's unless given): the catalog's dates are relative to its now. */
  clock?: ServerClock;
  /** A pinned now in seconds, over the clock's (tests whose clock is elsewhere). */
  now?: number;
}

/**
 * Seeds the demo catalog into an empty database (deterministic from
 * config.catalogSeed; page images are drawn lazily on first request, see
 * server/images). Does nothing when titles already exist, or when another
 * node seeds the same database first (repos/seed.ts: an advisory lock).
 */
export async function ensureCatalog(deps: CatalogDeps): Promise<Catalog | undefined> {
  const repo = seedRepo(deps.db, deps.dialect);
  if ((await repo.titleCount()) > 0) return undefined;
  const clock = deps.clock ?? systemClock;
  const t0 = clock.now();
  const now = deps.now ?? clock.nowSec();
  const cat = generateCatalog(deps.config.catalogSeed, now);
  deps.log(
    `demo catalog: ${cat.series.length} series, ${cat.titles.length} titles, ${cat.chapters.length} chapters, ${cat.pages.length} pages (seed ${deps.config.catalogSeed})`,
  );
  if (!(await repo.insertCatalog(cat, deps.log))) {
    deps.log('demo catalog: seeded meanwhile by another node');
    return undefined;
  }
  deps.log(
    `demo catalog: ready in ${((clock.now() - t0) / 1000).toFixed(1)} s; page images are drawn on first view and kept in ${deps.config.objectStoreUrl ? 'the object store' : `${deps.config.dataDir}/img`}`,
  );
  return cat;
}

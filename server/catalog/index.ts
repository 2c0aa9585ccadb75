import type { Config } from '../config.js';
import type { DB, Dialect } from '../db/index.js';

export interface CatalogDeps {
  db: DB;
  dialect: Dialect;
  config: Config;
  log: (line: string) => void;
}

/**
 * Seeds the demo catalog into an empty database (deterministic from
 * config.catalogSeed). Does nothing when titles already exist.
 * Owned by the catalog issue (#3).
 */
export async function ensureCatalog(deps: CatalogDeps): Promise<void> {
  const row = await deps.db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return;
  deps.log('demo catalog: not generated yet (issue #3)');
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDb, type DB } from '../../server/db/index';
import { ensureCatalog } from '../../server/catalog/index';
import type { Catalog } from '../../server/catalog/generate';

/**
 * UI tests against the real server: a fresh SQLite database with the demo
 * catalog (seed fixed, times relative to now), the real Fastify app listening on a
 * loopback port, and the page's fetch pointed at it (the app calls relative
 * URLs like `/api/...`, which jsdom's fetch cannot resolve on its own).
 *
 *   const api = useRealApi();               // in a describe block or file
 *   api.catalog.titles[0].title_id ...      // what the database holds
 *   api.db                                  // Kysely, to check stored rows
 *
 * Every test file gets its own database; state written by one test (a
 * favorite, a like) is seen by the next in the same file.
 */
export interface RealApi {
  readonly url: string;
  readonly db: DB;
  readonly catalog: Catalog;
  readonly now: number;
  readonly app: FastifyInstance;
}

/** The catalog is generated relative to now (the server reads the real clock). */
const catalogNow = () => Math.floor(Date.now() / 1000);

export function useRealApi(overrides: Partial<Config> = {}): RealApi {
  const state = {} as { url: string; db: DB; catalog: Catalog; now: number; app: FastifyInstance; close: () => Promise<void>; dir: string };
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    state.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ui-api-'));
    const config = loadConfig({ DATA_DIR: state.dir, DATABASE_URL: '', LOG_LEVEL: 'silent' }, overrides);
    const { db, dialect, close } = await openDb(config);
    state.db = db;
    state.close = close;
    state.now = catalogNow();
    const cat = await ensureCatalog({ db, dialect, config, log: () => {}, now: state.now });
    if (!cat) throw new Error('catalog was not generated');
    state.catalog = cat;
    state.app = await buildApp({ config, db, dialect });
    state.url = await state.app.listen({ port: 0, host: '127.0.0.1' });
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (typeof input === 'string' && input.startsWith('/')) input = state.url + input;
      return realFetch(input, init);
    };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await state.app?.close();
    await state.close?.();
    if (state.dir) fs.rmSync(state.dir, { recursive: true, force: true });
  });
  return {
    get url() {
      return state.url;
    },
    get db() {
      return state.db;
    },
    get catalog() {
      return state.catalog;
    },
    get now() {
      return state.now;
    },
    get app() {
      return state.app;
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type OpenDb } from './index.js';

/**
 * Two processes on one SQLite file (two nodes, or a node and `npm run console`): a transaction that reads and then
 * writes must not fail because the other wrote in between. With Kysely's deferred `begin` the second statement's
 * upgrade to a writer fails at once with SQLITE_BUSY (the busy timeout does not apply to a stale snapshot); a node
 * whose start-up transaction (the first owner's link) failed so died. `begin immediate` takes the lock first.
 */
describe('SQLite transactions beside another writer', () => {
  let dir = '';
  let opened: OpenDb | undefined;
  let other: SQLite.Database | undefined;
  afterEach(async () => {
    other?.close();
    await opened?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a read, another connection writing, then a write: the transaction commits', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-tx-'));
    opened = await openDb({ databaseUrl: '', dataDir: dir });
    other = new SQLite(path.join(dir, 'manga.sqlite'));
    // The other connection does not wait: it is refused while our transaction holds the lock.
    other.pragma('busy_timeout = 0');
    const db = opened.db;
    const between: string[] = [];
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('publishers').select('id').execute();
      try {
        other!
          .prepare("insert into publishers (id, name, banner_image_url, banner_width, banner_height) values (1, 'other', '', 0, 0)")
          .run();
        between.push('written');
      } catch (e) {
        between.push((e as { code?: string }).code ?? 'failed');
      }
      await trx.insertInto('publishers').values({ id: 2, name: 'ours', banner_image_url: '', banner_width: 0, banner_height: 0 }).execute();
    });
    expect(between).toEqual(['SQLITE_BUSY']);
    const names = (await db.selectFrom('publishers').select('name').execute()).map((r) => r.name);
    expect(names).toEqual(['ours']);
  });
});

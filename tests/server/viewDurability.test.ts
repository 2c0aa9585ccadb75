import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/harness.js';
import { loadConfig } from '../../server/config.js';
import { openDb } from '../../server/db/index.js';

/** Buffered views that start a flush (VIEW_FLUSH_VIEWS): the README's bound is about twice this. */
const FLUSH_VIEWS = 200;
const WRITERS = 16;

/**
 * Item 4: counted views acknowledged before a kill -9 are lost
 * only within the README's bound (a flush in flight and one buffer, about 2
 * × VIEW_FLUSH_VIEWS, plus the requests in progress), whatever the spread of
 * chapters: three kills under 16 writers, each view a new visitor's first
 * of a chapter (so each counts), on the real server (SQLite).
 */
describe('views through kill -9', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'viewkill-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const env = {
    DATA_DIR: dir,
    DATABASE_URL: '',
    PUSH_CHECK_SECONDS: '0',
    VIEW_FLUSH_VIEWS: String(FLUSH_VIEWS),
    // Only the count flushes here: the bound under test.
    VIEW_FLUSH_MS: '600000',
    VIEW_RATE_LIMIT: '100000000',
  };

  /** The chapters readable for good, and the sum of all view counts, read from the file while no server runs. */
  async function readDb(): Promise<{ chapters: number[]; total: number }> {
    const { db, close } = await openDb(loadConfig({ DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' }));
    try {
      const now = Math.floor(Date.now() / 1000);
      const rows = await db.selectFrom('chapters').select(['id', 'start_ts', 'end_ts', 'view_count']).execute();
      const chapters = rows.filter((r) => r.start_ts <= now - 3600 && r.end_ts === 0).map((r) => r.id);
      return { chapters: chapters.slice(0, 3), total: rows.reduce((n, r) => n + Number(r.view_count), 0) };
    } finally {
      await close();
    }
  }

  /** 16 writers read until `stopAt` views are acknowledged; then the server is killed. Acknowledged views. */
  async function pumpAndKill(srv: RunningServer, chapters: number[], stopAt: number): Promise<number> {
    let acked = 0;
    const stop: { killed: Promise<void> | null } = { killed: null };
    const writer = async (w: number) => {
      for (let i = 0; !stop.killed; i++) {
        const token = crypto.randomBytes(16).toString('hex');
        const chapter = chapters[(w + i) % chapters.length];
        try {
          const r = await fetch(`${srv.url}/api/chapter_view?chapter_id=${chapter}`, { headers: { 'session-token': token } });
          if (r.status === 200 && !stop.killed) acked++;
        } catch {
          return;
        }
        if (acked >= stopAt && !stop.killed) stop.killed = srv.stop('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await stop.killed;
    return acked;
  }

  it('three kills lose at most 2 × VIEW_FLUSH_VIEWS + the writers in flight of the acknowledged views', async () => {
    let srv = await startServer(env);
    await srv.stop();
    const lost: number[] = [];
    for (const stopAt of [1500, 2300, 3100]) {
      const before = await readDb();
      srv = await startServer(env);
      const acked = await pumpAndKill(srv, before.chapters, stopAt);
      const after = await readDb();
      lost.push(acked - (after.total - before.total));
    }
    console.log(`views lost in three kill -9 (bound ${2 * FLUSH_VIEWS + WRITERS}): ${lost.join(', ')}`);
    for (const n of lost) expect(n).toBeLessThanOrEqual(2 * FLUSH_VIEWS + WRITERS);
  }, 600_000);
});

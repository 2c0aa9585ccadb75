import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDb } from '../../server/db/index.js';
import { imageBlobs } from '../../server/images/blobs.js';
import { backup } from '../../server/ops/backup.js';
import { restore } from '../../server/ops/restore.js';
import { BACKENDS, call, newToken, setup, success, type TestApp } from './helpers.js';
import { T } from './fixtureIds.js';

/** Every GET route of the web and mobile API, from server/routes/api (the folder is the URL). */
function apiRoutes(): string[] {
  const root = path.resolve(import.meta.dirname, '../../server/routes');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (e.name === 'index.ts') out.push(`/${path.relative(root, dir).split(path.sep).join('/')}`);
    }
  };
  walk(path.join(root, 'api'));
  return out.sort();
}
/** Parameters most routes read; a route ignores the ones it does not. */
const QUERY = `title_id=${T.bladeEn}&chapter_id=1007&lang=eng&type=hottest&word=blade&format=json`;
const PAGES = [0, 1, 2].flatMap((i) => ['low', 'high'].map((q) => `/img/page/1007/${i}/${q}.webp`));
/** Art drawn on first view and kept in the image store. */
const ART = [`/img/title/${T.bladeEn}/portrait.webp`, `/img/title/${T.catsEn}/portrait.webp`];

/** When an answer was computed (updatedTimeStamp): not data, the moment of the call. */
const ANSWER_TIME = /"updatedTimeStamp":\d+/g;

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `backup-${name}-`));

async function newPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `t_restore_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const own = new URL(admin.toString());
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/**
 * A backup made while visitors write, restored elsewhere, serves
 * the same answers on every API route and the same page images, byte for
 * byte; a full disk removes the partial backup; a non-empty target is refused.
 */
describe.each(BACKENDS)('backup and restore (%s)', (backend) => {
  let t: TestApp;
  const cleanups: (() => Promise<void> | void)[] = [];
  const reader = newToken();
  beforeAll(async () => {
    t = await setup(backend, 'backup');
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await t?.close();
  });

  it('a backup made during writes restores into an empty target and answers the same', async () => {
    // The reader's own rows, and page images drawn (kept in DATA_DIR/img).
    success(await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.catsEn}`, token: reader }));
    // The chapter's pages as an import leaves them (encrypted files under DATA_DIR/img), and art drawn on a first view.
    const blobs = imageBlobs(t.app.config);
    for (const p of PAGES) await blobs.put(p.slice('/img/'.length), crypto.randomBytes(2000 + crypto.randomInt(4000)));
    for (const p of [...PAGES, ...ART]) expect((await t.app.inject({ url: p })).statusCode, p).toBe(200);
    // Another visitor writes all through the backup.
    const writer = newToken();
    let writing = true;
    let writes = 0;
    const titles = [T.bladeEn, T.catsEn, T.bladeEs, T.catsFr, T.zero, T.eagleEs];
    const writes$ = (async () => {
      // (Bounded: a backup that never ends fails the test rather than hanging it.)
      while (writing && writes < 20_000) {
        const id = titles[writes % titles.length];
        await call(t.app, { method: writes % 2 ? 'DELETE' : 'PUT', url: `/api/title_list/bookmark?title_id=${id}`, token: writer });
        writes++;
        // (In-process writes back to back would starve the backup's file I/O of the event loop.)
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const dest = path.join(tmp('dest'), 'b');
    const t0 = performance.now();
    const manifest = await backup(t.app.config, dest);
    const took = performance.now() - t0;
    writing = false;
    await writes$;
    console.log(`backup (${backend}): ${(took / 1000).toFixed(2)} s with ${writes} writes going on`);
    expect(writes).toBeGreaterThan(0);
    expect(writes, 'the backup finished while the writes went on').toBeLessThan(20_000);
    expect(manifest).toMatchObject({ database: backend, images: expect.any(Number) as number });
    expect(manifest.images).toBeGreaterThanOrEqual(PAGES.length + ART.length);

    const dataDir = tmp('restored');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (backend === 'postgres') {
      const d = await newPgDatabase();
      cleanups.push(d.drop);
      databaseUrl = d.url;
    }
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
    await restore(config, dest);
    // Again: the target is no longer empty.
    await expect(restore(config, dest)).rejects.toThrow(/not empty|exists/);

    const { db, dialect, close } = await openDb(config);
    const restored = await buildApp({ config, db, dialect });
    cleanups.push(async () => {
      await restored.close();
      await close();
    });
    // The writer's bookmarks are whole rows of some moment: a prefix of what it did.
    const rows = await db.selectFrom('bookmarks').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);

    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(25);
    for (const r of routes) {
      const url = `${r}?${QUERY}`;
      const [a, b] = await Promise.all([t.app, restored].map((app) => app.inject({ url, headers: { 'session-token': reader } })));
      expect(b.statusCode, url).toBe(a.statusCode);
      // The same answer but for when it was computed (a snapshot's time, cached on the original for a while).
      expect(b.body.replace(ANSWER_TIME, ''), url).toBe(a.body.replace(ANSWER_TIME, ''));
    }
    // The stored files byte for byte: pages at their URL's path, drawn art under img/drawn (by what it is drawn from).
    const drawn = (dir: string) =>
      fs.readdirSync(path.join(dir, 'img', 'drawn'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const stored = [
      ...PAGES.map((p) => p.slice('/img/'.length)),
      ...drawn(t.app.config.dataDir).map((e) => path.relative(path.join(t.app.config.dataDir, 'img'), path.join(e.parentPath, e.name))),
    ];
    expect(stored.length).toBeGreaterThanOrEqual(PAGES.length + ART.length);
    for (const rel of stored)
      expect(
        fs.readFileSync(path.join(dataDir, 'img', rel)).equals(fs.readFileSync(path.join(t.app.config.dataDir, 'img', rel))),
        rel,
      ).toBe(true);
    for (const p of [...PAGES, ...ART]) {
      const [a, b] = await Promise.all([t.app, restored].map((app) => app.inject({ url: p })));
      expect(b.rawPayload.equals(a.rawPayload), p).toBe(true);
    }
  });

  it('a full disk stops the backup with a clear error and removes the partial backup', async () => {
    const mount = tmp('full');
    cleanups.push(() => fs.rmSync(mount, { recursive: true, force: true }));
    // A 64 KiB filesystem: the database alone does not fit.
    const { execFileSync } = await import('node:child_process');
    let mounted = true;
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount], { stdio: 'pipe' });
      cleanups.push(() => void execFileSync('umount', [mount]));
    } catch {
      mounted = false;
    }
    if (!mounted) {
      // Without the right to mount: a folder that cannot be written.
      fs.chmodSync(mount, 0o500);
    }
    const dest = path.join(mount, 'b');
    const err = await backup(t.app.config, dest).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/backup failed/);
    if (mounted) expect((err as Error).message).toMatch(/disk is full/);
    expect(fs.existsSync(dest)).toBe(false);
    expect(fs.readdirSync(mount)).toEqual([]);
  });

  it('backs up into a bucket and restores from it; a bucket prefix that holds something is refused', async () => {
    const dir = tmp('s3');
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'backups' }] });
    const { port } = await s3.run();
    cleanups.push(async () => {
      await s3.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const url = `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/backups/${backend}/nightly?region=us-east-1`;
    // What the first test left buffered (its reader's view of a chapter) is written before the backup, and the
    // original's cached answers dropped: otherwise the copy holds the view or not depending on whether the flush timer
    // ran first (late on a loaded machine), while the original answers from a cache made before it.
    await t.app.repos.views.flush();
    await t.app.repos.stats.flush();
    t.app.services.clear();
    const manifest = await backup(t.app.config, url);
    expect(manifest.database).toBe(backend);
    // Into the same prefix again: refused, and the first backup is still whole.
    await expect(backup(t.app.config, url)).rejects.toThrow(/not empty/);

    const dataDir = tmp('from-bucket');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (backend === 'postgres') {
      const d = await newPgDatabase();
      cleanups.push(d.drop);
      databaseUrl = d.url;
    }
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
    expect(await restore(config, url)).toEqual(manifest);
    const { db, dialect, close } = await openDb(config);
    const restored = await buildApp({ config, db, dialect });
    cleanups.push(async () => {
      await restored.close();
      await close();
    });
    for (const url of [`/api/title_detailV3?${QUERY}`, `/api/home_v4?${QUERY}`, ...ART]) {
      const [a, b] = await Promise.all([t.app, restored].map((app) => app.inject({ url })));
      expect(b.statusCode, url).toBe(a.statusCode);
      expect(b.body.replace(ANSWER_TIME, ''), url).toBe(a.body.replace(ANSWER_TIME, ''));
    }
  });

  it('refuses a backup into a folder that holds something', async () => {
    const dest = tmp('busy');
    cleanups.push(() => fs.rmSync(dest, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dest, 'keep.txt'), 'mine');
    await expect(backup(t.app.config, dest)).rejects.toThrow(/not empty/);
    expect(fs.readFileSync(path.join(dest, 'keep.txt'), 'utf8')).toBe('mine');
  });
});

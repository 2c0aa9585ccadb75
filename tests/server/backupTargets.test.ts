import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { imageBlobs } from '../../server/images/blobs.js';
import { backup } from '../../server/ops/backup.js';
import { restore, RestoreRefused, TARGET_NOT_EMPTY_EXIT } from '../../server/ops/restore.js';
import { BACKENDS, setup, type TestApp } from './helpers.js';

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `backup-${name}-`));

/** Every folder and file under dir with its permission bits, relative to dir. */
function modes(dir: string): { rel: string; dir: boolean; mode: number }[] {
  return [
    { rel: '.', dir: true, mode: fs.statSync(dir).mode & 0o777 },
    ...fs.readdirSync(dir, { withFileTypes: true, recursive: true }).map((e) => {
      const full = path.join(e.parentPath, e.name);
      return { rel: path.relative(dir, full), dir: e.isDirectory(), mode: fs.statSync(full).mode & 0o777 };
    }),
  ];
}

/** `npm run restore -- SRC` as an operator runs it: its exit status and what it printed. */
function restoreCli(src: string, env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const root = path.resolve(import.meta.dirname, '../..');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'server/cli/restore.ts'), src],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', OBJECT_STORE_URL: '', LOG_LEVEL: 'silent', ...env } },
      (err, _stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stderr }),
    );
  });
}

/**
 * Issue 46, items 8 and 9: a backup is the owner's alone (the database copy
 * holds secrets: 0600 files, 0700 folders, SQLite copy and pg_dump output
 * alike), and a restore refuses any target that holds anything (a stale
 * -wal/-shm, a stray file) before it writes, with its own exit status.
 */
describe.each(BACKENDS)('backup files and restore targets (%s)', (backend) => {
  let t: TestApp;
  let dest = '';
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    t = await setup(backend, 'backupmodes');
    // A page image as an import leaves it, readable by everyone on the live side.
    await imageBlobs(t.app.config).put('page/1007/0/low.webp', Buffer.from('page bytes'));
    fs.chmodSync(path.join(t.app.config.dataDir, 'img', 'page/1007/0/low.webp'), 0o644);
    const parent = tmp('modes');
    cleanups.push(() => fs.rmSync(parent, { recursive: true, force: true }));
    dest = path.join(parent, 'b');
    await backup(t.app.config, dest);
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) c();
    await t?.close();
  });

  it('writes every file 0600 and every folder 0700, the database copy first of all', () => {
    const all = modes(dest);
    const db = backend === 'sqlite' ? 'db/manga.sqlite' : 'db/postgres.dump';
    expect(all.map((e) => e.rel)).toEqual(expect.arrayContaining(['db', db, 'img', 'manifest.json', 'img/page/1007/0/low.webp']));
    for (const e of all) expect([e.rel, e.mode.toString(8)]).toEqual([e.rel, e.dir ? '700' : '600']);
  });

  const targetConfig = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });

  it.runIf(backend === 'sqlite')('refuses a DATA_DIR with a stale -wal and -shm, and one with a stray file, writing nothing', async () => {
    const stale = tmp('stale');
    const stray = tmp('stray');
    cleanups.push(() => fs.rmSync(stale, { recursive: true, force: true }));
    cleanups.push(() => fs.rmSync(stray, { recursive: true, force: true }));
    // What a crashed server leaves beside its database once the database file itself was removed.
    fs.writeFileSync(path.join(stale, 'manga.sqlite-wal'), fs.readFileSync(path.join(t.app.config.dataDir, 'manga.sqlite')));
    fs.writeFileSync(path.join(stale, 'manga.sqlite-shm'), Buffer.alloc(32_768));
    fs.writeFileSync(path.join(stray, 'notes.txt'), 'mine');
    for (const dir of [stale, stray]) {
      const before = fs.readdirSync(dir).sort();
      const err = await restore(targetConfig(dir), dest).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RestoreRefused);
      expect((err as Error).message).toMatch(/DATA_DIR .* is not empty \(it holds .*manga\.sqlite-shm|notes\.txt/);
      expect(fs.readdirSync(dir).sort(), 'nothing written').toEqual(before);
    }
    // The operator's view: a clear line and its own exit status.
    const cli = await restoreCli(dest, { DATA_DIR: stray });
    expect(cli.code).toBe(TARGET_NOT_EMPTY_EXIT);
    expect(cli.stderr).toMatch(/is not empty \(it holds notes\.txt\)/);
    expect(fs.readdirSync(stray)).toEqual(['notes.txt']);
    // A new folder takes it.
    const fresh = path.join(tmp('fresh'), 'data');
    cleanups.push(() => fs.rmSync(path.dirname(fresh), { recursive: true, force: true }));
    expect((await restoreCli(dest, { DATA_DIR: fresh })).code).toBe(0);
    expect(fs.existsSync(path.join(fresh, 'manga.sqlite'))).toBe(true);
  });

  it.runIf(backend === 'postgres')('refuses a stray file in DATA_DIR before the database is touched', async () => {
    const stray = tmp('stray-pg');
    cleanups.push(() => fs.rmSync(stray, { recursive: true, force: true }));
    fs.writeFileSync(path.join(stray, 'vapid.json'), '{}');
    // The live database holds tables: the stray file is named first, before any query.
    const config = loadConfig({ DATA_DIR: stray, DATABASE_URL: t.app.config.databaseUrl, LOG_LEVEL: 'silent' });
    await expect(restore(config, dest)).rejects.toThrow(/DATA_DIR .* is not empty \(it holds vapid\.json\)/);
  });
});

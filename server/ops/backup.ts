import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { systemClock, type ServerClock } from '../lib/clock.js';
import { pgDump } from './pgTools.js';
import os from 'node:os';
import { bucketObjects, isBucketUrl, type Bucket } from './bucket.js';

/** What a backup folder holds (manifest.json). */
export interface Manifest {
  format: 'manga-reader-backup';
  version: 1;
  createdAt: string;
  /** db/manga.sqlite (SQLite) or db/postgres.dump (pg_dump's custom format). */
  database: 'sqlite' | 'postgres';
  /** Page and art images under img/, by the path of their URL under /img/. */
  images: number;
  /** vapid.json: the push keys of a node's data folder (also in the database's push_vapid table). */
  pushKeys: boolean;
}

export const SQLITE_FILE = 'manga.sqlite';

/** A folder that does not exist or holds nothing. */
export function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** A backup's folders and files: the owner's alone (the database copy holds the deployment's secrets, as the live file does). */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** A folder of the backup, made (or found empty) and closed to everyone but the owner before anything is put in it. */
function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  fs.chmodSync(dir, DIR_MODE);
}

/** An empty file only the owner reads, for a tool (VACUUM INTO, pg_dump) to write into: it keeps the mode. */
function privateFile(file: string): string {
  fs.closeSync(fs.openSync(file, 'wx', FILE_MODE));
  fs.chmodSync(file, FILE_MODE);
  return file;
}

/** Every folder under dir 0700 and every file 0600 (copies keep their sources' modes, whatever the umask). */
async function lockDown(dir: string): Promise<void> {
  await fs.promises.chmod(dir, DIR_MODE);
  for (const e of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true }))
    await fs.promises.chmod(path.join(e.parentPath, e.name), e.isDirectory() ? DIR_MODE : FILE_MODE);
}

/** Copies a folder tree file by file (so a failed write stops the backup at once). */
export async function copyTree(from: string, to: string): Promise<number> {
  if (!fs.existsSync(from)) return 0;
  let n = 0;
  for (const entry of await fs.promises.readdir(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const src = path.join(entry.parentPath, entry.name);
    const dst = path.join(to, path.relative(from, src));
    await fs.promises.mkdir(path.dirname(dst), { recursive: true });
    await fs.promises.copyFile(src, dst);
    n++;
  }
  return n;
}

/**
 * `npm run backup -- DEST`: a consistent copy of a deployment while it runs,
 * into DEST (a folder that is empty or does not exist): the database (SQLite:
 * VACUUM INTO, one consistent snapshot while writers go on; PostgreSQL:
 * pg_dump, one snapshot transaction), the page and art images (DATA_DIR/img
 * or the bucket's objects) and the push keys, every folder 0700 and every
 * file 0600 (the database holds the deployment's secrets). Any failure (a
 * full disk, an unreachable bucket) removes what was written and throws one
 * clear error.
 */
export async function backup(config: Config, dest: string, opts: { bucket?: Bucket | null; clock?: ServerClock } = {}): Promise<Manifest> {
  if (isBucketUrl(dest)) return backupToBucket(config, dest, opts);
  dest = path.resolve(dest);
  if (!isEmptyDir(dest)) throw new Error(`backup: ${dest} is not empty (a backup goes into an empty or new folder)`);
  const created = !fs.existsSync(dest);
  try {
    privateDir(dest);
    privateDir(path.join(dest, 'db'));
    const database = config.databaseUrl ? 'postgres' : 'sqlite';
    if (database === 'postgres') {
      await pgDump(config.databaseUrl, privateFile(path.join(dest, 'db', 'postgres.dump')));
    } else {
      const live = path.join(config.dataDir, SQLITE_FILE);
      if (!fs.existsSync(live)) throw new Error(`backup: no database at ${live}`);
      const source = new SQLite(live, { readonly: true, fileMustExist: true });
      try {
        // One read transaction (a snapshot; the server's writers go on): SQLite's online backup API
        // (db.backup) restarts whenever another connection writes, and under steady writes never ends.
        source.prepare('vacuum into ?').run(privateFile(path.join(dest, 'db', SQLITE_FILE)));
      } finally {
        source.close();
      }
    }
    const img = path.join(dest, 'img');
    const bucket = opts.bucket !== undefined ? opts.bucket : config.objectStoreUrl ? bucketObjects(config.objectStoreUrl) : null;
    const images = bucket ? await bucket.download(img) : await copyTree(path.join(config.dataDir, 'img'), img);
    const vapid = path.join(config.dataDir, 'vapid.json');
    const pushKeys = fs.existsSync(vapid);
    if (pushKeys) await fs.promises.copyFile(vapid, path.join(dest, 'vapid.json'));
    const manifest: Manifest = {
      format: 'manga-reader-backup',
      version: 1,
      createdAt: new Date((opts.clock ?? systemClock).now()).toISOString(),
      database,
      images,
      pushKeys,
    };
    await lockDown(dest);
    // Written last: a folder without it is not a backup.
    await fs.promises.writeFile(path.join(dest, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: FILE_MODE });
    return manifest;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    const full = (e as { code?: string }).code === 'ENOSPC' || /SQLITE_FULL|No space left/i.test(why);
    if (created) fs.rmSync(dest, { recursive: true, force: true });
    else for (const f of fs.readdirSync(dest)) fs.rmSync(path.join(dest, f), { recursive: true, force: true });
    throw new Error(`backup failed${full ? ' (the disk is full)' : ''}: ${why}; the partial backup in ${dest} was removed`, { cause: e });
  }
}

/**
 * A backup into a bucket (DEST = s3://KEY:SECRET@host/bucket/prefix, as
 * OBJECT_STORE_URL): written to a local folder first (the same consistent
 * snapshot), then put object by object with manifest.json last, so a
 * listing without it is not a backup. A prefix that holds something is
 * refused; a failed upload deletes what it put.
 */
async function backupToBucket(config: Config, url: string, opts: { bucket?: Bucket | null; clock?: ServerClock }): Promise<Manifest> {
  const target = bucketObjects(url);
  if (!(await target.isEmpty())) throw new Error('backup: the destination bucket prefix is not empty (a backup goes into an empty one)');
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'manga-backup-'));
  try {
    const manifest = await backup(config, path.join(staging, 'b'), opts);
    try {
      await target.upload(path.join(staging, 'b'), { contentType: 'application/octet-stream', last: ['manifest.json'] });
    } catch (e) {
      await target.clear().catch(() => {});
      const why = e instanceof Error ? e.message : String(e);
      throw new Error(`backup failed: the upload to the bucket stopped (${why}); what was put there was deleted`, { cause: e });
    }
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

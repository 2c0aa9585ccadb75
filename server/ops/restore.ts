import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { copyTree, isEmptyDir, SQLITE_FILE, type Manifest } from './backup.js';
import os from 'node:os';
import { bucketObjects, isBucketUrl, type Bucket } from './bucket.js';
import { pgRestore } from './pgTools.js';

/** Tables in the database's schemas of its own (not PostgreSQL's). */
async function pgTableCount(databaseUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return r.rows[0]?.n ?? 0;
  } finally {
    await c.end();
  }
}

/** A target that holds something: refused before anything is written (the CLI exits with TARGET_NOT_EMPTY_EXIT). */
export class RestoreRefused extends Error {}
/** The exit status of `npm run restore` for a target that is not empty (1: the restore failed, 2: usage). */
export const TARGET_NOT_EMPTY_EXIT = 3;

/**
 * Refuses a target that holds anything: DATA_DIR must be new or empty
 * whatever the database (a stale manga.sqlite-wal or -shm beside a restored
 * file would be replayed into it and corrupt it; a stray file is someone
 * else's), the PostgreSQL database must have no tables, the bucket no objects.
 */
async function checkEmptyTarget(config: Config, bucket: Bucket | null): Promise<void> {
  if (!isEmptyDir(config.dataDir)) {
    const held = fs.readdirSync(config.dataDir).sort().slice(0, 5).join(', ');
    throw new RestoreRefused(`restore: DATA_DIR ${config.dataDir} is not empty (it holds ${held}); restore into a new or empty folder`);
  }
  if (config.databaseUrl && (await pgTableCount(config.databaseUrl)) > 0)
    throw new RestoreRefused('restore: the target database is not empty (restore into a new, empty database)');
  if (bucket && !(await bucket.isEmpty())) throw new RestoreRefused('restore: the target bucket (OBJECT_STORE_URL) is not empty');
}

/**
 * `npm run restore -- SRC`: brings a backup (server/ops/backup.ts) into the
 * configured deployment, which must be empty: nothing at all in DATA_DIR, no
 * tables in DATABASE_URL's database (PostgreSQL), no objects in the bucket
 * (OBJECT_STORE_URL). A non-empty target is refused (RestoreRefused) before
 * anything is written. A SQLite backup restores to SQLite, a PostgreSQL one
 * to PostgreSQL.
 */
export async function restore(config: Config, src: string, opts: { bucket?: Bucket | null } = {}): Promise<Manifest> {
  if (isBucketUrl(src)) return restoreFromBucket(config, src, opts);
  src = path.resolve(src);
  const manifestFile = path.join(src, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`restore: ${src} is not a complete backup (no manifest.json)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 'manga-reader-backup' || manifest.version !== 1) throw new Error(`restore: ${src}: unknown backup format`);
  const target = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== target)
    throw new Error(`restore: the backup holds a ${manifest.database} database; the configuration names ${target}`);
  const bucket = opts.bucket !== undefined ? opts.bucket : config.objectStoreUrl ? bucketObjects(config.objectStoreUrl) : null;
  const sqliteFile = path.join(config.dataDir, SQLITE_FILE);
  const imgDir = path.join(config.dataDir, 'img');
  const vapid = path.join(config.dataDir, 'vapid.json');

  await checkEmptyTarget(config, bucket);

  fs.mkdirSync(config.dataDir, { recursive: true });
  if (target === 'postgres') await pgRestore(config.databaseUrl, path.join(src, 'db', 'postgres.dump'));
  else {
    fs.copyFileSync(path.join(src, 'db', SQLITE_FILE), sqliteFile);
    fs.chmodSync(sqliteFile, 0o600);
  }
  const img = path.join(src, 'img');
  if (bucket) await bucket.upload(img);
  else await copyTree(img, imgDir);
  if (manifest.pushKeys) {
    fs.copyFileSync(path.join(src, 'vapid.json'), vapid);
    fs.chmodSync(vapid, 0o600);
  }
  return manifest;
}

/** A backup in a bucket (SRC = s3://…, see backupToBucket): fetched into a local folder, then restored from it. */
async function restoreFromBucket(config: Config, url: string, opts: { bucket?: Bucket | null }): Promise<Manifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'manga-restore-'));
  try {
    await bucketObjects(url).download(staging);
    return await restore(config, staging, opts);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

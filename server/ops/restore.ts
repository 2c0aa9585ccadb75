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

/**
 * `npm run restore -- SRC`: brings a backup (server/ops/backup.ts) into the
 * configured deployment, which must be empty: no database file and no images
 * in DATA_DIR (SQLite), no tables in DATABASE_URL's database (PostgreSQL), no
 * objects in the bucket (OBJECT_STORE_URL). A non-empty target is refused
 * before anything is written. A SQLite backup restores to SQLite, a
 * PostgreSQL one to PostgreSQL.
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

  // Refused before anything is written.
  if (target === 'postgres' && (await pgTableCount(config.databaseUrl)) > 0)
    throw new Error('restore: the target database is not empty (restore into a new, empty database)');
  if (target === 'sqlite' && fs.existsSync(sqliteFile)) throw new Error(`restore: ${sqliteFile} exists (restore into an empty DATA_DIR)`);
  if (bucket ? !(await bucket.isEmpty()) : !isEmptyDir(imgDir))
    throw new Error(`restore: the target image store is not empty (${bucket ? 'the bucket' : imgDir})`);
  if (manifest.pushKeys && fs.existsSync(vapid)) throw new Error(`restore: ${vapid} exists (restore into an empty DATA_DIR)`);

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

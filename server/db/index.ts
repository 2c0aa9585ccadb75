import fs from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  Migrator,
  SqliteDialect,
  PostgresDialect,
  sql,
  type Migration,
  type MigrationProvider,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.js';
import type { Dialect } from './dialect.js';
import { migrations } from './migrations/index.js';
import { queriesTimed, queryDone } from '../lib/opsCounters.js';

export type { Dialect };
export type DB = Kysely<Database>;

export interface OpenDb {
  db: DB;
  dialect: Dialect;
  close: () => Promise<void>;
}

/**
 * Opens the database: PostgreSQL when a postgres:// URL is given, else an
 * embedded SQLite file in dataDir (WAL, synchronous=FULL so an acknowledged
 * write survives a crash). Runs pending migrations before returning (on
 * PostgreSQL, Kysely's migrator holds an advisory lock: nodes starting
 * together migrate once).
 */
export async function openDb(opts: {
  databaseUrl: string;
  dataDir: string;
  sqliteFile?: string;
  dbPoolSize?: number;
  /** SQLite: how long a write waits for another connection's lock (ms; default 5000). */
  sqliteBusyMs?: number;
}): Promise<OpenDb> {
  let db: DB;
  let dialect: Dialect;
  if (/^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    dialect = 'postgres';
    // int8 (count(*), sum) arrives as a string by default; our numbers fit a double.
    pg.types.setTypeParser(20, (v) => Number(v));
    // DB_POOL_SIZE per node: several nodes share the server's max_connections (100 by default).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.dbPoolSize ?? 10 });
    // A connection the database drops emits 'error': on the pool while idle, on the client itself
    // while checked out (pg-pool takes its listener off then), even when its query already failed.
    // Unheard, either ends the process (the server's, and every command's); the pool discards the
    // connection, the query fails, and the server's readiness names the database (plugins/health.ts).
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      timeQueries(client);
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
  } else {
    dialect = 'sqlite';
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const file = opts.sqliteFile ?? path.join(opts.dataDir, 'manga.sqlite');
    // It holds every session token and push subscription: the owner's alone (0600, like vapid.json);
    // SQLite makes its -wal and -shm files with the database file's mode.
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    fs.chmodSync(file, 0o600);
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma(`busy_timeout = ${opts.sqliteBusyMs ?? 5000}`);
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
  }
  await migrate(db, dialect);
  return { db, dialect, close: () => db.destroy() };
}

/**
 * Each query's time for the metrics (server/lib/opsCounters.ts) on PostgreSQL, while anyone listens
 * (SQLite's are timed by cachedStatements). The client's promise-returning query() is wrapped (Kysely's
 * form); a call with a callback goes through as it is. Not Kysely's log hook: that one is fixed when a
 * connection is first used and adds several promises to every query, metrics on or off.
 */
function timeQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]): unknown => {
    if (!queriesTimed() || typeof args[args.length - 1] === 'function') return query(...args);
    const started = performance.now();
    const r = query(...args) as Promise<unknown>;
    // A Submittable (a cursor) answers itself, not with a promise: untimed.
    if (typeof r?.then !== 'function') return r;
    r.then(
      () => queryDone(performance.now() - started, false),
      () => queryDone(performance.now() - started, true),
    );
    return r;
  };
}

const pools = new WeakMap<DB, pg.Pool>();

/** The PostgreSQL pool under db (its connection counts for the metrics); none on SQLite. */
export const poolOf = (db: DB): pg.Pool | undefined => pools.get(db);

/** Prepared statements kept per SQL text (most used last). */
const STATEMENTS_MAX = 500;

/**
 * The SQLite handle Kysely sees: prepare() reuses the statement already
 * compiled for the same SQL text instead of compiling it on every query
 * (Kysely's SQLite driver prepares each time, which cost more than running
 * the small indexed reads of the API). Kysely uses the one connection
 * through a mutex, so a statement is never run twice at once.
 *
 * Each query is timed here for the metrics (queryDone) while anyone listens
 * (the metrics are on): from its prepare() to its rows, which Kysely asks for
 * at once, synchronously (better-sqlite3). Kysely's own log hook would add
 * several promises to every query: more than a read of the API costs.
 */
function cachedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  // -1: this query is not timed (nobody listened when it was prepared: the metrics are off).
  let started = -1;
  const done = (failed: boolean) => {
    if (started >= 0) queryDone(performance.now() - started, failed);
  };
  const timed = (stmt: SQLite.Statement): SqliteStatement => ({
    reader: stmt.reader,
    all(parameters) {
      if (started < 0) return stmt.all(parameters);
      try {
        const rows = stmt.all(parameters);
        done(false);
        return rows;
      } catch (e) {
        done(true);
        throw e;
      }
    },
    run(parameters) {
      if (started < 0) return stmt.run(parameters);
      try {
        const r = stmt.run(parameters);
        done(false);
        return r;
      } catch (e) {
        done(true);
        throw e;
      }
    },
    // Not used by our queries (no streams); timed to its first row at most.
    iterate(parameters) {
      if (started < 0) return stmt.iterate(parameters);
      try {
        const rows = stmt.iterate(parameters);
        done(false);
        return rows;
      } catch (e) {
        done(true);
        throw e;
      }
    },
  });
  const prepare = (text: string): SqliteStatement => {
    // Kysely opens a transaction with a plain (deferred) `begin`: one that reads and then writes, while
    // another process wrote after its read, fails at once with SQLITE_BUSY (its snapshot is stale; the
    // busy timeout does not apply). `begin immediate` takes the write lock first and waits for it.
    const source = text === 'begin' ? 'begin immediate' : text;
    started = queriesTimed() ? performance.now() : -1;
    let stmt = cache.get(source);
    if (stmt) {
      // Most recently used last: the first key is the one to drop.
      cache.delete(source);
    } else {
      try {
        stmt = timed(sqlite.prepare(source));
      } catch (e) {
        done(true);
        throw e;
      }
      if (cache.size >= STATEMENTS_MAX) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, stmt);
    return stmt;
  };
  return {
    prepare,
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

async function migrate(db: DB, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, make] of Object.entries(migrations)) out[name] = make(dialect);
      return Promise.resolve(out);
    },
  };
  // On PostgreSQL, keep the migration tables in the current schema: Kysely would
  // otherwise take another schema's tables for ours (tests run a schema per file).
  let migrationTableSchema: string | undefined;
  if (dialect === 'postgres') {
    const r = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    migrationTableSchema = r.rows[0]?.s ?? undefined;
  }
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
}

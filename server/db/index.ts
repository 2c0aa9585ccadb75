import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, SqliteDialect, PostgresDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';

export type Dialect = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;

export interface OpenDb {
  db: DB;
  dialect: Dialect;
  close(): Promise<void>;
}

/**
 * Opens the database: PostgreSQL when a postgres:// URL is given, else an
 * embedded SQLite file in dataDir (WAL, synchronous=FULL so an acknowledged
 * write survives a crash). Runs pending migrations before returning.
 */
export async function openDb(opts: { databaseUrl: string; dataDir: string; sqliteFile?: string }): Promise<OpenDb> {
  let db: DB;
  let dialect: Dialect;
  if (/^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    dialect = 'postgres';
    // int8 (count(*), sum) arrives as a string by default; our numbers fit a double.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const file = opts.sqliteFile ?? path.join(opts.dataDir, 'manga.sqlite');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  await migrate(db, dialect);
  return { db, dialect, close: () => db.destroy() };
}

export async function migrate(db: DB, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, make] of Object.entries(migrations)) out[name] = make(dialect);
      return out;
    },
  };
  // On PostgreSQL, keep the migration tables in the current schema: Kysely would
  // otherwise take another schema's tables for ours (tests run a schema per file).
  let migrationTableSchema: string | undefined;
  if (dialect === 'postgres') {
    const r = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    migrationTableSchema = r.rows[0]?.s ?? undefined;
  }
  const { error, results } = await new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`);
  }
}

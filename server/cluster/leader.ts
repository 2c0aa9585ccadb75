import { sql } from 'kysely';
import type { DB, Dialect } from '../db/index.js';

/**
 * Runs fn on one node of the deployment at a time, and on the others not at
 * all: each node's timer may fire, only the one that gets the advisory lock
 * named `name` (PostgreSQL, pg_try_advisory_xact_lock, held for the length
 * of fn in a transaction of its own; a dead node's lock goes with its
 * connection) does the work; undefined on the others. On SQLite (one
 * process) fn just runs.
 */
export async function onOneNode<T>(db: DB, dialect: Dialect, name: string, fn: () => Promise<T>): Promise<T | undefined> {
  if (dialect !== 'postgres') return fn();
  return db.transaction().execute(async (trx) => {
    const r = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(hashtext(${name})) as got`.execute(trx);
    if (!r.rows[0]?.got) return undefined;
    return fn();
  });
}

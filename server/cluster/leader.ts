import type { DB, Dialect } from '../db/index.js';
import { withTryAdvisoryLock } from '../db/advisoryLock.js';

/**
 * Runs fn on one node of the deployment at a time, and on the others not at
 * all: each node's timer may fire, only the one that gets the advisory lock
 * named `name` (PostgreSQL, server/db/advisoryLock.ts: held for the length
 * of fn in a transaction of its own; a dead node's lock goes with its
 * connection) does the work; undefined on the others. On SQLite (one
 * process) fn just runs.
 */
export async function onOneNode<T>(db: DB, dialect: Dialect, name: string, fn: () => Promise<T>): Promise<T | undefined> {
  if (dialect !== 'postgres') return fn();
  return withTryAdvisoryLock(db, name, fn);
}

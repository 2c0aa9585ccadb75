import { sql } from 'kysely';
import type { DB } from './index.js';

/**
 * PostgreSQL only: runs fn in a transaction of its own that holds the
 * advisory lock named `name` (pg_try_advisory_xact_lock on hashtext(name),
 * held until the transaction ends; a dead node's lock goes with its
 * connection), or, when another connection holds it, does not run fn and
 * gives undefined.
 */
export function withTryAdvisoryLock<T>(db: DB, name: string, fn: () => Promise<T>): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    const r = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(hashtext(${name})) as got`.execute(trx);
    if (!r.rows[0]?.got) return undefined;
    return fn();
  });
}

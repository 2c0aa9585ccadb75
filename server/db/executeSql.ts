import { CompiledQuery } from 'kysely';
import type { DB } from './index.js';

/** Runs statements a library writes (text with $1… placeholders) on a handle of ours. */
interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * A library's statements on db, a transaction included (pg-boss's `db`
 * option, server/push/boss.ts: its jobs are inserted in the claim's
 * transaction, so they exist exactly when it commits).
 */
export function sqlExecutor(db: DB): SqlExecutor {
  return {
    async executeSql(text, values) {
      const r = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, values));
      return { rows: [...r.rows] };
    },
  };
}

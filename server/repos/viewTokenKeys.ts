import type { DB } from '../db/index.js';

/** A key view tokens are signed with, and when it was stored (s). */
interface ViewTokenKeyRow {
  secret: string;
  created_at: number;
}

/** The stored keys of view tokens (view_token_keys; server/services/viewTokens.ts): the newest signs. */
export function viewTokenKeysRepo(db: DB) {
  return {
    /** The newest two keys, newest first. */
    async newest(): Promise<ViewTokenKeyRow[]> {
      return db.selectFrom('view_token_keys').select(['secret', 'created_at']).orderBy('id', 'desc').limit(2).execute();
    },

    async add(secret: string, now: number): Promise<void> {
      await db.insertInto('view_token_keys').values({ secret, created_at: now }).execute();
    },
  };
}

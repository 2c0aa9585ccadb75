import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ConsoleTokenTable } from '../../db/schemaConsole.js';

export type TokenRow = Selectable<ConsoleTokenTable>;

/** API tokens (console_tokens), found by the SHA-256 of the Bearer value (server/console/tokens.ts makes them). */
export function tokensRepo(db: DB) {
  return {
    async add(t: Omit<Insertable<ConsoleTokenTable>, 'id'>): Promise<number> {
      const row = await db.insertInto('console_tokens').values(t).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    byHash: (hash: string): Promise<TokenRow | undefined> =>
      db.selectFrom('console_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

    /** Every token, newest first. */
    list: (): Promise<TokenRow[]> => db.selectFrom('console_tokens').selectAll().orderBy('id', 'desc').execute(),

    async used(id: number, now: number): Promise<void> {
      await db.updateTable('console_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    /** Revokes every live token a member made; the ids revoked. */
    async revokeMadeBy(memberId: number, now: number): Promise<number[]> {
      const rows = await db
        .updateTable('console_tokens')
        .set({ revoked_at: now })
        .where('created_by', '=', memberId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Revokes a live token; the rows changed (0: none, or already revoked). */
    async revoke(id: number, now: number): Promise<number> {
      const r = await db
        .updateTable('console_tokens')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}

import type { DB } from '../db/index.js';

/** A stored VAPID key pair (base64url). */
interface StoredVapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The deployment's one stored VAPID key pair (push_vapid, row 1; server/push/vapid.ts). */
export function vapidKeysRepo(db: DB) {
  return {
    async read(): Promise<StoredVapidKeys | undefined> {
      const row = await db.selectFrom('push_vapid').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
      return row && { publicKey: row.public_key, privateKey: row.private_key };
    },

    /** Stores the pair unless one is there (another node won the race): the insert then does nothing. */
    async storeFirst(keys: StoredVapidKeys, now: number): Promise<void> {
      await db
        .insertInto('push_vapid')
        .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}

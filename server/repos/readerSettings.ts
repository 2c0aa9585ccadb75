import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';

/**
 * The largest settings object kept (bytes of JSON). The app's settings were a few hundred bytes; the reading
 * profiles (up to 8 of the reader's own, each a full snapshot with its key map, about 800 bytes as stored
 * text) and each title's default profile (the latest 100) bring the most to about 10 KiB, so 16 KiB.
 */
export const READER_SETTINGS_MAX = 16 * 1024;

/** The reader settings a visitor keeps on the server, so that linked devices share them. */
export function readerSettingsRepo(db: DB, clock: ServerClock) {
  return {
    async get(visitor: string): Promise<{ settings: string; updated_at: number } | undefined> {
      return db.selectFrom('reader_settings').select(['settings', 'updated_at']).where('visitor_token', '=', visitor).executeTakeFirst();
    },

    async put(visitor: string, settings: string): Promise<number> {
      const now = clock.nowSec();
      await db
        .insertInto('reader_settings')
        .values({ visitor_token: visitor, settings, updated_at: now })
        .onConflict((oc) => oc.column('visitor_token').doUpdateSet({ settings, updated_at: now }))
        .execute();
      return now;
    },
  };
}

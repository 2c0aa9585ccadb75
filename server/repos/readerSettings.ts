import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';

/** The largest settings object kept (bytes of JSON): the app's settings are a few hundred. */
export const READER_SETTINGS_MAX = 4096;

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

import type { Insertable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { HomePreviewTable } from '../../db/schemaPromo.js';

/**
 * The console's every query of the staff's home preview grants
 * (`home_previews`): a table's console reads and writes in one repository
 * here; the reader's /api checks a grant through server/repos/promo.ts
 * (previewGrant).
 */
export function homePreviewsRepo(db: DB) {
  return {
    /** A session's new grant: its earlier one goes, and every spent one with it (one preview per session at a time). */
    async grant(g: Insertable<HomePreviewTable>, now: number): Promise<void> {
      await db
        .deleteFrom('home_previews')
        .where((eb) => eb.or([eb('session_id', '=', g.session_id), eb('expires_at', '<=', now)]))
        .execute();
      await db.insertInto('home_previews').values(g).execute();
    },

    /** A session's grant ends (its member stopped previewing). */
    async end(sessionId: number): Promise<void> {
      await db.deleteFrom('home_previews').where('session_id', '=', sessionId).execute();
    },
  };
}

import type { Insertable } from 'kysely';
import type { Database } from './schema.js';

/**
 * A new row of table K as written (generated columns such as ids optional),
 * for code that builds rows without building queries (server/content/model.ts:
 * the demo catalog seeded by server/repos/seed.ts).
 */
export type NewRow<K extends keyof Database> = Insertable<Database[K]>;

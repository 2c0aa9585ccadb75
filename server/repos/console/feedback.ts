import type { DB } from '../../db/index.js';

/** An inbox message as the console shows it: never who sent it (no visitor token). */
export interface InboxRow {
  id: number;
  created_at: number;
  type: string;
  subject: string;
  body: string;
  read_at: number;
}
const FIELDS = ['id', 'created_at', 'type', 'subject', 'body', 'read_at'] as const;

/**
 * The console's side of readers' feedback (contacts). The rule for a
 * reader's table: the reader's repository (server/repos/feedback.ts) keeps
 * what the reader does (a message sent); what the console does with the
 * rows (the moderator's inbox, read marks, the export) is here, so it can
 * be made on a write's transaction with the console's other repositories.
 */
export function feedbackRepo(db: DB) {
  return {
    /** A page of messages, newest first (before an id; only unread ones); one more than `limit` says a next page. */
    page(f: { before?: number | undefined; unread?: boolean | undefined }, limit: number): Promise<InboxRow[]> {
      let s = db.selectFrom('contacts').select(FIELDS);
      if (f.before !== undefined) s = s.where('id', '<', f.before);
      if (f.unread) s = s.where('read_at', '=', 0);
      return s
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
    },

    async unread(): Promise<number> {
      const r = await db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('read_at', '=', 0)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    byId: (id: number): Promise<InboxRow | undefined> => db.selectFrom('contacts').select(FIELDS).where('id', '=', id).executeTakeFirst(),

    /** Every message, newest first (the export). */
    all: (): Promise<InboxRow[]> => db.selectFrom('contacts').select(FIELDS).orderBy('id', 'desc').execute(),

    /** Marks a message read at a time (0: unread); the rows changed. */
    async mark(id: number, readAt: number): Promise<number> {
      const r = await db.updateTable('contacts').set({ read_at: readAt }).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}

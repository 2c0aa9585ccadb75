import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ConsoleChapterTable } from '../../db/schemaCatalog.js';
import { nextChapterId } from '../imports.js';

export type ChapterRow = Selectable<ConsoleChapterTable>;
/** The columns a write sets (never the id; the version only by `bump`). */
export type ChapterColumns = Omit<Updateable<ConsoleChapterTable>, 'id' | 'version'>;

/**
 * Console chapters (console_chapters): drafts, their editorial state and
 * their page job's columns (job_*). Where the console's repositories stand:
 * every query of the console is in server/repos/console/, one repository per
 * table it writes, the reader's tables included (the console writes them, the
 * reader's repositories in server/repos/ read them); a read that joins
 * another table sits with the table it answers about.
 */
export function chaptersRepo(db: DB) {
  return {
    row: (id: number): Promise<ChapterRow | undefined> =>
      db.selectFrom('console_chapters').selectAll().where('id', '=', id).executeTakeFirst(),

    ofTitle: (titleId: number): Promise<ChapterRow[]> =>
      db.selectFrom('console_chapters').selectAll().where('title_id', '=', titleId).orderBy('id').execute(),

    /** The next id, above every chapter readers see and every draft (a draft takes its id before it reaches `chapters`). */
    nextId: (): Promise<number> => nextChapterId(db),

    async add(row: Insertable<ConsoleChapterTable>): Promise<void> {
      await db.insertInto('console_chapters').values(row).execute();
    },

    /** Bumps the version along with the columns given, if it is still `version`; how many rows changed (0 or 1). */
    async bump(id: number, version: number, set: ChapterColumns = {}): Promise<number> {
      const r = await db
        .updateTable('console_chapters')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Sets columns whatever the version (a write that already bumped it, in the same transaction). */
    async set(id: number, set: ChapterColumns): Promise<void> {
      await db.updateTable('console_chapters').set(set).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('console_chapters').where('id', '=', id).execute();
    },

    /** Another draft or console chapter of the title has this name. */
    async nameTaken(titleId: number, name: string, except: number): Promise<boolean> {
      const r = await db
        .selectFrom('console_chapters')
        .select('id')
        .where('title_id', '=', titleId)
        .where('name', '=', name)
        .where('id', '!=', except)
        .executeTakeFirst();
      return !!r;
    },

    async isDraft(id: number): Promise<boolean> {
      const r = await db.selectFrom('console_chapters').select('id').where('id', '=', id).where('state', '=', 'draft').executeTakeFirst();
      return !!r;
    },

    /** The largest reading order given to the title's console chapters (0: none). */
    async maxSeq(titleId: number): Promise<number> {
      const r = await db
        .selectFrom('console_chapters')
        .select((eb) => eb.fn.max('seq').as('m'))
        .where('title_id', '=', titleId)
        .executeTakeFirst();
      return Number(r?.m ?? 0);
    },

    /** Released chapters whose timer is still to fire: scheduled, or out without their notice within the last hour. */
    timersDue: (now: number): Promise<{ id: number; title_id: number; start_ts: number }[]> =>
      db
        .selectFrom('console_chapters as cc')
        .innerJoin('chapters as ch', 'ch.id', 'cc.id')
        .select(['cc.id', 'cc.title_id', 'ch.start_ts'])
        .where('cc.state', '=', 'released')
        .where((eb) => eb.or([eb('ch.start_ts', '>', now), eb.and([eb('ch.notified_at', '=', 0), eb('ch.start_ts', '>', now - 3600)])]))
        .execute(),

    // The page job (server/console/catalog/jobs.ts): its lease is the fence between nodes.

    /** The first chapter after `after` with a job to take: queued, or running under a lease that ran out. */
    async nextJob(after: number, now: number): Promise<number | undefined> {
      const r = await db
        .selectFrom('console_chapters')
        .select('id')
        .where('id', '>', after)
        .where((eb) => eb.or([eb('job_state', '=', 'queued'), eb.and([eb('job_state', '=', 'running'), eb('job_lease', '<', now)])]))
        .orderBy('id')
        .executeTakeFirst();
      return r?.id;
    },

    /** Takes the job if it is still as read (state and lease): whether this caller got it. */
    async claimJob(c: ChapterRow, lease: number): Promise<boolean> {
      const r = await db
        .updateTable('console_chapters')
        .set({ job_state: 'running', job_lease: lease, job_done: 0 })
        .where('id', '=', c.id)
        .where('job_state', '=', c.job_state)
        .where('job_lease', '=', c.job_lease)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Records progress and a new lease if the job is still running under `lease`: whether it still is. */
    async jobProgress(id: number, lease: number, set: { job_done: number; job_total: number; job_lease: number }): Promise<boolean> {
      const r = await db
        .updateTable('console_chapters')
        .set(set)
        .where('id', '=', id)
        .where('job_state', '=', 'running')
        .where('job_lease', '=', lease)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The lease of the chapter's running job (undefined: not running). */
    async runningLease(id: number): Promise<number | undefined> {
      const r = await db
        .selectFrom('console_chapters')
        .select('job_lease')
        .where('id', '=', id)
        .where('job_state', '=', 'running')
        .executeTakeFirst();
      return r?.job_lease;
    },

    /** Marks the job failed if it is still held under `lease`: whether it was. */
    async failJob(id: number, lease: number, error: string): Promise<boolean> {
      const r = await db
        .updateTable('console_chapters')
        .set({ job_state: 'failed', job_error: error })
        .where('id', '=', id)
        .where('job_lease', '=', lease)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The job is done: the board changed, so the version moves on. */
    async jobDone(id: number): Promise<void> {
      await db
        .updateTable('console_chapters')
        .set((eb) => ({ job_state: 'done', job_error: '', version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}

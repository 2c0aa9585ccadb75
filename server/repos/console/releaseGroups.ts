import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ReleaseGroupTable } from '../../db/schemaReleaseGroups.js';

export type ReleaseGroupRow = Selectable<ReleaseGroupTable>;
type GroupColumns = Omit<Updateable<ReleaseGroupTable>, 'id' | 'version'>;

/** The group states in which a chapter belongs to it (it may be in one such group at most). */
const OPEN_STATES = ['draft', 'scheduled', 'held'] as const;

/** A member as the group's editor sees it: its chapter, its title's language and how many pages its board has. */
export interface MemberRow {
  chapter_id: number;
  title_id: number;
  language: number;
  title_name: string;
  name: string;
  state: string;
  job_state: string;
  version: number;
  pages: number;
}

/**
 * Release groups (release_groups, release_group_members): one release of a
 * chapter in several language titles of a series. Changes match the version
 * the editor read (0 rows: a conflict for the caller); the release job's
 * `claim` is the fence between nodes (only one caller moves a due group on).
 */
export function releaseGroupsRepo(db: DB) {
  return {
    row: (id: number): Promise<ReleaseGroupRow | undefined> =>
      db.selectFrom('release_groups').selectAll().where('id', '=', id).executeTakeFirst(),

    async add(row: Omit<Insertable<ReleaseGroupTable>, 'id'>): Promise<number> {
      const r = await db.insertInto('release_groups').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },

    /** Bumps the version with the columns given, if it is still `version`: rows changed (0 or 1). */
    async bump(id: number, version: number, set: GroupColumns = {}): Promise<number> {
      const r = await db
        .updateTable('release_groups')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /**
     * The release job's claim: moves a scheduled group whose time has come on
     * to `state`, once; whether this caller did (another node may have first).
     */
    async claim(id: number, now: number, state: string): Promise<boolean> {
      const r = await db
        .updateTable('release_groups')
        .set((eb) => ({ state, released_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('state', '=', 'scheduled')
        .where('start_ts', '<=', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Scheduled groups: their ids and times (the release timers). */
    scheduled: (): Promise<{ id: number; start_ts: number }[]> =>
      db.selectFrom('release_groups').select(['id', 'start_ts']).where('state', '=', 'scheduled').execute(),

    members: (groupId: number): Promise<MemberRow[]> =>
      db
        .selectFrom('release_group_members as m')
        .innerJoin('console_chapters as c', 'c.id', 'm.chapter_id')
        .innerJoin('titles as t', 't.id', 'c.title_id')
        .select((eb) => [
          'm.chapter_id',
          'c.title_id',
          't.language',
          't.name as title_name',
          'c.name',
          'c.state',
          'c.job_state',
          'c.version',
          eb
            .selectFrom('console_pages as p')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('p.chapter_id', '=', 'm.chapter_id')
            .as('pages'),
        ])
        .where('m.group_id', '=', groupId)
        .orderBy('t.language')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, pages: Number(r.pages ?? 0) }))),

    async setMembers(groupId: number, chapterIds: number[]): Promise<void> {
      await db.deleteFrom('release_group_members').where('group_id', '=', groupId).execute();
      if (chapterIds.length)
        await db
          .insertInto('release_group_members')
          .values(chapterIds.map((chapter_id) => ({ group_id: groupId, chapter_id })))
          .execute();
    },

    async removeMembers(groupId: number, chapterIds: number[]): Promise<void> {
      if (chapterIds.length)
        await db.deleteFrom('release_group_members').where('group_id', '=', groupId).where('chapter_id', 'in', chapterIds).execute();
    },

    /** The open group (draft, scheduled or held) each of these chapters is in, but `except`. */
    openOf: (chapterIds: number[], except = 0): Promise<{ chapter_id: number; group_id: number; name: string }[]> =>
      chapterIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('release_group_members as m')
            .innerJoin('release_groups as g', 'g.id', 'm.group_id')
            .select(['m.chapter_id', 'g.id as group_id', 'g.name'])
            .where('m.chapter_id', 'in', chapterIds)
            .where('g.state', 'in', [...OPEN_STATES])
            .where('g.id', '!=', except)
            .execute(),

    /** The groups of a series, newest first (the group list of the chapter screen). */
    ofSeries: (seriesId: number): Promise<ReleaseGroupRow[]> =>
      db.selectFrom('release_groups').selectAll().where('series_id', '=', seriesId).orderBy('id', 'desc').limit(200).execute(),
  };
}

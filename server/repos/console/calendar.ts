import type { DB } from '../../db/index.js';

/** What the calendar is filtered by: a publisher, a language (Language number). */
export interface CalendarFilter {
  publisherId?: number | undefined;
  language?: number | undefined;
}

export interface CalendarChapterRow {
  id: number;
  title_id: number;
  name: string;
  start_ts: number;
  end_ts: number;
  language: number;
  title_name: string;
  series_id: number;
  publisher_id: number;
  /** The release group it went out with (0: none). */
  group_id: number;
}

export interface CalendarGroupRow {
  id: number;
  name: string;
  state: string;
  start_ts: number;
  series_id: number;
  publisher_id: number;
}

/** At most this many entries of each kind in one window (a week of a busy deployment is far below it). */
const LIMIT = 500;

/**
 * The release calendar's reads: chapters readers get (or got) in a window,
 * chapters whose free reading ends in it, and the release groups scheduled
 * (or held) in it, with their series' publisher and their languages.
 */
export function calendarRepo(db: DB) {
  const chapters = (f: CalendarFilter) => {
    let q = db
      .selectFrom('chapters as ch')
      .innerJoin('titles as t', 't.id', 'ch.title_id')
      .innerJoin('series as s', 's.id', 't.series_id')
      .select([
        'ch.id',
        'ch.title_id',
        'ch.name',
        'ch.start_ts',
        'ch.end_ts',
        't.language',
        't.name as title_name',
        's.id as series_id',
        's.publisher_id',
        (eb) =>
          eb.fn
            .coalesce(
              eb
                .selectFrom('release_group_members as m')
                .innerJoin('release_groups as g', 'g.id', 'm.group_id')
                .select('m.group_id')
                .whereRef('m.chapter_id', '=', 'ch.id')
                .where('g.state', '=', 'released')
                .limit(1),
              eb.lit(0),
            )
            .as('group_id'),
      ]);
    if (f.publisherId !== undefined) q = q.where('s.publisher_id', '=', f.publisherId);
    if (f.language !== undefined) q = q.where('t.language', '=', f.language);
    return q;
  };
  return {
    releases: (from: number, to: number, f: CalendarFilter): Promise<CalendarChapterRow[]> =>
      chapters(f)
        .where('ch.start_ts', '>=', from)
        .where('ch.start_ts', '<', to)
        .orderBy('ch.start_ts')
        .orderBy('ch.id')
        .limit(LIMIT)
        .execute(),

    ends: (from: number, to: number, f: CalendarFilter): Promise<CalendarChapterRow[]> =>
      chapters(f)
        .where('ch.end_ts', '>', 0)
        .where('ch.end_ts', '>=', from)
        .where('ch.end_ts', '<', to)
        .orderBy('ch.end_ts')
        .orderBy('ch.id')
        .limit(LIMIT)
        .execute(),

    /** Groups still to go out (scheduled, held) in the window. */
    groups(from: number, to: number, f: CalendarFilter): Promise<CalendarGroupRow[]> {
      let q = db
        .selectFrom('release_groups as g')
        .innerJoin('series as s', 's.id', 'g.series_id')
        .select(['g.id', 'g.name', 'g.state', 'g.start_ts', 's.id as series_id', 's.publisher_id'])
        .where('g.state', 'in', ['scheduled', 'held'])
        .where('g.start_ts', '>=', from)
        .where('g.start_ts', '<', to);
      if (f.publisherId !== undefined) q = q.where('s.publisher_id', '=', f.publisherId);
      return q.orderBy('g.start_ts').orderBy('g.id').limit(LIMIT).execute();
    },

    /** The languages (Language numbers) of these groups' members. */
    groupLanguages: (groupIds: number[]): Promise<{ group_id: number; language: number }[]> =>
      groupIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('release_group_members as m')
            .innerJoin('console_chapters as c', 'c.id', 'm.chapter_id')
            .innerJoin('titles as t', 't.id', 'c.title_id')
            .select(['m.group_id', 't.language'])
            .where('m.group_id', 'in', groupIds)
            .execute(),
  };
}

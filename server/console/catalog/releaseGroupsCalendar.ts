import type { Calendar, CalendarEntry, CalendarQuery } from '../../../core/console/schemas/releaseGroups.js';
import { byShort, languageOrDefault } from '../../../core/languages.js';
import type { CalendarChapterRow, CalendarFilter } from '../../repos/console/calendar.js';
import type { ConsoleCtx } from '../actor.js';
import { problems } from '../problems.js';

/** The longest window one read covers (a month view and its edges). */
const MAX_WINDOW = 42 * 86_400;

const short = (language: number) => languageOrDefault(language).short;

function chapterEntry(kind: 'release' | 'end', r: CalendarChapterRow, now: number): CalendarEntry {
  const at = kind === 'release' ? r.start_ts : r.end_ts;
  return {
    kind,
    at,
    chapterId: r.id,
    groupId: r.group_id,
    name: r.name,
    titleName: r.title_name,
    languages: [short(r.language)],
    seriesId: r.series_id,
    publisherId: r.publisher_id,
    state: at > now ? 'scheduled' : kind === 'release' ? 'live' : 'ended',
  };
}

function filterOf(q: CalendarQuery): CalendarFilter {
  if (q.to <= q.from || q.to - q.from > MAX_WINDOW)
    throw problems.validation([{ path: '/query/to', message: 'after from, at most 42 days' }], 'Choose a window of at most 42 days.');
  if (q.language === undefined) return { publisherId: q.publisherId };
  const lang = byShort(q.language);
  if (!lang) throw problems.validation([{ path: '/query/language', message: 'unknown language' }], `No language “${q.language}”.`);
  return { publisherId: q.publisherId, language: Number(lang.language) };
}

/**
 * The release calendar's window: chapters going (or gone) out in it, ends
 * of free reading in it, and release groups still to go out, by time.
 */
export async function releaseCalendar(ctx: ConsoleCtx, q: CalendarQuery): Promise<Calendar> {
  const f = filterOf(q);
  const now = ctx.clock.nowSec();
  const { calendar } = ctx.repos;
  const [releases, ends, groups] = await Promise.all([
    calendar.releases(q.from, q.to, f),
    calendar.ends(q.from, q.to, f),
    calendar.groups(q.from, q.to, f),
  ]);
  const langs = new Map<number, string[]>();
  for (const l of await calendar.groupLanguages(groups.map((g) => g.id)))
    langs.set(l.group_id, [...(langs.get(l.group_id) ?? []), short(l.language)]);
  const wanted = q.language;
  const groupEntries: CalendarEntry[] = groups
    .map((g) => ({
      kind: 'group' as const,
      at: g.start_ts,
      chapterId: 0,
      groupId: g.id,
      name: g.name,
      titleName: '',
      languages: (langs.get(g.id) ?? []).sort(),
      seriesId: g.series_id,
      publisherId: g.publisher_id,
      state: g.state,
    }))
    .filter((g) => wanted === undefined || g.languages.includes(wanted));
  const entries = [
    ...releases.map((r) => chapterEntry('release', r, now)),
    ...ends.map((r) => chapterEntry('end', r, now)),
    ...groupEntries,
  ].sort((a, b) => a.at - b.at || a.kind.localeCompare(b.kind) || a.chapterId - b.chapterId || a.groupId - b.groupId);
  return { entries };
}

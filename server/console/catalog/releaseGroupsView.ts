import type { ReleaseGroup, ReleaseGroupState, ReleaseMember } from '../../../core/console/schemas/releaseGroups.js';
import type { ChapterState } from '../../../core/console/schemas/catalog.js';
import { languageOrDefault } from '../../../core/languages.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { MemberRow, ReleaseGroupRow } from '../../repos/console/releaseGroups.js';
import { problems } from '../problems.js';

/** A member can go out: it has pages and no page job is queued or running (a draft still). */
export const isReady = (m: MemberRow): boolean => m.pages > 0 && m.job_state !== 'queued' && m.job_state !== 'running';

const chapterState = (m: MemberRow): ChapterState => (m.state === 'released' ? 'live' : (m.state as ChapterState));

function memberOf(m: MemberRow): ReleaseMember {
  return {
    chapterId: m.chapter_id,
    titleId: m.title_id,
    language: languageOrDefault(m.language).short,
    titleName: m.title_name,
    chapterName: m.name,
    chapterState: chapterState(m),
    pages: m.pages,
    ready: m.state !== 'draft' || isReady(m),
    version: m.version,
  };
}

/** The group as the console shows it: its members, which languages still lack pages. */
export async function groupView(repos: ConsoleRepos, g: ReleaseGroupRow): Promise<ReleaseGroup> {
  const members = (await repos.releaseGroups.members(g.id)).map(memberOf);
  return {
    id: g.id,
    seriesId: g.series_id,
    name: g.name,
    state: g.state as ReleaseGroupState,
    startAt: g.start_ts,
    endAt: g.end_ts,
    partial: g.partial === 'split' ? 'split' : 'block',
    zones: JSON.parse(g.zones) as string[],
    splitFrom: g.split_from,
    members,
    missing: members.filter((m) => !m.ready).map((m) => m.language),
    version: g.version,
  };
}

export async function groupById(repos: ConsoleRepos, id: number): Promise<ReleaseGroup> {
  const g = await repos.releaseGroups.row(id);
  if (!g) throw problems.notFound('No such release.');
  return groupView(repos, g);
}

/** The group, or 404; at the version read (409 with the group as it is now). */
export async function groupForWrite(repos: ConsoleRepos, id: number, version: number): Promise<ReleaseGroupRow> {
  const g = await repos.releaseGroups.row(id);
  if (!g) throw problems.notFound('No such release.');
  if (g.version !== version) throw problems.conflictWith(await groupView(repos, g));
  return g;
}

/**
 * The chapters a group may hold: drafts, each of a different language title
 * of one series, none in another open group. Their series' id.
 */
export async function checkMembers(repos: ConsoleRepos, chapterIds: number[], except = 0): Promise<number> {
  const series = new Set<number>();
  const titles = new Set<number>();
  for (const [i, id] of chapterIds.entries()) {
    const c = await repos.chapters.row(id);
    const path = `/body/chapterIds/${i}`;
    if (!c) throw problems.validation([{ path, message: 'no such chapter' }], `There is no chapter ${id}.`);
    if (c.state !== 'draft')
      throw problems.validation(
        [{ path, message: 'not a draft' }],
        `“${c.name}” is out or scheduled already: only drafts go into a release.`,
      );
    if (titles.has(c.title_id))
      throw problems.validation([{ path, message: 'same title twice' }], 'A release holds one chapter of each language title.');
    titles.add(c.title_id);
    const t = await repos.titles.row(c.title_id);
    if (t) series.add(t.series_id);
  }
  if (series.size !== 1)
    throw problems.validation([{ path: '/body/chapterIds', message: 'several series' }], "A release's chapters are of one series.");
  const taken = await repos.releaseGroups.openOf(chapterIds, except);
  if (taken.length) throw problems.wrongState(`Chapter ${taken[0].chapter_id} is part of the release “${taken[0].name}” already.`);
  return [...series][0];
}

/** A chapter in an open release group goes out with it: its own release is refused (the group's editor moves it). */
export async function notInGroup(repos: ConsoleRepos, chapterId: number): Promise<void> {
  const [g] = await repos.releaseGroups.openOf([chapterId]);
  if (g) throw problems.wrongState(`This chapter goes out with the release “${g.name}”: schedule or cancel that release instead.`);
}

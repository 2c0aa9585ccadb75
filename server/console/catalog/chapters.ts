import type { Chapter, ChapterState, Job } from '../../../core/console/schemas/catalog.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { ChapterColumns, ChapterRow } from '../../repos/console/chapters.js';
import { problems } from '../problems.js';

export type { ChapterRow };

/**
 * Console chapters: a draft lives only in console_chapters/console_pages;
 * scheduling copies it into chapters/pages (where readers look), taking it
 * back or down removes it from there again. The editorial state readers'
 * time decides (scheduled or live) is derived from the release time.
 */

/** Where a board page's images are: encrypted qualities and a plain thumbnail (never under a public URL). */
export const draftPrefix = (chapterId: number, blob: string) => `page/d${chapterId}/${blob}`;

export function stateOf(r: ChapterRow, now: number): ChapterState {
  if (r.state === 'released') return r.start_ts <= now ? 'live' : 'scheduled';
  return r.state as ChapterState;
}

function jobOf(r: ChapterRow): Job {
  const state = r.job_state as Job['state'];
  return {
    state,
    done: r.job_done,
    total: r.job_total,
    ...(state === 'failed' && r.job_error ? { error: JSON.parse(r.job_error) as { code: string; detail: string } } : {}),
  };
}

/** The chapter as the console shows it: its board, its job, and how its series is read. */
export async function chapterById(repos: ConsoleRepos, id: number, now: number): Promise<Chapter | undefined> {
  const r = await repos.chapters.row(id);
  if (!r) return undefined;
  const pages = await repos.pages.ofChapter(id);
  const series = await repos.titles.reading(r.title_id);
  return {
    id: r.id,
    titleId: r.title_id,
    name: r.name,
    subTitle: r.sub_title,
    thumbnailPage: r.thumbnail_page,
    state: stateOf(r, now),
    startAt: r.state === 'draft' ? 0 : r.start_ts,
    endAt: r.state === 'draft' ? 0 : r.end_ts,
    rightToLeft: series?.start_from_right === 1,
    pages: pages.map((p) => ({
      id: p.id,
      type: p.type,
      suggestDouble: p.suggest_double === 1,
      width: p.width,
      height: p.height,
      name: p.name,
      thumbUrl: `/console/api/chapters/${id}/pages/${p.id}/thumb.webp`,
    })),
    job: jobOf(r),
    version: r.version,
  };
}

/** The chapter, or 404; with the version check of a write (409 with the chapter as it is now). */
export async function chapterForWrite(repos: ConsoleRepos, id: number, version: number, now: number): Promise<ChapterRow> {
  const r = await repos.chapters.row(id);
  if (!r) throw problems.notFound('No such chapter.');
  if (r.version !== version) throw problems.conflictWith(await chapterById(repos, id, now));
  return r;
}

/** Bumps the version, refusing a concurrent writer that got there first. */
export async function bump(repos: ConsoleRepos, id: number, version: number, set: ChapterColumns = {}): Promise<void> {
  if ((await repos.chapters.bump(id, version, set)) !== 1) throw problems.conflict();
}

/** Another chapter of the title already has this name (drafts and released alike). */
export async function nameTaken(repos: ConsoleRepos, titleId: number, name: string, except = 0): Promise<boolean> {
  return (await repos.chapters.nameTaken(titleId, name, except)) || repos.releases.nameTaken(titleId, name, except);
}

export function draftOnly(c: ChapterRow): void {
  if (c.state !== 'draft') throw problems.wrongState('Only a draft can be changed this way: take the release back first.');
}

export function notProcessing(c: ChapterRow): void {
  if (c.job_state === 'running' || c.job_state === 'queued')
    throw problems.wrongState('Pages are being processed: wait for the job to finish.');
}

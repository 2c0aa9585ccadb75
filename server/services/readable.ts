import { errors } from '../lib/errors.js';
import type { ChapterRow } from '../repos/chapters.js';

/**
 * When a chapter can be read (released and not ended), and the parts title
 * detail shows its chapter list in by it (server/services/titleDetail.ts).
 */

/** Chapters per entry of chapterListGroup ("1-50", "51-100", ...). */
const GROUP_SIZE = 50;

export const isReadable = (c: ChapterRow, now: number) => c.start_ts <= now && (c.end_ts === 0 || c.end_ts > now);

/** Throws the viewer's error for a chapter that cannot be read now (not released yet, or no longer readable). */
export function assertReadable(c: ChapterRow, chapterId: number, now: number): void {
  if (!isReadable(c, now)) throw errors.chapterNotReadable(chapterId, c.start_ts > now ? 'not released yet' : 'no longer readable');
}

/**
 * The chapter list split of title detail: the readable chapters from the
 * start (first), the readable chapters at the end (last), and everything
 * between (mid: no longer readable on the web, shown behind the app
 * separator). All readable: everything is "first".
 */
export function splitChapters(released: ChapterRow[], now: number) {
  let i = 0;
  while (i < released.length && isReadable(released[i], now)) i++;
  let j = released.length;
  while (j > i && isReadable(released[j - 1], now)) j--;
  return { first: released.slice(0, i), mid: released.slice(i, j), last: released.slice(j) };
}

export type ChapterSplit = ReturnType<typeof splitChapters>;

export interface ChapterGroup {
  numbers: string;
  first: number[];
  mid: number[];
  last: number[];
}

/** The numbered groups of GROUP_SIZE chapters, each with its first, mid and last chapters' ids (as splitChapters parts them). */
export function chapterGroups(released: ChapterRow[], split: ChapterSplit): ChapterGroup[] {
  const ids = (l: ChapterRow[]) => l.map((c) => c.id);
  const firstSet = new Set(ids(split.first));
  const midSet = new Set(ids(split.mid));
  const groups: ChapterGroup[] = [];
  for (let i = 0; i < released.length; i += GROUP_SIZE) {
    const part = released.slice(i, i + GROUP_SIZE);
    groups.push({
      numbers: `${i + 1}-${i + part.length}`,
      first: part.filter((c) => firstSet.has(c.id)).map((c) => c.id),
      mid: part.filter((c) => midSet.has(c.id)).map((c) => c.id),
      last: part.filter((c) => !firstSet.has(c.id) && !midSet.has(c.id)).map((c) => c.id),
    });
  }
  return groups;
}

/** The next start or end time after now among these chapters (ms; Infinity = none). */
export function nextChangeMs(chapters: ChapterRow[], now: number): number {
  let next = Infinity;
  for (const c of chapters) {
    if (c.start_ts > now) next = Math.min(next, c.start_ts * 1000);
    if (c.end_ts > now) next = Math.min(next, c.end_ts * 1000);
  }
  return next;
}

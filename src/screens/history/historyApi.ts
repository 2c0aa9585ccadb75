/**
 * The reading history calls (server/routes/api/history): the visitor's
 * history, removal of one title or all, and the viewer's position reports.
 * A position is kept locally too (src/lib/storage/, the viewer's resume
 * position); the history fills in the local one where the browser has none
 * (a cleared browser with the same session resumes where the server says).
 */
import type { HistoryEntry } from '../../../core/gen/manga/v1/home_pb';
import { call, sessionToken } from '../../api/client';
import { toSearch } from '../../api/query';
import { saveResumePosition, storedResumePosition } from '../../lib/storage';

const HISTORY_PATH = '/history';

/** The visitor's history, most recently read first; local resume positions filled in from it. */
export async function loadHistory(signal?: AbortSignal): Promise<HistoryEntry[]> {
  const r = await call(HISTORY_PATH, signal ? { signal } : {});
  if (r.data.case !== 'historyView') throw new Error(`unexpected view ${r.data.case ?? 'none'} for ${HISTORY_PATH}`);
  const entries = r.data.value.entries.filter((e) => e.title && e.chapter);
  for (const e of entries) {
    const chapterId = e.chapter!.chapterId;
    if (e.item > 0 && storedResumePosition(chapterId) === 0) saveResumePosition(chapterId, e.item);
  }
  return entries;
}

/** Removes one title from the history, or all of it (null). */
export async function removeHistory(titleId: number | null): Promise<void> {
  await call(HISTORY_PATH, { method: 'DELETE', ...(titleId === null ? {} : { query: { title_id: titleId } }) });
}

/** Where the reader is in a chapter, as reported. */
export interface ReadingPosition {
  chapterId: number;
  /** The viewer item to resume at (0-based). */
  item: number;
  /** 1-based page among the chapter's manga pages, and their count. */
  page: number;
  pageCount: number;
  /** The reader's clock when the reader got there (ms). */
  at: number;
  /** Seconds read since the last report (readingTime.ts; 0: none, not sent). */
  readS?: number;
}

/**
 * Sends a position. `keepalive` lets it outlive the page (on leave: the
 * request carries the session header, which sendBeacon cannot). Failures
 * (offline, a closed server) are dropped: the local position stays.
 */
export function sendPosition(p: ReadingPosition, keepalive = false): void {
  const query = {
    chapter_id: p.chapterId,
    item: p.item,
    page: p.page,
    page_count: p.pageCount,
    at: p.at,
    ...(p.readS ? { read_s: p.readS } : {}),
  };
  if (keepalive) {
    void fetch(`/api${HISTORY_PATH}/position${toSearch(query)}`, {
      method: 'POST',
      headers: { 'SESSION-TOKEN': sessionToken() },
      credentials: 'include',
      keepalive: true,
    }).catch(() => {});
    return;
  }
  call(`${HISTORY_PATH}/position`, { method: 'POST', query }).catch(() => {});
}

/**
 * The viewer's page changes reported to the reading history
 * (POST /api/history/position): debounced while the reader pages, and sent
 * at once with keepalive when the page is hidden or left. The position a
 * chapter opens at is sent with at=0, which only fills an empty entry: a
 * browser that lost its local position does not move the history back to
 * the first page; every move the reader makes carries the reader's clock.
 */
import { useEffect } from 'react';
import type { ViewerItem } from '../../../core/viewer/items';
import type { ViewerSession } from '../../viewer/session/viewerSession';
import { sendPosition, type ReadingPosition } from './historyApi';
import { previewToken } from '../../viewer/api';
import { readingTime } from './readingTime';

/** Unsent reading below this is not worth a report of its own on leave. */
const MIN_LEAVE_S = 5;

/** How long the reader rests on a page before it is reported. */
const DEBOUNCE_MS = 1500;

/** The page an item is on: manga pages counted up to it (1-based), of all the chapter's manga pages; null before the layout. */
export function positionOf(chapterId: number, item: number, items: readonly ViewerItem[]): Omit<ReadingPosition, 'at'> | null {
  const manga = items.map((it) => it.page.data.case === 'mangaPage');
  const pageCount = manga.filter(Boolean).length;
  if (pageCount === 0 || item < 0 || item >= items.length) return null;
  const page = Math.max(1, manga.slice(0, item + 1).filter(Boolean).length);
  return { chapterId, item, page, pageCount };
}

export function useReportPosition(session: ViewerSession | null): void {
  useEffect(() => {
    // A console preview is not reading: a draft has no place in a history (the server would refuse it).
    if (!session || previewToken()) return undefined;
    let pending: ReadingPosition | null = null;
    let sent: ReadingPosition | null = null;
    let last = '';
    let chapter = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reading = readingTime(() => Date.now());
    const flush = (keepalive: boolean) => {
      clearTimeout(timer);
      if (pending) {
        sendPosition({ ...pending, readS: reading.take() }, keepalive);
        sent = pending;
      } else if (keepalive && sent) {
        const readS = reading.take();
        if (readS >= MIN_LEAVE_S) sendPosition({ ...sent, readS }, keepalive);
      }
      pending = null;
    };
    const onChange = () => {
      const v = session.getSnapshot();
      const pos = positionOf(v.viewer.chapterId, session.resumePosition, v.items);
      if (!pos || `${pos.chapterId}:${pos.item}` === last) return;
      last = `${pos.chapterId}:${pos.item}`;
      // The first position of a chapter is where it opened; later ones are the reader's moves.
      const opened = pos.chapterId !== chapter;
      // The chapter left is reported first, with the time read in it.
      if (opened && pending) flush(false);
      if (opened) reading.opened();
      else reading.moved();
      chapter = pos.chapterId;
      pending = { ...pos, at: opened ? 0 : Date.now() };
      clearTimeout(timer);
      timer = setTimeout(() => flush(false), DEBOUNCE_MS);
    };
    const unsubscribe = session.subscribe(onChange);
    onChange();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') {
        flush(true);
        reading.hidden();
      } else reading.shown();
    };
    const onLeave = () => flush(true);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeave);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeave);
      flush(true);
    };
  }, [session]);
}

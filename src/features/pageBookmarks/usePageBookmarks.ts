import { useEffect, useSyncExternalStore } from 'react';
import type { PageBookmark } from '../../../core/gen/manga/v1/sync_pb';
import { bookmarks, refresh, subscribe } from './pageBookmarks';

const NONE: PageBookmark[] = [];

/** The visitor's page bookmarks (a title's or a chapter's when given), read from the server on mount and kept for offline. */
export function usePageBookmarks(only: { titleId?: number; chapterId?: number } = {}): PageBookmark[] {
  const all = useSyncExternalStore(subscribe, bookmarks, () => NONE);
  useEffect(() => {
    void refresh();
  }, []);
  return all.filter(
    (b) => (only.titleId === undefined || b.titleId === only.titleId) && (only.chapterId === undefined || b.chapterId === only.chapterId),
  );
}

/**
 * Page bookmarks with a note (issue 29; server/routes/api/page_bookmarks):
 * kept per visitor on the server and mirrored in the browser, so the list
 * reads offline too; a bookmark made or removed offline is queued and sent
 * when the browser is back online (or at the next load). Components listen
 * through `subscribe` and read `bookmarks()`.
 */
import { create } from '@bufbuild/protobuf';
import { PageBookmarkSchema, type PageBookmark } from '../../../core/gen/manga/v1/sync_pb';
import { call } from '../../api/client';
import { savePageBookmarks, storedPageBookmarks } from '../../lib/storage';

const PATH = '/page_bookmarks';

export interface BookmarkWrite {
  titleId: number;
  titleName: string;
  chapterId: number;
  chapterName: string;
  item: number;
  page: number;
  pageCount: number;
  note: string;
}

type Op = { op: 'save'; w: BookmarkWrite } | { op: 'remove'; id: number; chapterId: number; item: number };

const listeners = new Set<() => void>();
let list: PageBookmark[] | null = null;

const toJson = (b: PageBookmark) => ({ ...b, $typeName: undefined });
/** A stored bookmark: its known fields of the right type only (the storage may hold anything). */
const fromJson = (x: Record<string, unknown>) => {
  const n = (k: string) => (typeof x[k] === 'number' && Number.isFinite(x[k]) ? x[k] : 0);
  const str = (k: string) => (typeof x[k] === 'string' ? x[k] : '');
  return create(PageBookmarkSchema, {
    id: n('id'),
    titleId: n('titleId'),
    titleName: str('titleName'),
    chapterId: n('chapterId'),
    chapterName: str('chapterName'),
    item: n('item'),
    page: n('page'),
    pageCount: n('pageCount'),
    note: str('note'),
    updatedAt: n('updatedAt'),
  });
};

function read(): { list: PageBookmark[]; queue: Op[] } {
  const s = storedPageBookmarks();
  return { list: s.list.map(fromJson), queue: s.queue as unknown as Op[] };
}
function write(next: PageBookmark[], queue: Op[]): void {
  list = next;
  savePageBookmarks({ list: next.map(toJson), queue: queue });
  for (const l of listeners) l();
}

export function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Every bookmark known here, newest first. */
export function bookmarks(): PageBookmark[] {
  list ??= read().list;
  return list;
}

async function send(op: Op): Promise<void> {
  if (op.op === 'remove') {
    if (op.id > 0) await call(PATH, { method: 'DELETE', query: { id: op.id } });
    return;
  }
  const { chapterId, item, page, pageCount, note } = op.w;
  await call(PATH, { method: 'POST', query: { chapter_id: chapterId, item, page, page_count: pageCount, note } });
}

/** Sends what was queued offline, then reads the server's list; keeps the local one when the server cannot be reached. */
export async function refresh(): Promise<PageBookmark[]> {
  const { queue } = read();
  const left: Op[] = [];
  for (const [i, op] of queue.entries()) {
    try {
      await send(op);
    } catch (e) {
      // Offline: this change and the rest wait; a refused one (gone, invalid) is dropped.
      if ((e as { error?: unknown }).error === undefined) {
        left.push(...queue.slice(i));
        break;
      }
    }
  }
  try {
    const r = await call(PATH);
    if (r.data.case === 'pageBookmarksView') write(r.data.value.bookmarks, left);
  } catch {
    write(read().list, left);
  }
  return bookmarks();
}

/** Bookmarks the page (the same page again: its note changes); offline, it waits in the queue. */
export async function saveBookmark(w: BookmarkWrite): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const others = bookmarks().filter((b) => !(b.chapterId === w.chapterId && b.item === w.item));
  const id = bookmarks().find((b) => b.chapterId === w.chapterId && b.item === w.item)?.id ?? 0;
  write([create(PageBookmarkSchema, { ...w, id, updatedAt: now }), ...others], read().queue);
  try {
    await send({ op: 'save', w });
    await refresh();
  } catch (e) {
    if ((e as { error?: unknown }).error !== undefined) throw e;
    write(bookmarks(), [...read().queue, { op: 'save', w }]);
  }
}

export async function removeBookmark(b: PageBookmark): Promise<void> {
  write(
    bookmarks().filter((x) => x !== b),
    read().queue,
  );
  const op: Op = { op: 'remove', id: b.id, chapterId: b.chapterId, item: b.item };
  try {
    await send(op);
  } catch (e) {
    if ((e as { error?: unknown }).error !== undefined) return;
    write(bookmarks(), [...read().queue.filter((q) => !(q.op === 'save' && q.w.chapterId === b.chapterId && q.w.item === b.item)), op]);
  }
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void refresh());

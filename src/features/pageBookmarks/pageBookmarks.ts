/**
 * Page bookmarks with a note (server/routes/api/page_bookmarks):
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

const sameOp = (a: Op, b: Op) => JSON.stringify(a) === JSON.stringify(b);
const samePage = (b: { chapterId: number; item: number }, o: { chapterId: number; item: number }) =>
  b.chapterId === o.chapterId && b.item === o.item;

/** The server's list with the changes still waiting to be sent laid over it (what the reader last did wins). */
function overlay(server: PageBookmark[], queue: Op[]): PageBookmark[] {
  let out = server;
  for (const op of queue) {
    if (op.op === 'remove') out = out.filter((b) => !samePage(b, op));
    else {
      const had = out.find((b) => samePage(b, op.w));
      out = [
        create(PageBookmarkSchema, { ...op.w, id: had?.id ?? 0, updatedAt: had?.updatedAt ?? 0 }),
        ...out.filter((b) => !samePage(b, op.w)),
      ];
    }
  }
  return out;
}

let running: Promise<unknown> = Promise.resolve();

/**
 * Sends what was queued offline, then reads the server's list; keeps the local one when the server cannot be reached.
 * One at a time; a change the reader makes while it runs stays queued and stays shown, whatever the server's answer.
 */
export function refresh(): Promise<PageBookmark[]> {
  const next = running.then(refreshOnce, refreshOnce);
  running = next;
  return next;
}

async function refreshOnce(): Promise<PageBookmark[]> {
  const { queue } = read();
  const done: Op[] = [];
  for (const op of queue) {
    try {
      await send(op);
    } catch (e) {
      // Offline: this change and the rest wait; a refused one (gone, invalid) is dropped.
      if ((e as { error?: unknown }).error === undefined) break;
    }
    done.push(op);
  }
  // The queue as it is now, less what was sent: changes made meanwhile are kept.
  const left = () => read().queue.filter((op) => !done.some((d) => sameOp(d, op)));
  try {
    const r = await call(PATH);
    if (r.data.case === 'pageBookmarksView') {
      const waiting = left();
      write(overlay(r.data.value.bookmarks, waiting), waiting);
    }
  } catch {
    write(read().list, left());
  }
  return bookmarks();
}

/** Bookmarks the page (the same page again: its note changes); shown at once, sent in turn (offline, it waits in the queue). */
export async function saveBookmark(w: BookmarkWrite): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const id = bookmarks().find((b) => samePage(b, w))?.id ?? 0;
  const others = bookmarks().filter((b) => !samePage(b, w));
  write([create(PageBookmarkSchema, { ...w, id, updatedAt: now }), ...others], [...read().queue, { op: 'save', w }]);
  await refresh();
}

/** Removes the bookmark here at once and from the server in turn (offline, when the browser is back online). */
export async function removeBookmark(b: PageBookmark): Promise<void> {
  const op: Op = { op: 'remove', id: b.id, chapterId: b.chapterId, item: b.item };
  // A save of the same page not sent yet need not be sent at all.
  const queue = read().queue.filter((q) => !(q.op === 'save' && samePage(q.w, b)));
  write(
    bookmarks().filter((x) => !samePage(x, b)),
    [...queue, op],
  );
  await refresh();
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void refresh());

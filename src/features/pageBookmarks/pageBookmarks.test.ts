import { create } from '@bufbuild/protobuf';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageBookmarkSchema, type PageBookmark } from '../../../core/gen/manga/v1/sync_pb';

// The storage is a plain object here; the server a list this test controls, answering when the test lets it.
const stored = vi.hoisted(() => ({ value: { list: [] as unknown[], queue: [] as unknown[] } }));
const server = vi.hoisted(() => ({
  list: [] as PageBookmark[],
  online: true,
  held: null as null | Promise<void>,
  deletes: [] as number[],
}));

vi.mock('../../lib/storage', () => ({
  storedPageBookmarks: () => JSON.parse(JSON.stringify(stored.value)) as typeof stored.value,
  savePageBookmarks: (s: typeof stored.value) => void (stored.value = JSON.parse(JSON.stringify(s)) as typeof stored.value),
}));
vi.mock('../../api/client', () => ({
  call: async (_path: string, opts: { method?: string; query?: Record<string, number> } = {}) => {
    if (!server.online) throw new TypeError('Failed to fetch');
    if (opts.method === 'DELETE') {
      server.deletes.push(opts.query!.id);
      server.list = server.list.filter((b) => b.id !== opts.query!.id);
      return { data: { case: undefined } };
    }
    const answer = [...server.list];
    if (server.held) await server.held;
    return { data: { case: 'pageBookmarksView', value: { bookmarks: answer } } };
  },
}));

const { bookmarks, refresh, removeBookmark } = await import('./pageBookmarks');

const mark = create(PageBookmarkSchema, { id: 7, titleId: 1, chapterId: 3, item: 4, page: 4, pageCount: 20, note: 'the reveal' });

describe('page bookmarks', () => {
  beforeEach(async () => {
    server.list = [mark];
    server.online = true;
    server.held = null;
    server.deletes = [];
    stored.value = { list: [], queue: [] };
    await refresh();
  });

  it('a removal made offline while a read of the server is on its way stays removed and stays queued', async () => {
    expect(bookmarks().map((b) => b.note)).toEqual(['the reveal']);
    let answer!: () => void;
    server.held = new Promise((r) => (answer = r));
    const reading = refresh(); // the server has read its list (with the bookmark) and is answering
    await Promise.resolve();
    server.online = false;
    const removing = removeBookmark(bookmarks()[0]);
    expect(bookmarks()).toEqual([]);
    answer();
    await reading;
    await removing;
    // The older answer does not bring it back, nor drop the change waiting to be sent.
    expect(bookmarks()).toEqual([]);
    expect(stored.value.queue).toEqual([{ op: 'remove', id: 7, chapterId: 3, item: 4 }]);

    server.online = true;
    await refresh();
    expect(server.deletes).toEqual([7]);
    expect(server.list).toEqual([]);
    expect(stored.value.queue).toEqual([]);
    expect(bookmarks()).toEqual([]);
  });

  it('a removal online is sent once, after a read already on its way, and is not undone by it', async () => {
    let answer!: () => void;
    server.held = new Promise((r) => (answer = r));
    const reading = refresh();
    await Promise.resolve();
    const removing = removeBookmark(bookmarks()[0]);
    expect(bookmarks()).toEqual([]);
    answer();
    await Promise.all([reading, removing]);
    expect(server.deletes).toEqual([7]);
    expect(bookmarks()).toEqual([]);
    expect(stored.value.queue).toEqual([]);
  });
});

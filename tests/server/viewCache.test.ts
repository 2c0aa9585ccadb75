import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TitleDetailView } from '../../core/gen/manga/v1/title_pb.js';
import { LastPage_ChapterType, type LastPage, type MangaViewer } from '../../core/gen/manga/v1/viewer_pb.js';
import { chapterEvents } from '../../server/lib/events.js';
import { BACKENDS, call, failure, newToken, setup, success, type TestApp, type Loose } from './helpers.js';
import { DAY, T } from './fixtures.js';

/**
 * The shared views are cached (here for 30 days, so only the cache's own
 * rules can refresh them): per-visitor fields must still be each visitor's
 * own, and answers must change the moment a chapter's start or end time
 * passes.
 */
const detail = async (t: TestApp, titleId: number, token?: string) => {
  const s = success(await call(t.app, { url: `/api/title_detailV3?title_id=${titleId}`, ...(token ? { token } : {}) }));
  return s.data.value as TitleDetailView;
};
const viewer = async (t: TestApp, chapterId: number, token?: string) => {
  const s = success(await call(t.app, { url: `/api/manga_viewer?chapter_id=${chapterId}`, ...(token ? { token } : {}) }));
  return s.data.value as MangaViewer;
};
const lastPage = (v: MangaViewer) => v.pages.at(-1)!.data.value as LastPage;
const viewedIds = (d: TitleDetailView) => d.chapterListV2.filter((c) => c.alreadyViewed).map((c) => c.chapterId);

describe.each(BACKENDS)('view cache on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, 'viewcache', { viewCacheMs: 30 * DAY * 1000 });
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a visitor's favorite, viewed chapters and likes are never served to another visitor", async () => {
    const a = newToken();
    const b = newToken();
    const c = newToken();
    // Cached first by visitors with nothing of their own.
    expect((await detail(t, T.bladeEn)).isSubscribed).toBe(false);
    expect(lastPage(await viewer(t, 1007)).isSubscribed).toBe(false);

    success(await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.bladeEn}`, token: a }));
    success(await call(t.app, { method: 'PUT', url: '/api/comment_like?comment_id=3', token: a }));
    const va = await viewer(t, 1007, a);
    expect(lastPage(va).isSubscribed).toBe(true);
    expect(lastPage(va).topComments.map((x) => [x.id, x.alreadyLiked, x.numberOfLikes])).toEqual([
      [2, false, 10],
      [3, true, 6],
      [1, false, 5],
    ]);
    expect(va.chapters.filter((x) => x.alreadyViewed).map((x) => x.chapterId)).toEqual([1007]);
    const da = await detail(t, T.bladeEn, a);
    expect(da.isSubscribed).toBe(true);
    expect(viewedIds(da)).toEqual([1007]);

    // Another visitor, one without a token, and the first again: each their own.
    const vb = await viewer(t, 1005, b);
    expect(lastPage(vb).isSubscribed).toBe(false);
    expect(vb.chapters.filter((x) => x.alreadyViewed).map((x) => x.chapterId)).toEqual([1005]);
    const vb2 = await viewer(t, 1007, b);
    expect(lastPage(vb2).isSubscribed).toBe(false);
    expect(lastPage(vb2).topComments.some((x) => x.alreadyLiked)).toBe(false);
    expect(lastPage(vb2).topComments.find((x) => x.id === 3)?.numberOfLikes).toBe(6);
    expect(vb2.chapters.filter((x) => x.alreadyViewed).map((x) => x.chapterId)).toEqual([1005, 1007]);
    const db = await detail(t, T.bladeEn, b);
    expect(db.isSubscribed).toBe(false);
    expect(viewedIds(db)).toEqual([1005, 1007]);
    for (const d of [await detail(t, T.bladeEn, c), await detail(t, T.bladeEn)]) {
      expect(d.isSubscribed).toBe(false);
      expect(viewedIds(d)).toEqual([]);
    }
    const json = (
      await t.app.inject({ url: `/api/title_detailV3?title_id=${T.bladeEn}&format=json`, headers: { 'session-token': c } })
    ).json<Loose>();
    expect(json.success.titleDetailView.isSubscribed ?? false).toBe(false);
    expect((await detail(t, T.bladeEn, a)).isSubscribed).toBe(true);
    expect(viewedIds(await detail(t, T.bladeEn, a))).toEqual([1007]);

    success(await call(t.app, { method: 'DELETE', url: `/api/title_list/bookmark?title_id=${T.bladeEn}`, token: a }));
    expect((await detail(t, T.bladeEn, a)).isSubscribed).toBe(false);
    expect(lastPage(await viewer(t, 1007, a)).isSubscribed).toBe(false);
  });

  it('the viewer lists each chapter once, the next one included', async () => {
    const v = await viewer(t, 1005);
    expect(lastPage(v).nextChapter?.chapterId).toBe(1006);
    expect(v.chapters.map((x) => x.chapterId)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007]);
  });

  it('a chapter becomes readable, and another stops being readable, when its time comes', async () => {
    const before = await detail(t, T.bladeEn);
    expect(before.chapterListV2.map((x) => x.chapterId)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007]);
    expect(before.nextTimeStamp).toBe(t.now + 2 * DAY);
    expect(failure(await call(t.app, { url: '/api/manga_viewer?chapter_id=1008' })).debugInfo).toMatch(/not released yet/);
    const last = lastPage(await viewer(t, 1007));
    expect([last.nextChapter?.chapterId, last.nextTimeStamp, last.chapterType]).toEqual([
      1008,
      t.now + 2 * DAY,
      LastPage_ChapterType.LATEST,
    ]);
    expect((await viewer(t, 1006)).chapterId).toBe(1006);

    // The second chapter 1008 starts.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((t.now + 2 * DAY) * 1000);
    const released = await detail(t, T.bladeEn);
    expect(released.chapterListV2.map((x) => x.chapterId)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008]);
    expect(released.lastChapterList.map((x) => x.chapterId)).toEqual([1005, 1006, 1007, 1008]);
    expect(released.nextTimeStamp).toBe(0);
    expect((await viewer(t, 1008)).chapterId).toBe(1008);
    const next = lastPage(await viewer(t, 1007));
    expect([next.nextChapter?.chapterId, next.nextTimeStamp, next.chapterType]).toEqual([1008, 0, LastPage_ChapterType.SEQUENCE]);

    // 1006 ends (now + 3 days): no longer readable, and between the readable ones.
    vi.setSystemTime((t.now + 3 * DAY) * 1000);
    expect(failure(await call(t.app, { url: '/api/manga_viewer?chapter_id=1006' })).debugInfo).toMatch(/no longer readable/);
    const ended = await detail(t, T.bladeEn);
    expect(ended.lastChapterList.map((x) => x.chapterId)).toEqual([1007, 1008]);
    expect(ended.chapterListGroup[0].midChapterList.map((x) => x.chapterId)).toEqual([1003, 1004, 1005, 1006]);
  });

  it('a chapter published by an import in this process shows at once', async () => {
    expect((await detail(t, T.catsEn)).chapterListV2.map((x) => x.chapterId)).toEqual([3001, 3002]);
    const now = Math.floor(Date.now() / 1000);
    await t.db
      .insertInto('chapters')
      .values({
        id: 3003,
        title_id: T.catsEn,
        seq: 3,
        name: '#003',
        sub_title: '',
        thumbnail_url: '',
        start_ts: now - 1,
        end_ts: 0,
        is_vertical_only: 0,
        is_horizontal_only: 0,
        view_count: 0,
        ticket_end: 0,
        notified_at: now,
      })
      .execute();
    chapterEvents.emit('published', { chapterId: 3003, titleId: T.catsEn });
    expect((await detail(t, T.catsEn)).chapterListV2.map((x) => x.chapterId)).toEqual([3001, 3002, 3003]);
    expect(lastPage(await viewer(t, 3002)).nextChapter?.chapterId).toBe(3003);
  });
});

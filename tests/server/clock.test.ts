import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TitleDetailView } from '../../core/gen/manga/v1/title_pb.js';
import { manualServerClock } from '../../server/lib/clock.js';
import { BACKENDS, call, failure, newToken, setup, success, type TestApp } from './helpers.js';
import { DAY, T } from './fixtures.js';
import { fakeSubscription, poll, startPushService } from './pushLoopback.js';

/** A fixed start (2026-03-02 00:00 UTC), so nothing here depends on when the test runs. */
const START_MS = Date.UTC(2026, 2, 2);

const ids = (list: { chapterId: number }[]) => list.map((c) => c.chapterId);

/**
 * The server's time is its injected clock (app.clock): moving a manual clock
 * releases a scheduled chapter (fixture 1008 starts at now + 2 days) and ends
 * a free-reading window (1006 ends at now + 3 days) for every answer that
 * depends on the time — the cached title detail and viewer, the chapter view,
 * the comments — and for the push check, which notifies the release once.
 */
describe.each(BACKENDS)('the server clock on %s', (backend) => {
  let t: TestApp;
  const clock = manualServerClock(START_MS);
  const push = startPushService();
  const reader = newToken();
  const detail = async () => {
    const s = success(await call(t.app, { url: `/api/title_detailV3?title_id=${T.bladeEn}&clang=en` }));
    return s.data.value as TitleDetailView;
  };
  const viewer = (chapterId: number) => call(t.app, { url: `/api/manga_viewer?chapter_id=${chapterId}`, token: reader });

  beforeAll(async () => {
    process.env.PUSH_CHECK_SECONDS = '0';
    t = await setup(backend, 'clock', { pushAllowInsecureLoopback: true }, true, clock);
    const base = await push.listen();
    // The chapters readable already count as notified (as the catalog import marks them).
    await t.db.updateTable('chapters').set({ notified_at: t.now }).where('start_ts', '<=', t.now).execute();
    const sub = fakeSubscription(`${base}/push/reader`);
    success(
      await call(t.app, {
        method: 'PUT',
        url: `/api/title_list/bookmark?title_id=${T.bladeEn}&push_token=${encodeURIComponent(sub.json)}&lang=eng`,
        token: reader,
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await push.close();
    delete process.env.PUSH_CHECK_SECONDS;
  });

  it('dates the fixtures from the manual clock', () => {
    expect(t.app.clock.now()).toBe(START_MS);
    expect(t.now).toBe(START_MS / 1000);
  });

  it('releases a scheduled chapter when the clock passes its start time', async () => {
    // Before: not listed, refused by the viewer and by the chapter view, nothing to notify.
    const before = await detail();
    expect(ids(before.chapterListV2)).not.toContain(1008);
    expect(before.nextTimeStamp).toBe(t.now + 2 * DAY);
    const early = await viewer(1008);
    expect(early.status).toBe(403);
    expect(failure(early).debugInfo).toMatch(/not released yet/);
    expect((await call(t.app, { url: '/api/chapter_view?chapter_id=1008', token: reader })).status).toBe(403);
    expect((await call(t.app, { url: '/api/comment?chapter_id=1008' })).status).toBe(404);
    expect(await t.app.push.checkReleases()).toEqual([]);

    // One second short of the start: still scheduled (the cached answers too).
    clock.advance(2 * DAY * 1000 - 1000);
    expect(ids((await detail()).chapterListV2)).not.toContain(1008);
    expect((await viewer(1008)).status).toBe(403);
    expect(await t.app.push.checkReleases()).toEqual([]);

    // Its start time passes: the cached detail follows at once, the chapter is readable.
    clock.advance(1000);
    const after = await detail();
    expect(ids(after.chapterListV2)).toContain(1008);
    expect(ids(after.lastChapterList)).toContain(1008);
    const open = await viewer(1008);
    expect(open.status).toBe(200);
    expect(success(open).data.case).toBe('mangaViewer');
    expect((await call(t.app, { url: '/api/chapter_view?chapter_id=1008', token: reader })).status).toBe(200);
    expect((await call(t.app, { url: '/api/comment?chapter_id=1008' })).status).toBe(200);

    // The push check (its now is the clock's) notifies the subscriber once, and only once.
    expect(await t.app.push.checkReleases()).toEqual([{ chapterId: 1008, subscribers: 1 }]);
    expect(await t.app.push.checkReleases()).toEqual([]);
    await push.waitFor(1);
    await poll(
      async () => (await t.db.selectFrom('push_deliveries').select('endpoint_hash').where('chapter_id', '=', 1008).execute()).length === 1,
      300,
      () => 'the delivery of chapter 1008 recorded',
    );
    expect(push.received.map((r) => r.path)).toEqual(['/push/reader']);
  });

  it('locks a chapter again when its free-reading window ends', async () => {
    // 1006 is free until START + 3 days; the clock is at START + 2 days.
    expect(ids((await detail()).lastChapterList)).toContain(1006);
    expect((await viewer(1006)).status).toBe(200);

    clock.set(START_MS + 3 * DAY * 1000);
    const d = await detail();
    expect(ids(d.lastChapterList)).not.toContain(1006);
    expect(ids(d.chapterListGroup[0]?.midChapterList ?? [])).toContain(1006);
    const closed = await viewer(1006);
    expect(closed.status).toBe(403);
    expect(failure(closed).debugInfo).toMatch(/no longer readable/);
    expect((await call(t.app, { url: '/api/chapter_view?chapter_id=1006', token: reader })).status).toBe(403);
  });
});

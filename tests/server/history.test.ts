import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { T } from './fixtureIds.js';
import { BACKENDS, call, failure, newToken, setup, success, type TestApp } from './helpers.js';

/**
 * Reading history (server/routes/api/history, server/repos/history.ts): the
 * viewer's position reports, the history view built from them, the rule
 * that the reader's latest move wins but a stale report never does, and
 * removal of one title or all; on each database.
 */

interface Report {
  chapter: number;
  item?: number;
  page: number;
  count?: number;
  at: number;
}

describe.each(BACKENDS)('history on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, `history_${backend}`);
  });
  afterAll(() => t.close());

  const report = (token: string, r: Report) =>
    call(t.app, {
      method: 'POST',
      url: `/api/history/position?chapter_id=${r.chapter}&item=${r.item ?? r.page - 1}&page=${r.page}&page_count=${r.count ?? 4}&at=${r.at}`,
      token,
    });
  const history = async (token: string) => {
    const v = success(await call(t.app, { method: 'GET', url: '/api/history', token })).data;
    if (v.case !== 'historyView') throw new Error(`expected historyView, got ${v.case}`);
    return v.value;
  };

  it('answers an empty history to a new visitor', async () => {
    const h = await history(newToken());
    expect(h.viewHistory).toEqual([]);
    expect(h.entries).toEqual([]);
  });

  it('lists where the visitor was in each title, most recent first', async () => {
    const token = newToken();
    success(await report(token, { chapter: 1006, page: 2, at: 1000 }));
    success(await report(token, { chapter: 4001, page: 1, count: 1, at: 2000 }));
    const h = await history(token);
    expect(h.entries.map((e) => e.chapter?.chapterId)).toEqual([4001, 1006]);
    expect(h.viewHistory.map((x) => x.titleId)).toEqual(h.entries.map((e) => e.title?.titleId));
    const blade = h.entries[1];
    expect(blade.title?.titleId).toBe(T.bladeEn);
    expect(blade.title?.name).toBe('Blade Quest');
    expect(blade.title?.portraitImageUrl).toBeTruthy();
    expect([blade.page, blade.pageCount, blade.item]).toEqual([2, 4, 1]);
    expect(blade.readAt).toBeGreaterThanOrEqual(t.now);
    // Another visitor sees none of it.
    expect((await history(newToken())).entries).toEqual([]);
  });

  it('keeps one entry per title: the latest move wins, back or forward, but a stale report never', async () => {
    const token = newToken();
    success(await report(token, { chapter: 1006, page: 3, at: 1000 }));
    success(await report(token, { chapter: 1007, page: 4, at: 2000 }));
    let [e] = (await history(token)).entries;
    expect([e?.chapter?.chapterId, e?.page]).toEqual([1007, 4]);
    // The reader went back a page: it moves back.
    success(await report(token, { chapter: 1007, page: 2, at: 3000 }));
    [e] = (await history(token)).entries;
    expect(e?.page).toBe(2);
    // A late report taken before that (a debounced write arriving last): ignored.
    success(await report(token, { chapter: 1006, page: 4, at: 2500 }));
    const h = await history(token);
    expect(h.entries).toHaveLength(1);
    expect([h.entries[0]?.chapter?.chapterId, h.entries[0]?.page]).toEqual([1007, 2]);
  });

  it('the position a chapter opened at (at=0) only fills an empty entry', async () => {
    const token = newToken();
    success(await report(token, { chapter: 1006, page: 1, at: 0 }));
    expect((await history(token)).entries[0]?.page).toBe(1);
    success(await report(token, { chapter: 1007, page: 3, at: 5000 }));
    // A browser that lost its local position opens the chapter at its start: the history stays.
    success(await report(token, { chapter: 1007, page: 1, at: 0 }));
    const [e] = (await history(token)).entries;
    expect([e?.chapter?.chapterId, e?.page]).toEqual([1007, 3]);
  });

  it('survives a new browser with the same session token', async () => {
    const token = newToken();
    success(await report(token, { chapter: 1007, page: 3, at: Date.now() }));
    // Nothing but the token is sent: the server alone remembers.
    const [e] = (await history(token)).entries;
    expect([e?.chapter?.chapterId, e?.page, e?.item]).toEqual([1007, 3, 2]);
  });

  it('removes one title, then all', async () => {
    const token = newToken();
    success(await report(token, { chapter: 1006, page: 1, at: 1 }));
    success(await report(token, { chapter: 4001, page: 1, count: 1, at: 2 }));
    success(await call(t.app, { method: 'DELETE', url: `/api/history?title_id=${T.bladeEn}`, token }));
    expect((await history(token)).entries.map((e) => e.chapter?.chapterId)).toEqual([4001]);
    success(await report(token, { chapter: 1006, page: 1, at: 3 }));
    success(await call(t.app, { method: 'DELETE', url: '/api/history', token }));
    expect((await history(token)).entries).toEqual([]);
  });

  it('answers malformed reports and unknown chapters with the error envelope', async () => {
    const token = newToken();
    const bad = [
      '/api/history/position?chapter_id=1006&item=0&page=0&page_count=4&at=1',
      '/api/history/position?chapter_id=1006&item=0&page=5&page_count=4&at=1',
      '/api/history/position?chapter_id=1006&item=0&page=1&page_count=4',
      '/api/history/position?chapter_id=x&item=0&page=1&page_count=4&at=1',
    ];
    for (const url of bad) {
      const a = await call(t.app, { method: 'POST', url, token });
      expect(a.status).toBe(400);
      expect(failure(a).debugInfo).toBeTruthy();
    }
    const missing = await report(token, { chapter: 999999, page: 1, at: 1 });
    expect(missing.status).toBe(404);
    expect(failure(missing).debugInfo).toContain('999999');
    const badId = await call(t.app, { method: 'DELETE', url: '/api/history?title_id=abc', token });
    expect(badId.status).toBe(400);
  });
});

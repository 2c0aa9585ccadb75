import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualServerClock } from '../../server/lib/clock.js';
import { T } from './fixtureIds.js';
import { BACKENDS, call, failure, newToken, setup, success, type TestApp } from './helpers.js';

/**
 * On the server: page bookmarks with a note, reader settings kept on
 * the server, and linking a device without an account (single-use codes that
 * expire, a confirmation on the first device, the guessing and code limits,
 * shared reading, unlinking), on each database.
 */
describe.each(BACKENDS)('reader sync on %s', (backend) => {
  let t: TestApp;
  const clock = manualServerClock(Date.UTC(2026, 10, 26, 10));
  beforeAll(async () => {
    t = await setup(backend, `reader_sync_${backend}`, {}, true, clock);
  });
  afterAll(() => t.close());

  const view = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, address = '10.0.0.1') => {
    const d = success(await call(t.app, { method, url, token, remoteAddress: address })).data;
    return d;
  };
  const marks = async (token: string, q = '') => {
    const d = await view(token, 'GET', `/api/page_bookmarks${q}`);
    if (d.case !== 'pageBookmarksView') throw new Error(`expected pageBookmarksView, got ${d.case}`);
    return d.value.bookmarks;
  };
  const link = async (token: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', url = '/api/device_link', address?: string) => {
    const d = await view(token, method, url, address);
    if (d.case !== 'deviceLinkView') throw new Error(`expected deviceLinkView, got ${d.case}`);
    return d.value;
  };
  const favorites = async (token: string) => {
    const d = await view(token, 'GET', '/api/title_list/bookmark');
    return d.case === 'favoriteTitlesView' ? d.value.titles.map((x) => x.titleId) : [];
  };
  /** Links b to a: a makes a code, b types it, a confirms. */
  const linkPair = async (a: string, b: string, address = '10.0.1.1') => {
    const { code } = await link(a, 'POST', '/api/device_link/code');
    await link(b, 'POST', `/api/device_link/claim?code=${code}&name=Phone`, address);
    return link(a, 'POST', '/api/device_link/confirm?name=Desktop');
  };

  it('bookmarks a page with a note, replaces the note on the same page, lists newest first and removes', async () => {
    const me = newToken();
    const first = await view(me, 'POST', '/api/page_bookmarks?chapter_id=1006&item=1&page=2&page_count=4&note=the%20reveal');
    expect(first.case === 'pageBookmarksView' && first.value.bookmarks.map((b) => b.note)).toEqual(['the reveal']);
    clock.advance(1000);
    await view(me, 'POST', '/api/page_bookmarks?chapter_id=1006&item=3&page=4&page_count=4');
    clock.advance(1000);
    await view(me, 'POST', '/api/page_bookmarks?chapter_id=1006&item=1&page=2&page_count=4&note=%20changed%20');
    const all = await marks(me);
    expect(all.map((b) => [b.item, b.note])).toEqual([
      [1, 'changed'],
      [3, ''],
    ]);
    expect(all[0]).toMatchObject({ chapterId: 1006, page: 2, pageCount: 4 });
    expect(all[0].titleName).not.toBe('');
    expect(await marks(newToken())).toEqual([]);
    expect(await marks(me, `?title_id=${all[0].titleId}`)).toHaveLength(2);
    expect(await marks(me, '?chapter_id=4001')).toEqual([]);
    await view(me, 'DELETE', `/api/page_bookmarks?id=${all[1].id}`);
    expect((await marks(me)).map((b) => b.item)).toEqual([1]);
  });

  it('refuses bad bookmarks with the error envelope and keeps what was there', async () => {
    const me = newToken();
    await view(me, 'POST', '/api/page_bookmarks?chapter_id=1006&item=0&page=1&page_count=4');
    const bad = [
      '/api/page_bookmarks?chapter_id=999999&item=0&page=1&page_count=4',
      '/api/page_bookmarks?chapter_id=1006&item=0&page=5&page_count=4',
      `/api/page_bookmarks?chapter_id=1006&item=0&page=1&page_count=4&note=${'x'.repeat(501)}`,
    ];
    for (const url of bad) expect((await call(t.app, { method: 'POST', url, token: me })).status).toBeGreaterThanOrEqual(400);
    const other = newToken();
    const id = (await marks(me))[0].id;
    expect(failure(await call(t.app, { method: 'DELETE', url: `/api/page_bookmarks?id=${id}`, token: other })).debugInfo).toMatch(
      /not found/,
    );
    expect(await marks(me)).toHaveLength(1);
  });

  it('keeps reader settings as a JSON object', async () => {
    const me = newToken();
    const empty = await view(me, 'GET', '/api/reader_settings');
    expect(empty.case === 'readerSettingsView' && empty.value.settings).toBe('');
    await view(me, 'PUT', `/api/reader_settings?settings=${encodeURIComponent('{"eink":true}')}`);
    const got = await view(me, 'GET', '/api/reader_settings');
    expect(got.case === 'readerSettingsView' && JSON.parse(got.value.settings)).toEqual({ eink: true });
    expect((await call(t.app, { method: 'PUT', url: '/api/reader_settings?settings=%5B1%5D', token: me })).status).toBe(400);
    expect((await call(t.app, { method: 'PUT', url: '/api/reader_settings?settings=nope', token: me })).status).toBe(400);
  });

  it('keeps settings sent in a JSON body up to 16 KiB (the reading profiles), and refuses more', async () => {
    const me = newToken();
    const put = (settings: string) =>
      call(t.app, {
        method: 'PUT',
        url: '/api/reader_settings',
        token: me,
        payload: { settings },
        headers: { 'content-type': 'application/json' },
      });
    const profiles = JSON.stringify({ v: 1, values: { viewer_reader_profiles: 'p'.repeat(12_000) } });
    expect((await put(profiles)).status).toBe(200);
    const got = await view(me, 'GET', '/api/reader_settings');
    expect(got.case === 'readerSettingsView' && got.value.settings).toBe(profiles);
    expect((await put(JSON.stringify({ v: 1, values: { x: 'p'.repeat(16_400) } }))).status).toBe(400);
  });

  it('links a second device: after the first confirms, both share favorites, history, bookmarks and settings', async () => {
    const [a, b] = [newToken(), newToken()];
    await view(a, 'PUT', `/api/title_list/bookmark?title_id=${T.bladeEn}`);
    await view(a, 'POST', '/api/page_bookmarks?chapter_id=1006&item=2&page=3&page_count=4&note=mine');
    await view(b, 'PUT', `/api/title_list/bookmark?title_id=${T.catsEn}`);
    const made = await link(a, 'POST', '/api/device_link/code');
    expect(made.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(made.expiresAt).toBe(clock.nowSec() + 600);
    const claimed = await link(
      b,
      'POST',
      `/api/device_link/claim?code=${made.code.toLowerCase().slice(0, 4)}-${made.code.slice(4)}&name=Phone`,
    );
    expect(claimed.waiting).toBe(true);
    // Until the first device confirms, nothing is shared.
    expect(await favorites(b)).toEqual([T.catsEn]);
    expect((await link(a)).pendingName).toBe('Phone');
    const confirmed = await link(a, 'POST', '/api/device_link/confirm?name=Desktop');
    expect(confirmed.devices.map((d) => [d.name, d.thisDevice]).sort()).toEqual([
      ['Desktop', true],
      ['Phone', false],
    ]);
    expect((await link(b)).devices.map((d) => [d.name, d.thisDevice]).sort()).toEqual([
      ['Desktop', false],
      ['Phone', true],
    ]);
    expect(await favorites(b)).toEqual([T.bladeEn]);
    expect((await marks(b)).map((m) => m.note)).toEqual(['mine']);
    await view(b, 'POST', '/api/history/position?chapter_id=4001&item=0&page=1&page_count=1&at=5000');
    await view(b, 'PUT', `/api/reader_settings?settings=${encodeURIComponent('{"speed":7}')}`);
    const h = await view(a, 'GET', '/api/history');
    expect(h.case === 'historyView' && h.value.entries.map((e) => e.chapter?.chapterId)).toEqual([4001]);
    const s = await view(a, 'GET', '/api/reader_settings');
    expect(s.case === 'readerSettingsView' && s.value.settings).toBe('{"speed":7}');
  });

  it('a code is used once: claiming or confirming it again finds nothing (replay)', async () => {
    const [a, b, c] = [newToken(), newToken(), newToken()];
    const { code } = await link(a, 'POST', '/api/device_link/code');
    await link(b, 'POST', `/api/device_link/claim?code=${code}&name=B`, '10.0.2.1');
    expect(
      (await call(t.app, { method: 'POST', url: `/api/device_link/claim?code=${code}`, token: c, remoteAddress: '10.0.2.2' })).status,
    ).toBe(404);
    await link(a, 'POST', '/api/device_link/confirm');
    expect((await call(t.app, { method: 'POST', url: '/api/device_link/confirm', token: a })).status).toBe(404);
    expect(
      (await call(t.app, { method: 'POST', url: `/api/device_link/claim?code=${code}`, token: c, remoteAddress: '10.0.2.3' })).status,
    ).toBe(404);
    // A device cannot claim its own code.
    const own = await link(c, 'POST', '/api/device_link/code');
    expect(
      (await call(t.app, { method: 'POST', url: `/api/device_link/claim?code=${own.code}`, token: c, remoteAddress: '10.0.2.4' })).status,
    ).toBe(404);
  });

  it('a code expires after 10 minutes, and a declined claim links nothing', async () => {
    const [a, b] = [newToken(), newToken()];
    const { code } = await link(a, 'POST', '/api/device_link/code');
    clock.advance(600_000);
    expect(
      (await call(t.app, { method: 'POST', url: `/api/device_link/claim?code=${code}`, token: b, remoteAddress: '10.0.3.1' })).status,
    ).toBe(404);
    const fresh = await link(a, 'POST', '/api/device_link/code');
    await link(b, 'POST', `/api/device_link/claim?code=${fresh.code}`, '10.0.3.2');
    expect((await link(a, 'POST', '/api/device_link/decline')).pendingName).toBe('');
    expect((await call(t.app, { method: 'POST', url: '/api/device_link/confirm', token: a })).status).toBe(404);
    expect((await link(b)).devices).toEqual([]);
  });

  it('guessing: ten wrong codes from one address refuse every claim from it, the right code too, for the window', async () => {
    const [a, guesser] = [newToken(), newToken()];
    const { code } = await link(a, 'POST', '/api/device_link/code');
    for (let i = 0; i < 10; i++) {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/device_link/claim?code=AAAAAAAA',
        token: newToken(),
        remoteAddress: '10.0.4.1',
      });
      expect(r.status).toBe(404);
    }
    const refused = await call(t.app, {
      method: 'POST',
      url: `/api/device_link/claim?code=${code}`,
      token: guesser,
      remoteAddress: '10.0.4.1',
    });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Per device too: another address does not reset a device's count.
    const dev = newToken();
    for (let i = 0; i < 10; i++)
      await call(t.app, { method: 'POST', url: '/api/device_link/claim?code=BBBBBBBB', token: dev, remoteAddress: `10.0.5.${i}` });
    expect(
      (await call(t.app, { method: 'POST', url: `/api/device_link/claim?code=${code}`, token: dev, remoteAddress: '10.0.6.1' })).status,
    ).toBe(429);
    clock.advance(601_000);
    const again = await link(a, 'POST', '/api/device_link/code');
    expect((await link(guesser, 'POST', `/api/device_link/claim?code=${again.code}`, '10.0.4.1')).waiting).toBe(true);
  });

  it('a device makes at most five codes per 10 minutes; a new code ends the one before', async () => {
    const [a, b] = [newToken(), newToken()];
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await link(a, 'POST', '/api/device_link/code')).code);
    expect((await call(t.app, { method: 'POST', url: '/api/device_link/code', token: a })).status).toBe(429);
    expect(
      (await call(t.app, { method: 'POST', url: `/api/device_link/claim?code=${codes[3]}`, token: b, remoteAddress: '10.0.7.1' })).status,
    ).toBe(404);
    expect((await link(b, 'POST', `/api/device_link/claim?code=${codes[4]}`, '10.0.7.2')).waiting).toBe(true);
  });

  it('unlinking: the unlinked device starts afresh holding nothing of the group, the other keeps it; either side may unlink', async () => {
    const [a, b, c] = [newToken(), newToken(), newToken()];
    await view(a, 'PUT', `/api/title_list/bookmark?title_id=${T.bladeEn}`);
    await linkPair(a, b, '10.0.8.1');
    await view(b, 'POST', '/api/page_bookmarks?chapter_id=1006&item=0&page=1&page_count=4&note=shared');
    const phone = (await link(a)).devices.find((d) => !d.thisDevice)!;
    const after = await link(a, 'DELETE', `/api/device_link?device=${phone.id}`);
    expect(after.devices.map((d) => d.name)).toEqual(['Desktop']);
    expect(await favorites(b)).toEqual([]);
    expect(await marks(b)).toEqual([]);
    expect((await link(b)).devices).toEqual([]);
    expect(await favorites(a)).toEqual([T.bladeEn]);
    expect((await marks(a)).map((m) => m.note)).toEqual(['shared']);
    // The first device unlinks itself: the group's reading stays with the other device, the first holds nothing.
    await linkPair(a, c, '10.0.8.2');
    const me = (await link(a)).devices.find((d) => d.thisDevice)!;
    expect((await link(a, 'DELETE', `/api/device_link?device=${me.id}`)).devices).toEqual([]);
    expect(await favorites(a)).toEqual([]);
    expect(await favorites(c)).toEqual([T.bladeEn]);
    // No unlinking a device of another group.
    const other = (await link(c)).devices[0];
    expect((await call(t.app, { method: 'DELETE', url: `/api/device_link?device=${other.id}`, token: b })).status).toBe(404);
  });
});

import type { ExpressionBuilder, Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import type { Dashboard } from '../../core/console/schemas/stats.js';
import type { Database } from '../../server/db/schema.js';
import { statsBlocks } from '../../server/db/migrations/0020_stats_blocks.js';

/**
 * Known events go in through the recording paths (views, positions,
 * favorites, taps, survey answers, push outcomes) and every dashboard figure
 * is checked against counts computed here, straight from the events, in a
 * zone that is not UTC and across its daylight-saving change (New York,
 * 2026-03-08: that day has 23 hours).
 */
const TZ = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const localDate = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

// [time, visitor, chapter]: every pair once, or apart by more than the counting window.
const VIEWS: [string, string, number][] = [
  ['2026-03-06T15:00:00Z', 'visitor-a', 1006], // 03-06 local: the previous period
  ['2026-03-07T04:30:00Z', 'visitor-a', 1007], // 03-06 23:30 EST: still the previous period
  ['2026-03-07T05:30:00Z', 'visitor-b', 1007], // 03-07 00:30 EST
  ['2026-03-07T05:40:00Z', 'visitor-b', 1006],
  ['2026-03-08T04:30:00Z', 'visitor-c', 3001], // 03-07 23:30 EST
  ['2026-03-08T06:30:00Z', 'visitor-a', 1006], // 03-08 01:30 EST (new count: a day later)
  ['2026-03-08T07:30:00Z', 'visitor-d', 1007], // 03-08 03:30 EDT
  ['2026-03-08T07:35:00Z', 'visitor-d', 1006],
  ['2026-03-09T03:30:00Z', 'visitor-e', 1007], // 03-08 23:30 EDT
  ['2026-03-09T04:30:00Z', 'visitor-b', 1007], // 03-09 00:30 EDT
  ['2026-03-09T20:00:00Z', 'visitor-f', 3001],
];
const TITLE_OF: Record<number, number> = { 1006: 101, 1007: 101, 3001: 201 };
const DAYS = ['2026-03-07', '2026-03-08', '2026-03-09'];

function expectedReading() {
  const firstSeen = new Map<string, string>();
  for (const [t, v] of VIEWS) if (!firstSeen.has(v)) firstSeen.set(v, localDate(at(t)));
  const inDay = (d: string) => VIEWS.filter(([t]) => localDate(at(t)) === d);
  const days = DAYS.map((d) => ({
    bucket: d,
    views: inDay(d).length,
    readers: new Set(inDay(d).map((e) => e[1])).size,
    newReaders: [...firstSeen.values()].filter((x) => x === d).length,
  }));
  const current = VIEWS.filter(([t]) => DAYS.includes(localDate(at(t))));
  const previous = VIEWS.filter(([t]) => localDate(at(t)) < DAYS[0]);
  return { days, current, previous };
}

describe.each(BACKENDS)('statistics dashboards on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  const get = async (url: string) => {
    const r = await api(c.app, 'GET', url, { cookie });
    expect(r.status, r.text).toBe(200);
    return r.json as unknown as Dashboard;
  };
  const q = `from=2026-03-07&to=2026-03-09&tz=${encodeURIComponent(TZ)}`;

  beforeAll(async () => {
    c = await setupConsole(backend, 'stats');
    const repos = c.app.repos;
    for (const [t, v, ch] of VIEWS) {
      c.clock.set(at(t));
      expect(repos.views.claim(v, ch)).toBe(true);
      repos.views.record(v, ch, true);
      await repos.views.flush();
    }
    // Reading positions in chapter 1007: a to page 4, b to 2, e jumped to 3.
    const positions: [string, string, number][] = [
      ['2026-03-07T06:00:00Z', 'visitor-b', 1],
      ['2026-03-07T06:05:00Z', 'visitor-b', 2],
      ['2026-03-08T08:00:00Z', 'visitor-d', 1],
      ['2026-03-08T08:01:00Z', 'visitor-d', 2],
      ['2026-03-08T08:02:00Z', 'visitor-d', 3],
      ['2026-03-08T08:03:00Z', 'visitor-d', 4],
      ['2026-03-09T03:40:00Z', 'visitor-e', 3],
    ];
    for (const [t, v, page] of positions) {
      c.clock.set(at(t));
      await repos.history.save(v, { chapterId: 1007, item: page - 1, page, pageCount: 4, clientMs: at(t) });
    }
    const favs: [string, string, number, 'add' | 'remove'][] = [
      ['2026-03-07T12:00:00Z', 'visitor-a', 101, 'add'],
      ['2026-03-07T12:00:00Z', 'visitor-a', 101, 'add'], // again: no change, not counted
      ['2026-03-08T05:30:00Z', 'visitor-b', 101, 'add'], // 03-08 00:30 EST
      ['2026-03-09T02:00:00Z', 'visitor-a', 101, 'remove'], // 03-08 22:00 EDT
      ['2026-03-09T12:00:00Z', 'visitor-c', 201, 'add'],
    ];
    for (const [t, v, title, op] of favs) {
      c.clock.set(at(t));
      await (op === 'add' ? repos.bookmarks.add(v, title) : repos.bookmarks.remove(v, title));
    }
    c.clock.set(at('2026-03-07T10:00:00Z'));
    for (const v of ['visitor-a', 'visitor-b', 'visitor-c', 'visitor-d'])
      await repos.feedback.tap(v, { kind: 'banner', banner_id: 7, location: 'home', type: 'impression' });
    await repos.feedback.tap('visitor-a', { kind: 'banner', banner_id: 7, location: 'home', type: 'click' });
    await repos.feedback.tap('visitor-a', { kind: 'popup', popup_id: 2, location: 'home', type: 'impression' });
    // A ranking banner's tap: its log names no place, and no impression is logged for it.
    await repos.feedback.tap('visitor-b', { kind: 'banner', banner_id: 30, type: 'click' });
    const answer = { lang: 'eng', answers: '{}', os: '', os_ver: '', app_ver: '', secret: '' };
    c.clock.set(at('2026-03-08T04:59:00Z')); // 03-07 23:59 EST
    await repos.feedback.answer('visitor-a', { key: 'survey1', ...answer });
    c.clock.set(at('2026-03-08T05:01:00Z')); // 03-08 00:01 EST
    await repos.feedback.answer('visitor-b', { key: 'survey1', ...answer });
    await repos.feedback.answer('visitor-b', { key: 'survey1', ...answer }); // a second answer is refused, not counted
    // Chapter 1007's notifications: b, d, x accepted, one expired, one failed, one to be tried again (not yet counted).
    c.clock.set(at('2026-03-07T05:00:00Z'));
    repos.push.countSend(1007, 'sent', 'visitor-b');
    repos.push.countSend(1007, 'sent', 'visitor-d');
    repos.push.countSend(1007, 'sent', 'visitor-x');
    repos.push.countSend(1007, 'expired', 'visitor-y');
    repos.push.countSend(1007, 'failed', 'visitor-z');
    repos.push.countSend(1007, 'retry', 'visitor-w');
    await repos.stats.flush();
    cookie = (await memberWithSession(c.db, ['analyst'], c.clock.nowSec())).cookie;
  });
  afterAll(async () => c?.close());

  it('reading: views, readers, new readers per local day across the DST change, and the previous period', async () => {
    const d = await get(`/stats/reading?${q}`);
    const e = expectedReading();
    expect(d.charts[0].buckets).toEqual(DAYS);
    expect(d.tables.find((t) => t.id === 'buckets')!.rows).toEqual(e.days);
    const total = Object.fromEntries(d.totals.map((t) => [t.name, t]));
    expect(total.views).toEqual({ name: 'views', value: e.current.length, previous: e.previous.length });
    expect(total.readers.value).toBe(new Set(e.current.map((x) => x[1])).size);
    expect(total.readers.previous).toBe(new Set(e.previous.map((x) => x[1])).size);
    expect(total.newReaders.value).toBe(e.days.reduce((s, x) => s + x.newReaders, 0));
    expect(total.returningReaders.value).toBe(total.readers.value - total.newReaders.value);
  });

  it('reading by title, by chapter of a title, by language, and the fastest rising', async () => {
    const e = expectedReading();
    const byTitle = (await get(`/stats/reading?${q}&group=title`)).tables.find((t) => t.id === 'by-title')!;
    for (const title of [101, 201]) {
      const cur = e.current.filter((x) => TITLE_OF[x[2]] === title);
      const row = byTitle.rows.find((r) => r.id === String(title))!;
      expect(row.views).toBe(cur.length);
      expect(row.readers).toBe(new Set(cur.map((x) => x[1])).size);
      expect(row.previousViews).toBe(e.previous.filter((x) => TITLE_OF[x[2]] === title).length);
    }
    const d = await get(`/stats/reading?${q}&group=chapter&title=101`);
    const byChapter = d.tables.find((t) => t.id === 'by-chapter')!;
    for (const ch of [1006, 1007])
      expect(byChapter.rows.find((r) => r.id === String(ch))!.views).toBe(e.current.filter((x) => x[2] === ch).length);
    const rising = d.tables.find((t) => t.id === 'rising')!.rows;
    expect(rising[0]).toMatchObject({ id: '1007', views: 4, previousViews: 1, gain: 3 });
    const byLang = (await get(`/stats/reading?${q}&group=language`)).tables.find((t) => t.id === 'by-language')!;
    expect(byLang.rows.map((r) => [r.name, r.views])).toEqual([['en', e.current.length]]);
    const noTitle = await api(c.app, 'GET', `/stats/reading?${q}&group=chapter`, { cookie });
    expect(noTitle.status).toBe(400);
    expect(noTitle.headers['content-type']).toContain('application/problem+json');
  });

  it('a week bucket in the zone holds its days; a UTC view of the same events splits them elsewhere', async () => {
    const week = await get(`/stats/reading?${q}&by=week`);
    expect(week.charts[0].buckets).toEqual(['2026-03-02', '2026-03-09']);
    const e = expectedReading();
    expect(week.charts[0].series[0].values).toEqual([e.days[0].views + e.days[1].views, e.days[2].views]);
    const utc = await get('/stats/reading?from=2026-03-07&to=2026-03-09&tz=UTC');
    const utcDay = (d: string) => VIEWS.filter(([t]) => t.startsWith(d)).length;
    expect(utc.charts[0].series[0].values).toEqual(DAYS.map(utcDay));
  });

  it('how far readers get in a chapter, where they stop, and who goes on to the next', async () => {
    const d = await get(`/stats/reach?${q}&chapter=1007`);
    // Furthest page per reader: d 4, e 3, b 2.
    expect(d.tables[0].rows.map((r) => [r.page, r.readers, r.stopped])).toEqual([
      [1, 3, 0],
      [2, 3, 1],
      [3, 2, 1],
      [4, 1, 1],
    ]);
    const cur = expectedReading().current;
    const readers = (ch: number) => new Set(cur.filter((x) => x[2] === ch).map((x) => x[1]));
    const a = readers(1006);
    const b = readers(1007);
    const goOn = [...a].filter((v) => b.has(v)).length;
    const prev = await get(`/stats/reach?${q}&chapter=1006`);
    const t = Object.fromEntries(prev.totals.map((x) => [x.name, x.value]));
    expect(t.readers).toBe(a.size);
    expect(t.goOn).toBe(goOn);
  });

  it('favorites gained and lost per local day and per title', async () => {
    const d = await get(`/stats/favorites?${q}`);
    expect(d.charts[0].series.map((s) => s.values)).toEqual([
      [1, 1, 1],
      [0, 1, 0],
    ]);
    expect(d.tables[0].rows.map((r) => [r.id, r.added, r.removed, r.net])).toEqual([
      ['101', 2, 1, 1],
      ['201', 1, 0, 1],
    ]);
  });

  it('notifications per release, and readers who opened it within a day', async () => {
    const d = await get(`/stats/notifications?${q}`);
    const sentAt = at('2026-03-07T05:00:00Z');
    const notified = new Set(['visitor-b', 'visitor-d', 'visitor-x']);
    const opened = new Set(
      VIEWS.filter(([t, v, ch]) => ch === 1007 && notified.has(v) && at(t) >= sentAt && at(t) < sentAt + 86_400_000).map((x) => x[1]),
    );
    expect(opened.size).toBe(1); // b at once; d a day and 2.5 hours later: too late
    expect(d.tables[0].rows).toEqual([
      expect.objectContaining({ id: 1007, sent: 5, accepted: 3, failed: 1, expired: 1, opened24h: opened.size, openRate: opened.size / 3 }),
    ]);
  });

  it('banners and popups: impressions, taps and rate per item and place; survey answers per local day', async () => {
    const d = await get(`/stats/promos?${q}`);
    expect(d.tables[0].rows).toEqual([
      expect.objectContaining({ kind: 'banner', id: 7, place: 'home', impressions: 4, taps: 1, rate: 0.25 }),
      expect.objectContaining({ kind: 'popup', id: 2, place: 'home', impressions: 1, taps: 0, rate: 0 }),
      // Counted as a tap, at the banner's placement, with no rate (no impressions are logged for it).
      expect.objectContaining({ kind: 'banner', id: 30, place: 'ranking', impressions: 0, taps: 1, rate: null }),
    ]);
    // The overall rate is that of the items with impressions: 1 tap in 5, not 2.
    expect(d.totals.find((x) => x.name === 'rate')?.value).toBe(1 / 5);
    const s = await get(`/stats/surveys?${q}`);
    expect(s.charts[0].series[0].values).toEqual([1, 1, 0]);
  });

  it('dropping raw events past retention keeps every figure', async () => {
    const before = await get(`/stats/reading?${q}`);
    const promos = await get(`/stats/promos?${q}`);
    await c.app.repos.views.prune(at('2026-04-01T00:00:00Z') / 1000);
    await c.app.repos.stats.pruneRaw(at('2026-04-01T00:00:00Z') / 1000);
    expect(await c.db.selectFrom('viewed_chapters').select('chapter_id').execute()).toEqual([]);
    expect(await get(`/stats/reading?${q}`)).toEqual(before);
    expect(await get(`/stats/promos?${q}`)).toEqual(promos);
  });

  it('rollups written before the blocks of hours and days (migration 0020 adds them) read as written with them', async () => {
    const urls = ['', '&group=title', '&group=chapter&title=101', '&by=week'].map((x) => `/stats/reading?${q}${x}`);
    urls.push(`/stats/reach?${q}&chapter=1007`, `/stats/notifications?${q}`);
    const before = await Promise.all(urls.map(get));
    // What was recorded before 0020: hours, and days (0017); no other blocks.
    const blocks = (eb: ExpressionBuilder<Database, 'stats_hourly'>) =>
      eb.and([eb('metric', 'like', '%:%'), eb('metric', 'not like', '%:day')]);
    expect(Number((await c.db.deleteFrom('stats_hourly').where(blocks).executeTakeFirst()).numDeletedRows)).toBeGreaterThan(0);
    expect(await get(urls[0])).not.toEqual(before[0]);
    await statsBlocks().up(c.db as unknown as Kysely<unknown>);
    expect(await Promise.all(urls.map(get))).toEqual(before);
  });

  it('only analysts (and owners) get the numbers; answers name no visitor; a bad zone is a problem', async () => {
    const editor = await memberWithSession(c.db, ['editor'], c.clock.nowSec());
    for (const path of ['reading', 'favorites', 'notifications', 'promos', 'surveys'])
      expect((await api(c.app, 'GET', `/stats/${path}?${q}`, { cookie: editor.cookie })).status).toBe(403);
    for (const path of ['reading', 'reach', 'favorites', 'notifications', 'promos', 'surveys']) {
      const r = await api(c.app, 'GET', `/stats/${path}?${q}&chapter=1007`, { cookie });
      expect(r.text).not.toMatch(/visitor-/);
    }
    const bad = await api(c.app, 'GET', '/stats/reading?from=2026-03-07&to=2026-03-09&tz=Mars/Base', { cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation');
  });
});

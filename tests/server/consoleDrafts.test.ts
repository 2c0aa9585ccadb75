import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Language } from '../../core/gen/manga/v1/common_pb.js';
import { BACKENDS, call } from './helpers.js';
import { S, T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { page, upload } from './consoleCatalogHelpers.js';

/** A name no fixture title has: its bytes in an answer mean the answer points at the draft. */
const NAME = 'Qzv Harbour Draft';
const TH_NAME = 'Qzv ท่าเรือ';
const NEW_SERIES = {
  label: 9,
  status: 'ongoing',
  releaseSchedule: 2,
  updateTiming: 1,
  rating: 1,
  simulrelease: false,
  rightToLeft: true,
  viewerMode: 'any',
  tags: ['Sea'],
  title: { language: 'en', name: NAME, author: 'A. Writer', overview: 'Ships.', viewingPeriod: '', nonAppearance: '', isNew: true },
};
const APP = 'os=android&os_ver=34&app_ver=97&secret=0123456789abcdef0123456789abcdef';

/** Every reader surface a draft could leak into: web lists, search, rankings, home, featured, languages, the mobile API. */
const SURFACES = [
  '/api/title_list/allV2',
  '/api/title_list/all_v3?type=serializing&lang=eng',
  '/api/title_list/rankingV2?lang=eng&type=hottest',
  '/api/title_list/rankingV2?lang=eng&type=trending',
  '/api/title_list/updated',
  '/api/web/web_homeV4?lang=eng&viewer_mode=vertical',
  '/api/featuredV2?lang=eng',
  `/api/home_v4?viewer_mode=vertical&lang=eng&clang=eng&${APP}`,
  `/api/title_list/search?lang=eng&clang=eng&${APP}`,
  `/api/title_list/free_titles?clang=eng&${APP}`,
  `/api/title_list/rankingV2?lang=eng&type=hottest&${APP}`,
];

/** Drafts: a new series and its titles are nobody's but the staff's until a chapter is released or it is published as coming soon. */
describe.each(BACKENDS)('console drafts on %s', (backend) => {
  let c: ConsoleApp;
  let editor: { cookie: string };
  let seriesId: number;
  let titleId: number;
  const body = async (url: string) => {
    const a = await call(c.app, { url });
    expect(a.status, url).toBe(200);
    return a.body.toString('utf8');
  };
  /** The surfaces whose answer names `name` (the cache dropped first: what a node computes afresh). */
  const leaks = async (name: string) => {
    c.app.services.clear();
    const out: string[] = [];
    for (const url of SURFACES) if ((await body(url)).includes(name)) out.push(url);
    return out;
  };
  const detail = (id: number) => call(c.app, { url: `/api/title_detailV3?title_id=${id}` });
  const languages = async () => {
    const a = await call(c.app, { url: '/api/language' });
    return a.res.result.case === 'success' ? (a.res.result.value.languages?.availableLanguages ?? []) : [];
  };
  beforeAll(async () => {
    c = await setupConsole(backend, 'drafts');
    editor = await memberWithSession(c.db, ['editor'], c.clock.nowSec());
  });
  afterAll(() => c?.close());

  it('the one new-title form makes a series and its title as drafts, of the publisher chosen', async () => {
    const pub = await api(c.app, 'POST', '/publishers', { cookie: editor.cookie, body: { name: 'Harbour Press' } });
    expect(pub.status, pub.text).toBe(201);
    const made = await api(c.app, 'POST', '/series', { cookie: editor.cookie, body: { ...NEW_SERIES, publisherId: pub.json.id } });
    expect(made.status, made.text).toBe(201);
    seriesId = made.json.id as number;
    const titles = made.json.titles as { id: number; readers: string; name: string }[];
    expect(made.json).toMatchObject({ slug: 'qzv-harbour-draft', publisherId: pub.json.id });
    expect(titles.map((t) => [t.name, t.readers])).toEqual([[NAME, 'draft']]);
    titleId = titles[0].id;
    const list = await api(c.app, 'GET', '/series?q=qzv', { cookie: editor.cookie });
    expect(list.json.series).toEqual([expect.objectContaining({ id: seriesId, publisherId: pub.json.id })]);
  });

  it('a draft is on no reader surface and its title page is not found', async () => {
    expect(await leaks(NAME)).toEqual([]);
    const d = await detail(titleId);
    expect(d.status).toBe(404);
    expect((await languages()).find((l) => l.language === Language.ENGLISH)?.titlesCount).toBe(3);
  });

  it("a staff preview link opens a draft title's chapter in the reader's viewer; without it, nothing", async () => {
    const ch = await api(c.app, 'POST', '/chapters', { cookie: editor.cookie, body: { titleId, name: 'Qzv First', subTitle: '' } });
    expect(ch.status, ch.text).toBe(201);
    const id = ch.json.id as number;
    const up = await upload(c.app, editor.cookie, id, '1.png', await page(600, 850, 40));
    await api(c.app, 'POST', `/chapters/${id}/process`, { cookie: editor.cookie, body: { uploads: [up], version: 0 } });
    await c.app.catalog.jobs.idle();
    const link = await api(c.app, 'POST', `/preview/${id}`, { cookie: editor.cookie });
    expect(link.status, link.text).toBe(200);
    type Viewer = { success?: { mangaViewer: { chapterName: string; titleName: string; pages: { mangaPage?: unknown }[] } } };
    const viewer = async (query: string) =>
      (await c.app.inject({ method: 'GET', url: `/api/manga_viewer?chapter_id=${id}&format=json${query}` })).json<Viewer>();
    const seen = (await viewer(`&preview=${link.json.token as string}`)).success?.mangaViewer;
    expect(seen?.chapterName).toBe('Qzv First');
    expect(seen?.titleName).toBe(NAME);
    expect(seen?.pages.filter((p) => p.mangaPage)).toHaveLength(1);
    expect((await viewer('')).success).toBeUndefined();
    expect(await leaks(NAME)).toEqual([]);
  });

  it('a draft language added to a live series: its title page lists no draft language, the lists no draft title', async () => {
    const th = await api(c.app, 'POST', `/series/${S.blade}/titles`, {
      cookie: editor.cookie,
      body: { language: 'th', name: TH_NAME, author: '', overview: '', viewingPeriod: '', nonAppearance: '', isNew: false },
    });
    expect(th.json.readers).toBe('draft');
    c.app.services.clear();
    const blade = await detail(T.bladeEn);
    expect(blade.status).toBe(200);
    expect(blade.body.toString('utf8')).not.toContain(TH_NAME);
    const v =
      blade.res.result.case === 'success' && blade.res.result.value.data.case === 'titleDetailView'
        ? blade.res.result.value.data.value
        : undefined;
    expect(v?.titleLanguages.map((l) => l.titleId)).toEqual([T.bladeEn, T.bladeEs]);
    expect(await leaks(TH_NAME)).toEqual([]);
    expect((await detail(th.json.id as number)).status).toBe(404);
  });

  it('only an editor (or the owner) publishes; at the version read; the date must be ahead', async () => {
    const soonAt = c.clock.nowSec() + 7 * 86400;
    const b = { soonAt, soonText: 'Every Friday from June', version: 0 };
    for (const role of ['localizer', 'moderator', 'analyst'] as const) {
      const m = await memberWithSession(c.db, [role], c.clock.nowSec(), ['en']);
      const a = await api(c.app, 'POST', `/series/${seriesId}/publish`, { cookie: m.cookie, body: b });
      expect([a.status, a.json.code], role).toEqual([403, 'forbidden']);
    }
    const past = await api(c.app, 'POST', `/series/${seriesId}/publish`, { cookie: editor.cookie, body: { ...b, soonAt: 10 } });
    expect([past.status, past.json.code]).toEqual([400, 'validation']);
    const stale = await api(c.app, 'POST', `/series/${seriesId}/publish`, { cookie: editor.cookie, body: { ...b, version: 5 } });
    expect([stale.status, stale.json.code]).toEqual([409, 'conflict']);
    expect((await detail(titleId)).status).toBe(404);
  });

  it('published as coming soon: the title page shows the date and the schedule; the lists show it; audited', async () => {
    const owner = await memberWithSession(c.db, ['owner'], c.clock.nowSec());
    const soonAt = c.clock.nowSec() + 7 * 86400;
    const pub = await api(c.app, 'POST', `/series/${seriesId}/publish`, {
      cookie: owner.cookie,
      body: { soonAt, soonText: 'Every Friday from June', version: 0 },
    });
    expect(pub.status, pub.text).toBe(200);
    expect((pub.json.titles as { readers: string; soonAt: number }[]).map((t) => [t.readers, t.soonAt])).toEqual([['soon', soonAt]]);
    const d = await detail(titleId);
    expect(d.status).toBe(200);
    const v =
      d.res.result.case === 'success' && d.res.result.value.data.case === 'titleDetailView' ? d.res.result.value.data.value : undefined;
    expect([v?.nextTimeStamp, v?.nonAppearanceInfo, v?.chapterListV2.length]).toEqual([soonAt, 'Every Friday from June', 0]);
    expect(await body('/api/title_list/allV2')).toContain(NAME);
    expect(await body('/api/title_list/all_v3?type=serializing&lang=eng')).toContain(NAME);
    // Nothing left to publish.
    const again = await api(c.app, 'POST', `/series/${seriesId}/publish`, {
      cookie: editor.cookie,
      body: { soonAt, soonText: 'x', version: pub.json.version as number },
    });
    expect(again.status).toBe(400);
    const audit = await api(c.app, 'GET', `/audit?target=series:${seriesId}`, { cookie: owner.cookie });
    expect(JSON.stringify(audit.json)).toContain('series.publish');
  });

  const seriesVersion = async () => (await api(c.app, 'GET', `/series/${seriesId}`, { cookie: editor.cookie })).json.version as number;
  const unpublish = (cookie: string, version: number) => api(c.app, 'POST', `/series/${seriesId}/unpublish`, { cookie, body: { version } });

  it('only an editor (or the owner) takes a series back to draft; at the version read', async () => {
    const version = await seriesVersion();
    for (const role of ['localizer', 'moderator', 'analyst'] as const) {
      const m = await memberWithSession(c.db, [role], c.clock.nowSec(), ['en']);
      const a = await unpublish(m.cookie, version);
      expect([a.status, a.json.code], role).toEqual([403, 'forbidden']);
    }
    const stale = await unpublish(editor.cookie, version + 5);
    expect([stale.status, stale.json.code]).toEqual([409, 'conflict']);
    expect((stale.json.current as { version: number }).version).toBe(version);
    expect((await detail(titleId)).status).toBe(200);
  });

  it('back to draft: every node told, the reader stops listing it and its page is not found; audited; published again', async () => {
    // The reader's answers as cached now (no cache dropped by hand below: the write's notice must do it).
    expect(await body('/api/title_list/allV2')).toContain(NAME);
    expect((await detail(titleId)).status).toBe(200);
    const back = await unpublish(editor.cookie, await seriesVersion());
    expect(back.status, back.text).toBe(200);
    expect(
      (back.json.titles as { readers: string; soonAt: number; soonText: string }[]).map((t) => [t.readers, t.soonAt, t.soonText]),
    ).toEqual([['draft', 0, '']]);
    expect(await body('/api/title_list/allV2')).not.toContain(NAME);
    expect(await body('/api/title_list/all_v3?type=serializing&lang=eng')).not.toContain(NAME);
    expect((await detail(titleId)).status).toBe(404);
    expect(await leaks(NAME)).toEqual([]);
    // A draft has nothing to take back.
    const again = await unpublish(editor.cookie, back.json.version as number);
    expect([again.status, again.json.code]).toEqual([400, 'validation']);
    const owner = await memberWithSession(c.db, ['owner'], c.clock.nowSec());
    const audit = await api(c.app, 'GET', `/audit?target=series:${seriesId}`, { cookie: owner.cookie });
    expect(JSON.stringify(audit.json)).toContain('series.unpublish');
    const soonAt = c.clock.nowSec() + 7 * 86400;
    const pub = await api(c.app, 'POST', `/series/${seriesId}/publish`, {
      cookie: editor.cookie,
      body: { soonAt, soonText: 'Every Friday from July', version: back.json.version as number },
    });
    expect(pub.status, pub.text).toBe(200);
    expect((await detail(titleId)).status).toBe(200);
  });

  it('once a chapter of it is released, a coming-soon series cannot go back to draft (wrong-state), and stays', async () => {
    await c.db
      .insertInto('chapters')
      .values({
        id: 990002,
        title_id: titleId,
        seq: 1,
        name: '#001',
        sub_title: 'Chapter 1',
        thumbnail_url: '',
        start_ts: c.clock.nowSec() - 60,
        end_ts: 0,
        is_vertical_only: 0,
        is_horizontal_only: 0,
        view_count: 0,
        ticket_end: 0,
        notified_at: 0,
      })
      .execute();
    const refused = await unpublish(editor.cookie, await seriesVersion());
    expect([refused.status, refused.json.code]).toEqual([409, 'wrong-state']);
    c.app.services.clear();
    expect((await detail(titleId)).status).toBe(200);
    const s = await api(c.app, 'GET', `/series/${seriesId}`, { cookie: editor.cookie });
    expect((s.json.titles as { readers: string }[]).map((t) => t.readers)).toEqual(['live']);
  });

  it('a draft goes live by itself when its first chapter is released', async () => {
    const blade = await api(c.app, 'GET', `/series/${S.blade}`, { cookie: editor.cookie });
    expect(blade.status, blade.text).toBe(200);
    const th = blade.json.titles as { id: number; language: string }[];
    const thId = th.find((t) => t.language === 'th')!.id;
    const at = c.clock.nowSec() + 3600;
    await c.db
      .insertInto('chapters')
      .values({
        id: 990001,
        title_id: thId,
        seq: 1,
        name: '#001',
        sub_title: 'ตอนที่ 1',
        thumbnail_url: '',
        start_ts: at,
        end_ts: 0,
        is_vertical_only: 0,
        is_horizontal_only: 0,
        view_count: 0,
        ticket_end: 0,
        notified_at: 0,
      })
      .execute();
    c.app.services.clear();
    // Scheduled, not released: still a draft.
    expect((await detail(thId)).status).toBe(404);
    expect(await body('/api/title_list/allV2')).not.toContain(TH_NAME);
    c.clock.advance(3601 * 1000);
    expect((await detail(thId)).status).toBe(200);
    expect(await body('/api/title_list/allV2')).toContain(TH_NAME);
    // (A fresh session: the hour went past the first one's idle limit.)
    const later = await memberWithSession(c.db, ['editor'], c.clock.nowSec());
    const s = await api(c.app, 'GET', `/series/${S.blade}`, { cookie: later.cookie });
    expect((s.json.titles as { id: number; readers: string }[]).find((t) => t.id === thId)?.readers).toBe('live');
  });

  it('the seeded catalog is no draft: every fixture title stays on the reader', async () => {
    for (const id of Object.values(T)) expect((await detail(id)).status, String(id)).toBe(200);
  });
});

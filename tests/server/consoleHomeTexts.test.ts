import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, call, success } from './helpers.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { S, T } from './fixtureIds.js';

const SCHEDULED = 9301;
const scheduled = (startTs: number) => ({
  id: SCHEDULED,
  title_id: T.catsEn,
  seq: 93,
  name: '#093',
  sub_title: 'Scheduled',
  thumbnail_url: `/img/c/${SCHEDULED}.webp`,
  start_ts: startTs,
  end_ts: 0,
  is_vertical_only: 0,
  is_horizontal_only: 0,
  view_count: 0,
  ticket_end: 0,
  notified_at: 0,
});

/** Announcements, news, popups, featured lists and the home preview, as editors make them and readers get them. */
describe.each(BACKENDS)('console home texts on %s', (backend) => {
  let c: ConsoleApp;
  let editor: { id: number; cookie: string };
  beforeAll(async () => {
    c = await setupConsole(backend, 'home_texts');
  });
  // A fresh session each time: the tests move the clock past a session's idle limit.
  beforeEach(async () => {
    editor = await memberWithSession(c.db, ['editor'], c.clock.nowSec());
  });
  afterAll(() => c?.close());

  const home = async (lang: string, cookie?: string) => {
    const a = await call(c.app, { method: 'GET', url: `/api/web/web_homeV4?lang=${lang}`, ...(cookie ? { headers: { cookie } } : {}) });
    const v = success(a).data;
    if (v.case !== 'webHomeViewV4') throw new Error(v.case);
    return { view: v.value, cacheControl: JSON.stringify(a.headers['cache-control'] ?? '') };
  };

  it('refuses an announcement with scripts, handlers, javascript: links, styles or iframes, naming each; stores nothing', async () => {
    const before = await c.db.selectFrom('announcements').select('id').execute();
    for (const [body, finding] of [
      ['<p>Hi<script>alert(1)</script></p>', '<script> is not allowed'],
      ['<p onclick="alert(1)">Hi</p>', 'the onclick attribute is not allowed'],
      ['<a href="javascript:alert(1)">x</a>', 'javascript: links are not allowed'],
      ['<a href=" jav&#x09;ascript:alert(1)">x</a>', 'javascript: links are not allowed'],
      ['<p style="color:red">x</p>', 'the style attribute is not allowed'],
      ['<style>p{}</style><p>x</p>', '<style> is not allowed'],
      ['<iframe src="https://example.com"></iframe>', '<iframe> is not allowed'],
    ]) {
      const a = await api(c.app, 'POST', '/announcements', {
        cookie: editor.cookie,
        body: { language: 'en', title: 'T', body, publishAt: c.clock.nowSec(), status: 'published' },
      });
      expect([a.status, a.json.code], body).toEqual([400, 'validation']);
      expect(
        (a.json.errors as { path: string; message: string }[]).map((e) => e.message),
        body,
      ).toContain(finding);
    }
    expect(await c.db.selectFrom('announcements').select('id').execute()).toEqual(before);
  });

  it('a scheduled announcement reaches readers at its time, sanitised; a localizer writes only their languages', async () => {
    const at = c.clock.nowSec() + 120;
    const made = await api(c.app, 'POST', '/announcements', {
      cookie: editor.cookie,
      body: {
        language: 'es',
        title: 'Mantenimiento',
        body: '<p>Hola <a href="https://example.com">aquí</a></p>',
        publishAt: at,
        status: 'published',
      },
    });
    expect([made.status, made.json.phase]).toEqual([201, 'scheduled']);
    const titles = async () => (await home('esp')).view.serviceAnnouncements.map((a) => a.title);
    expect(await titles()).not.toContain('Mantenimiento');
    c.clock.advance(120_000);
    expect(await titles()).toContain('Mantenimiento');
    const shown = (await home('esp')).view.serviceAnnouncements.find((a) => a.title === 'Mantenimiento');
    expect(shown?.body).toContain('rel="noopener noreferrer"');

    const localizer = await memberWithSession(c.db, ['localizer'], c.clock.nowSec(), ['fr']);
    const body = { language: 'es', title: 'x', body: '<p>x</p>', publishAt: 0, status: 'draft' };
    expect((await api(c.app, 'POST', '/announcements', { cookie: localizer.cookie, body })).json.code).toBe('forbidden');
    expect((await api(c.app, 'POST', '/announcements', { cookie: localizer.cookie, body: { ...body, language: 'fr' } })).status).toBe(201);
    const audit = await c.db.selectFrom('audit_log').select('action').where('action', 'like', 'announcement.%').execute();
    expect(audit.map((r) => r.action)).toEqual(['announcement.create', 'announcement.create']);
  });

  it('news: refuses a bad action and an unknown publisher; a draft stays out of the reader list', async () => {
    const base = { publisherId: 1, language: 'en', subject: 'Big news', body: '<p>ok</p>', actionUrl: '', publishAt: 0, status: 'draft' };
    expect(
      (await api(c.app, 'POST', '/news', { cookie: editor.cookie, body: { ...base, actionUrl: 'data:text/html,x' } })).json.errors,
    ).toEqual([expect.objectContaining({ path: '/actionUrl' })]);
    expect((await api(c.app, 'POST', '/news', { cookie: editor.cookie, body: { ...base, publisherId: 99 } })).status).toBe(400);
    const made = await api(c.app, 'POST', '/news', { cookie: editor.cookie, body: base });
    expect(made.status).toBe(201);
    const subjects = async () => (await c.app.repos.promo.news(1, 0)).map((n) => n.subject);
    expect(await subjects()).not.toContain('Big news');
    await api(c.app, 'PATCH', `/news/${made.json.id as number}`, {
      cookie: editor.cookie,
      body: { status: 'published', version: made.json.version },
    });
    expect(await subjects()).toContain('Big news');
  });

  it('a French popup wins over the generic one for French readers, keeps its id through edits, and ends with its period', async () => {
    const made = await api(c.app, 'POST', '/popups', {
      cookie: editor.cookie,
      body: {
        placement: 'home',
        kind: 'one_image',
        languages: ['fr'],
        subject: '',
        body: '',
        action: { method: 'push', url: `mangaplus://open/detail?id=${T.catsFr}` },
        seriesId: 0,
        startAt: c.clock.nowSec(),
        endAt: c.clock.nowSec() + 3600,
        status: 'published',
      },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.json.id as number;
    expect((await home('fra')).view.popup?.popupId).toBe(id);
    expect((await home('eng')).view.popup?.popupId).toBe(1);
    const edited = await api(c.app, 'PATCH', `/popups/${id}`, {
      cookie: editor.cookie,
      body: { subject: 'New', version: made.json.version },
    });
    expect(edited.json.id).toBe(id);
    expect((await home('fra')).view.popup?.popupId).toBe(id);
    const rated = await api(c.app, 'POST', '/popups', {
      cookie: editor.cookie,
      body: { ...(made.json as object), kind: 'app_default', subject: '', seriesId: S.blade, startAt: 0, endAt: null },
    });
    expect(rated.json.errors).toEqual([expect.objectContaining({ path: '/subject' })]);
    c.clock.advance(3600_000);
    expect((await home('fra')).view.popup?.popupId).toBe(1);
  });

  it('featured lists: a name per language, released series only, and the page order', async () => {
    const bad = await api(c.app, 'POST', '/featured/lists', {
      cookie: editor.cookie,
      body: { kind: 'titles', name: 'New', names: { fr: 'Nouveautés' }, seriesIds: [S.cats, 999] },
    });
    expect((bad.json.errors as { path: string }[]).map((e) => e.path)).toEqual(['/seriesIds/1']);
    const made = await api(c.app, 'POST', '/featured/lists', {
      cookie: editor.cookie,
      body: { kind: 'titles', name: 'New', names: { fr: 'Nouveautés' }, seriesIds: [S.cats] },
    });
    expect(made.status, made.text).toBe(201);
    const names = async (lang: string) => (await home(lang)).view.featuredTitleLists.map((l) => l.listName);
    expect(await names('fra')).toContain('Nouveautés');
    expect(await names('eng')).toContain('New');
    const page = (await api(c.app, 'GET', '/featured', { cookie: editor.cookie })).json.blocks as { kind: string; id: number }[];
    const reversed = [...page].reverse();
    const put = await api(c.app, 'PUT', '/featured/blocks', { cookie: editor.cookie, body: { blocks: reversed } });
    expect(put.json.blocks).toEqual(reversed);
    expect((await api(c.app, 'PUT', '/featured/blocks', { cookie: editor.cookie, body: { blocks: reversed.slice(1) } })).status).toBe(400);
  });

  it('the home preview shows drafts and a future moment to the staff browser holding the grant, never to anyone else', async () => {
    const draft = await api(c.app, 'POST', '/banners', {
      cookie: editor.cookie,
      body: {
        placement: 'home_top',
        titleId: 0,
        publisherId: 0,
        languages: ['de'],
        action: { method: 'push', url: '' },
        isPr: false,
        startAt: c.clock.nowSec() + 86_400,
        endAt: null,
        status: 'draft',
      },
    });
    const id = draft.json.id as number;
    const grant = await c.app.inject({
      method: 'POST',
      url: '/console/api/preview-home',
      headers: {
        cookie: `console_session=${editor.cookie}`,
        'x-console-request': '1',
        origin: 'http://localhost',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ language: 'de', at: c.clock.nowSec() + 86_400 }),
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const setCookie = String(grant.headers['set-cookie']);
    expect(setCookie).toMatch(/^reader_preview=[\w-]{20,}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=600/);
    const cookie = setCookie.split(';')[0];
    const seen = await home('eng', cookie);
    expect(seen.view.topBanners.map((b) => b.id)).toContain(id);
    // A chapter scheduled for that moment is in the preview's updates, not in a reader's.
    const updated = (v: typeof seen.view) => v.groups.flatMap((g) => g.titleGroups.flatMap((t) => t.titles.map((x) => x.chapterId)));
    await c.db
      .insertInto('chapters')
      .values(scheduled(c.clock.nowSec() + 3600))
      .execute();
    expect(updated((await home('eng', cookie)).view)).toContain(SCHEDULED);
    expect(updated((await home('eng')).view)).not.toContain(SCHEDULED);
    expect(seen.cacheControl).toContain('no-store');
    // A visitor: no cookie, or one made up.
    expect((await home('deu')).view.topBanners.map((b) => b.id)).not.toContain(id);
    expect((await home('deu', 'reader_preview=made-up-by-a-visitor-0123456789')).view.topBanners.map((b) => b.id)).not.toContain(id);
    // Signing out ends the grant.
    await api(c.app, 'DELETE', '/session', { cookie: editor.cookie });
    expect((await home('deu', cookie)).view.topBanners.map((b) => b.id)).not.toContain(id);
  });
});

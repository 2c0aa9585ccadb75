import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, call, newToken, success } from './helpers.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/** Surveys built and counted, comments moderated as readers see them, the feedback inbox. */
describe.each(BACKENDS)('console readers’ voice on %s', (backend) => {
  let c: ConsoleApp;
  let editor: string;
  let moderator: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'home_voice');
  });
  beforeEach(async () => {
    editor = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
    moderator = (await memberWithSession(c.db, ['moderator'], c.clock.nowSec())).cookie;
  });
  afterAll(() => c?.close());

  const question = (over: Record<string, unknown> = {}) => ({
    description: '¿Cuál?',
    canSkip: false,
    numberOfChoices: 1,
    selection: ['Uno', 'Dos'],
    hideFreeform: false,
    freeForm: 'Otro',
    ...over,
  });
  const text = (questions: unknown[]) => ({ subject: 'Encuesta', questions, answeredSubject: 'Gracias', answeredBody: '¡Gracias!' });
  const readerSurvey = (key: string, token: string, lang = 'esp') =>
    call(c.app, { method: 'GET', url: `/api/questionnaire?questionnaire_key=${key}&lang=${lang}`, token });

  it('refuses a survey with no question, a limit above its choices, or no choice at all', async () => {
    for (const [texts, path] of [
      [{ es: text([]) }, '/texts/es/questions'],
      [{ es: text([question({ numberOfChoices: 4 })]) }, '/texts/es/questions/0/numberOfChoices'],
      [{ es: text([question({ selection: [], hideFreeform: true })]) }, '/texts/es/questions/0/selection'],
      [{}, '/texts'],
    ] as const) {
      const a = await api(c.app, 'POST', '/surveys', { cookie: editor, body: { key: 'bad', startAt: 0, endAt: null, texts } });
      expect([a.status, (a.json.errors as { path: string }[])?.[0]?.path], a.text).toEqual([400, path]);
    }
    expect(await c.db.selectFrom('questionnaires').select('id').where('key', '=', 'bad').execute()).toEqual([]);
  });

  it('a survey built as a draft is nobody’s until opened; answered in Spanish, it is counted and exported', async () => {
    const made = await api(c.app, 'POST', '/surveys', {
      cookie: editor,
      body: {
        key: 'spring',
        startAt: 0,
        endAt: null,
        texts: { es: text([question(), question({ description: '¿Cuáles?', numberOfChoices: 3, canSkip: true })]) },
      },
    });
    expect([made.status, made.json.status], made.text).toEqual([201, 'draft']);
    const reader = newToken();
    expect((await readerSurvey('spring', reader)).res.result.case).toBe('error');
    const open = await api(c.app, 'PATCH', '/surveys/spring', { cookie: editor, body: { status: 'open', version: made.json.version } });
    expect(open.json.status).toBe('open');
    const form = success(await readerSurvey('spring', reader)).data;
    expect(form.case === 'questionnaireView' && form.value.subject).toBe('Encuesta');
    const answer = (token: string, body: unknown) =>
      call(c.app, {
        method: 'PUT',
        url: '/api/questionnaire?questionnaire_key=spring&lang=esp&os=web',
        token,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    success(await answer(reader, { q1: 'Dos', q2: ['Uno', 'mi respuesta'] }));
    success(await answer(newToken(), { q1: 'Dos' }));
    const results = await api(c.app, 'GET', '/surveys/spring/results?language=es', { cookie: editor });
    expect(results.json).toEqual({
      total: 2,
      questions: [
        {
          description: '¿Cuál?',
          choices: [
            { label: 'Uno', count: 0 },
            { label: 'Dos', count: 2 },
          ],
          other: { count: 0, answers: [] },
          skipped: 0,
        },
        {
          description: '¿Cuáles?',
          choices: [
            { label: 'Uno', count: 1 },
            { label: 'Dos', count: 0 },
          ],
          other: { count: 1, answers: ['mi respuesta'] },
          skipped: 1,
        },
      ],
    });
    const csv = await api(c.app, 'GET', '/surveys/spring/answers/export?format=csv', { cookie: moderator });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('at,language,q1,q2');
    expect(csv.text).toContain('es,Dos,Uno; mi respuesta');
    // Questions stay once answered; closing hides it from readers.
    const v = (await api(c.app, 'GET', '/surveys/spring', { cookie: editor })).json.version;
    expect(
      (await api(c.app, 'PATCH', '/surveys/spring', { cookie: editor, body: { texts: { es: text([question()]) }, version: v } })).json.code,
    ).toBe('conflict');
    await api(c.app, 'PATCH', '/surveys/spring', { cookie: editor, body: { status: 'closed', version: v } });
    expect((await readerSurvey('spring', newToken())).res.result.case).toBe('error');
    const actions = (await c.db.selectFrom('audit_log').select('action').where('target', '=', 'survey:spring').execute()).map(
      (r) => r.action,
    );
    expect(actions).toEqual(['survey.create', 'survey.open', 'survey.closed']);
  });

  it('a hidden comment leaves the reader’s list and count at once, is restored, and a deleted one stays out', async () => {
    const listed = async () => {
      const d = success(await call(c.app, { method: 'GET', url: '/api/comment?chapter_id=1007' })).data;
      if (d.case !== 'commentListView') throw new Error(d.case);
      return d.value.comments.map((x) => x.id);
    };
    const count = async () => (await c.app.repos.chapters.commentCounts([1007])).get(1007);
    const [ids, n] = [await listed(), await count()];
    expect(ids).toContain(2);
    const hidden = await api(c.app, 'POST', '/comments/2/hide', { cookie: moderator, body: { reason: 'spoiler' } });
    expect([hidden.json.state, hidden.json.reason]).toEqual(['hidden', 'spoiler']);
    expect(await listed()).not.toContain(2);
    expect(await count()).toBe(n! - 1);
    expect((await api(c.app, 'POST', '/comments/2/hide', { cookie: moderator, body: { reason: 'again' } })).json.code).toBe('conflict');
    expect((await api(c.app, 'POST', '/comments/2/restore', { cookie: moderator, body: { reason: 'ok after all' } })).json.state).toBe(
      'visible',
    );
    expect(await listed()).toEqual(ids);
    await api(c.app, 'POST', '/comments/2/delete', { cookie: moderator, body: { reason: 'abuse' } });
    expect((await api(c.app, 'POST', '/comments/2/restore', { cookie: moderator, body: { reason: 'no' } })).json.code).toBe('conflict');
    expect(await listed()).not.toContain(2);
    const found = await api(c.app, 'GET', '/comments?q=great&state=all', { cookie: moderator });
    expect((found.json.comments as { id: number; state: string; body: string }[]).map((x) => [x.id, x.state, x.body])).toEqual([
      [2, 'deleted', 'great chapter'],
    ]);
  });

  it('10,000 comments on one chapter page through, each once', async () => {
    const now = c.clock.nowSec();
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: 100_000 + i,
      chapter_id: 4001,
      idx: 1,
      user_name: `u${i}`,
      icon_url: '/img/i/1.webp',
      body: `comment ${i}`,
      created: now - (i % 500),
      base_likes: 0,
    }));
    for (let k = 0; k < rows.length; k += 500)
      await c.db
        .insertInto('comments')
        .values(rows.slice(k, k + 500))
        .execute();
    const seen = new Set<number>();
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null && pages < 60) {
      const url: string = `/comments?chapter=4001&limit=200&sort=newest${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await api(c.app, 'GET', url, { cookie: moderator });
      for (const x of page.json.comments as { id: number }[]) seen.add(x.id);
      cursor = page.json.next as string | null;
      pages++;
    }
    expect([seen.size, pages]).toEqual([10_000, 50]);
  });

  it('the feedback inbox: unread first count, read marks audited, an export', async () => {
    await call(c.app, {
      method: 'POST',
      url: '/api/web/contact',
      token: newToken(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'type=report&subject=Broken&body=%3Dcmd%7C%20page%20blank',
    });
    const inbox = await api(c.app, 'GET', '/feedback?unread=true', { cookie: moderator });
    const item = (inbox.json.items as { id: number; read: boolean; subject: string }[])[0];
    expect([item.subject, item.read, inbox.json.unread]).toEqual(['Broken', false, 1]);
    expect((await api(c.app, 'PATCH', `/feedback/${item.id}`, { cookie: moderator, body: { read: true } })).json.read).toBe(true);
    expect((await api(c.app, 'GET', '/feedback?unread=true', { cookie: moderator })).json).toMatchObject({ items: [], unread: 0 });
    const csv = await api(c.app, 'GET', '/feedback/export', { cookie: moderator });
    // A formula-looking body is defused for spreadsheets.
    expect(csv.text).toContain(`,report,Broken,'=cmd| page blank,yes`);
    expect(
      (await c.db.selectFrom('audit_log').select('action').where('target', '=', `feedback:${item.id}`).execute()).map((r) => r.action),
    ).toEqual(['feedback.read']);
  });
});

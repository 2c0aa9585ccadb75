import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResult_Action, type ErrorResult } from '../../core/gen/manga/v1/response_pb.js';
import { BACKENDS, call, failure, newToken, setup, success, type Answer, type TestApp } from './helpers.js';

/**
 * The calls not covered by the view tests (comments, likes, publisher news,
 * feedback, tap logs, the survey host) and the failures every call shares
 * (maintenance, region blocking, unknown routes, oversized bodies, session
 * tokens), through app.inject on each database.
 */

/** Every failure: the error envelope with both popups ending in a numeric code, never a stack. */
function envelope(a: Answer, status: number, action = ErrorResult_Action.DEFAULT): ErrorResult {
  expect(a.status).toBe(status);
  expect(String(a.headers['content-type'])).toContain('application/x-protobuf');
  const e = failure(a);
  expect(e.action).toBe(action);
  expect(e.englishPopup?.subject).toBeTruthy();
  expect(e.englishPopup?.body).toMatch(/\d+\)?\.?$/);
  expect(e.spanishPopup?.body).toMatch(/\d+\)?\.?$/);
  expect(e.debugInfo).toBeTruthy();
  expect(a.body.toString('latin1')).not.toMatch(/at .+\.(ts|js):\d+/);
  return e;
}

/** POST /api/web/contact with a form body. */
const contactForm = (t: TestApp, token: string, payload: string) =>
  call(t.app, {
    method: 'POST',
    url: '/api/web/contact',
    token,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

describe.each(BACKENDS)('calls on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, `calls_${backend}`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('comments: most liked first, then newest; liked state and counts follow the visitor', async () => {
    const me = newToken();
    const list = async (token: string) => {
      const s = success(await call(t.app, { method: 'GET', url: '/api/comment?chapter_id=1007', token }));
      if (s.data.case !== 'commentListView') throw new Error(s.data.case);
      return s.data.value;
    };
    const v = await list(me);
    expect(v.comments.map((c) => c.userName)).toEqual(['bob', 'carol', 'alice', 'dan']);
    expect(v.comments.every((c) => !c.alreadyLiked && !c.isMyComment)).toBe(true);
    expect(v.titleDetailComment?.titleName).toBeTruthy();
    expect(v.titleDetailComment?.chapterName).toBeTruthy();

    success(await call(t.app, { method: 'PUT', url: '/api/comment_like?comment_id=4', token: me }));
    // Liking twice counts once.
    success(await call(t.app, { method: 'PUT', url: '/api/comment_like?comment_id=4', token: me }));
    let dan = (await list(me)).comments.find((c) => c.id === 4)!;
    expect(dan).toMatchObject({ alreadyLiked: true, numberOfLikes: 1 });
    // Another visitor sees the count, not the like.
    const other = (await list(newToken())).comments.find((c) => c.id === 4)!;
    expect(other).toMatchObject({ alreadyLiked: false, numberOfLikes: 1 });

    success(await call(t.app, { method: 'DELETE', url: '/api/comment_like?comment_id=4', token: me }));
    dan = (await list(me)).comments.find((c) => c.id === 4)!;
    expect(dan).toMatchObject({ alreadyLiked: false, numberOfLikes: 0 });
  });

  it('comments and likes: unknown, unreleased or malformed ids are errors', async () => {
    envelope(await call(t.app, { method: 'GET', url: '/api/comment?chapter_id=999999' }), 404);
    // Chapter 1008 starts in two days.
    envelope(await call(t.app, { method: 'GET', url: '/api/comment?chapter_id=1008' }), 404);
    envelope(await call(t.app, { method: 'GET', url: '/api/comment' }), 400);
    envelope(await call(t.app, { method: 'GET', url: '/api/comment?chapter_id=abc' }), 400);
    envelope(await call(t.app, { method: 'PUT', url: '/api/comment_like?comment_id=424242', token: newToken() }), 404);
    envelope(await call(t.app, { method: 'DELETE', url: '/api/comment_like?comment_id=-1', token: newToken() }), 400);
  });

  it('publisher news: the language asked for, newest first, HTML sanitised', async () => {
    const en = success(await call(t.app, { method: 'GET', url: '/api/publisher_news_list?publisher_id=1&lang=eng' }));
    if (en.data.case !== 'publisherNewsListView') throw new Error(en.data.case);
    expect(en.data.value.publisherName).toBe('Shueisha');
    expect(en.data.value.newsList.map((n) => n.subject)).toEqual(['News one', 'News two']);
    const body = en.data.value.newsList[0].body;
    expect(body).toContain('<b>big</b>');
    expect(body).not.toMatch(/onerror|alert/);
    expect(en.data.value.newsList[0].action?.url).toBe('/titles/101');
    const es = success(await call(t.app, { method: 'GET', url: '/api/publisher_news_list?publisher_id=1&lang=esp' }));
    if (es.data.case !== 'publisherNewsListView') throw new Error(es.data.case);
    expect(es.data.value.newsList.map((n) => n.subject)).toEqual(['Noticia']);

    envelope(await call(t.app, { method: 'GET', url: '/api/publisher_news_list?publisher_id=77&lang=eng' }), 404);
    envelope(await call(t.app, { method: 'GET', url: '/api/publisher_news_list?publisher_id=1&lang=xx' }), 400);
  });

  it('feedback: type and a message of 1 to 5000 characters, stored', async () => {
    const me = newToken();
    const ok = success(
      await call(t.app, { method: 'POST', url: '/api/web/contact?type=suggestion&subject=Hi&body=More%20comedy%20please', token: me }),
    );
    if (ok.data.case !== 'feedbackView') throw new Error(ok.data.case);
    expect(ok.data.value.feedbackList[0].body).toBe('More comedy please');
    // A form body works as well as the query.
    success(await contactForm(t, me, `type=report&message=${'x'.repeat(5000)}`));
    const rows = await t.db.selectFrom('contacts').selectAll().where('visitor_token', '=', me).orderBy('id').execute();
    expect(rows.map((r) => [r.type, r.body.length])).toEqual([
      ['suggestion', 18],
      ['report', 5000],
    ]);

    envelope(await call(t.app, { method: 'POST', url: '/api/web/contact?type=report', token: me }), 400);
    envelope(await call(t.app, { method: 'POST', url: '/api/web/contact?type=report&body=%20%20', token: me }), 400);
    envelope(await call(t.app, { method: 'POST', url: '/api/web/contact?type=praise&body=hi', token: me }), 400);
    envelope(await contactForm(t, me, `type=report&message=${'x'.repeat(5001)}`), 400);
    expect(await t.db.selectFrom('contacts').select('id').where('visitor_token', '=', me).execute()).toHaveLength(2);
  });

  it('tap logs: POST, validated and stored with the visitor', async () => {
    const me = newToken();
    success(await call(t.app, { method: 'POST', url: '/api/banner_tap_log?banner_id=1', token: me }));
    success(await call(t.app, { method: 'POST', url: '/api/banner_tap_log?banner_id=2', token: me }));
    success(
      await call(t.app, {
        method: 'POST',
        url: '/api/title_banner_tap_log?banner_id=40&title_id=101&banner_type=featured_banner&location=title_detail&type=impression',
        token: me,
      }),
    );
    success(
      await call(t.app, {
        method: 'POST',
        url: '/api/title_banner_tap_log',
        token: me,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ banner_id: 50, title_id: 101, banner_type: 'insert_banner', location: 'viewer', type: 'click' }),
      }),
    );
    success(await call(t.app, { method: 'POST', url: '/api/popup_tap_log?popup_id=1', token: me }));
    const rows = await t.db.selectFrom('tap_logs').selectAll().where('visitor_token', '=', me).orderBy('id').execute();
    expect(rows.map((r) => [r.kind, r.banner_id, r.title_id, r.popup_id, r.banner_type, r.location, r.type])).toEqual([
      ['banner', 1, 0, 0, '', '', expect.any(String)],
      ['banner', 2, 0, 0, '', '', expect.any(String)],
      ['title_banner', 40, 101, 0, 'featured_banner', 'title_detail', 'impression'],
      ['title_banner', 50, 101, 0, 'insert_banner', 'viewer', 'click'],
      ['popup', 0, 0, 1, '', '', expect.any(String)],
    ]);

    envelope(await call(t.app, { method: 'POST', url: '/api/banner_tap_log', token: me }), 400);
    envelope(await call(t.app, { method: 'POST', url: '/api/popup_tap_log?popup_id=x', token: me }), 400);
    envelope(
      await call(t.app, {
        method: 'POST',
        url: '/api/title_banner_tap_log?banner_id=40&title_id=101&banner_type=Featured%20Banner&location=title_detail',
        token: me,
      }),
      400,
    );
    envelope(
      await call(t.app, {
        method: 'POST',
        url: '/api/title_banner_tap_log?banner_id=40&title_id=101&banner_type=featured_banner&location=title_detail&type=hover',
        token: me,
      }),
      400,
    );
    expect(await t.db.selectFrom('tap_logs').select('id').where('visitor_token', '=', me).execute()).toHaveLength(5);
  });

  it('survey host: the form in its language, answers validated, stored once with the forwarded query', async () => {
    const me = newToken();
    const q = 'questionnaire_key=survey1&lang=esp&os=web&os_ver=1&app_ver=2&secret=s3';
    const get = async () => {
      const s = success(await call(t.app, { method: 'GET', url: `/api/questionnaire?${q}`, token: me }));
      if (s.data.case !== 'questionnaireView') throw new Error(s.data.case);
      return s.data.value;
    };
    const form = await get();
    expect(form).toMatchObject({ isAnswered: false, subject: 'Encuesta' });
    expect(form.questions.map((x) => [x.numberOfChoices, x.canSkip])).toEqual([
      [1, false],
      [2, true],
      [1, true],
    ]);
    // A language without its own version gets the English one.
    const fr = success(await call(t.app, { method: 'GET', url: '/api/questionnaire?questionnaire_key=survey1&lang=fra' }));
    expect(fr.data.case === 'questionnaireView' && fr.data.value.subject).toBe('Reader survey');

    const put = (body: unknown) =>
      call(t.app, {
        method: 'PUT',
        url: `/api/questionnaire?${q}`,
        token: me,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const bad = async (body: unknown) => envelope(await put(body), 400);
    await bad({});
    await bad({ q1: 'D' });
    await bad({ q1: ['A', 'B'] });
    await bad({ q1: 'A', q2: ['X', 'Y', 'Z'] });
    await bad({ q1: 'A', q2: ['X', 'mine', 'theirs'] });
    await bad({ q1: 'A', q3: 'y'.repeat(101) });
    await bad({ q1: 'A', q9: 'x' });
    await bad({ q1: 7 });
    envelope(
      await call(t.app, {
        method: 'PUT',
        url: `/api/questionnaire?${q}`,
        token: me,
        headers: { 'content-type': 'application/json' },
        payload: '{"q1":',
      }),
      400,
    );
    expect(await t.db.selectFrom('questionnaire_answers').selectAll().where('visitor_token', '=', me).execute()).toHaveLength(0);

    const done = success(await put({ q1: 'B', q2: ['X', 'my own'], q3: '' }));
    expect(done.data.case === 'questionnaireView' && done.data.value.isAnswered).toBe(true);
    const rows = await t.db.selectFrom('questionnaire_answers').selectAll().where('visitor_token', '=', me).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].answers)).toEqual({ q1: 'B', q2: ['X', 'my own'] });
    expect(rows[0]).toMatchObject({ lang: 'esp', os: 'web', os_ver: '1', app_ver: '2', secret: 's3' });
    expect((await get()).isAnswered).toBe(true);
    // Once only.
    envelope(await put({ q1: 'A' }), 409);
    envelope(await call(t.app, { method: 'GET', url: '/api/questionnaire?questionnaire_key=nope&lang=eng' }), 404);
    envelope(await call(t.app, { method: 'GET', url: '/api/questionnaire?lang=eng' }), 400);
  });

  it('session tokens: a new random 128-bit token when none or a malformed one is sent; a visitor row on first write', async () => {
    const a = await call(t.app, { method: 'GET', url: '/api/language' });
    const b = await call(t.app, { method: 'GET', url: '/api/language', headers: { 'session-token': 'not a token!' } });
    const ta = String(a.headers['session-token']);
    const tb = String(b.headers['session-token']);
    expect(ta).toMatch(/^[0-9a-f]{32}$/);
    expect(tb).toMatch(/^[0-9a-f]{32}$/);
    expect(ta).not.toBe(tb);
    const me = newToken();
    const sent = await call(t.app, { method: 'GET', url: '/api/language', token: me });
    expect(sent.headers['session-token']).toBeUndefined();
    success(await call(t.app, { method: 'PUT', url: '/api/title_list/bookmark?title_id=101', token: me }));
    const list = success(await call(t.app, { method: 'GET', url: '/api/title_list/bookmark', token: me }));
    expect(JSON.stringify(list.data.value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))).toContain('"titleId":101');
  });

  it('unknown routes, wrong methods and oversized bodies are the error envelope', async () => {
    const e = envelope(await call(t.app, { method: 'GET', url: '/api/no_such_call?x=1' }), 404);
    expect(e.debugInfo).toContain('/api/no_such_call');
    envelope(await call(t.app, { method: 'PATCH', url: '/api/title_list/bookmark?title_id=101', token: newToken() }), 404);
    envelope(await contactForm(t, newToken(), `type=report&message=${'x'.repeat(70 * 1024)}`), 413);
  });
});

describe.each(BACKENDS)('service switches on %s', (backend) => {
  it('maintenance answers every call with MAINTENANCE', async () => {
    const t = await setup(backend, `maint_${backend}`, { maintenance: true });
    try {
      for (const url of [
        '/api/language',
        '/api/web/web_homeV4?lang=eng&clang=en',
        '/api/title_detailV3?title_id=101',
        '/api/manga_viewer?chapter_id=1007',
      ]) {
        envelope(await call(t.app, { method: 'GET', url }), 503, ErrorResult_Action.MAINTENANCE);
      }
      envelope(
        await call(t.app, { method: 'PUT', url: '/api/title_list/bookmark?title_id=101', token: newToken() }),
        503,
        ErrorResult_Action.MAINTENANCE,
      );
    } finally {
      await t.close();
    }
  });

  it('a blocked region gets GEOIP_BLOCKING on content calls; other regions and non-content calls pass', async () => {
    const t = await setup(backend, `geo_${backend}`, { blockedRegions: ['XX'], regionHeader: 'x-client-region' });
    try {
      const blocked = { 'x-client-region': 'xx' };
      for (const url of [
        '/api/web/web_homeV4?lang=eng&clang=en',
        '/api/title_detailV3?title_id=101',
        '/api/manga_viewer?chapter_id=1007',
      ]) {
        envelope(await call(t.app, { method: 'GET', url, headers: blocked }), 403, ErrorResult_Action.GEOIP_BLOCKING);
        success(await call(t.app, { method: 'GET', url, headers: { 'x-client-region': 'FR' } }));
        success(await call(t.app, { method: 'GET', url }));
      }
      success(await call(t.app, { method: 'GET', url: '/api/language', headers: blocked }));
    } finally {
      await t.close();
    }
  });
});

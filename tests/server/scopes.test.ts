import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResult_Action } from '../../core/gen/manga/v1/response_pb.js';
import { errors } from '../../server/lib/errors.js';
import { CONTENT } from '../../server/lib/route.js';
import { BACKENDS, call, failure, newToken, setup, type Answer, type TestApp } from './helpers.js';
import { T } from './fixtures.js';

/**
 * Scopes are folders (Fastify encapsulation), not tests of the URL: the
 * reader API's hooks — maintenance, region blocking, the visitor session —
 * its body parsers and its error envelope hold for /api (server/plugins/api.ts)
 * and for nothing registered beside it, as a new folder such as
 * server/routes/console/ is. A probe folder of routes outside /api, marked
 * as a content call and a write as an API route would be, shows none of them run there.
 */
const probe = async (app: FastifyInstance): Promise<void> => {
  await app.register(
    (p, _opts, done) => {
      p.get('/content', { config: { ...CONTENT, write: true } }, (req, reply) => reply.send({ visitor: req.visitor ?? null }));
      p.post('/body', (req, reply) => reply.send({ body: req.body ?? null }));
      p.get('/fail', () => {
        throw errors.notFound('probe');
      });
      done();
    },
    { prefix: '/probe' },
  );
};

const KP = { 'x-client-region': 'KP' };

function envelope(a: Answer, status: number, action = ErrorResult_Action.DEFAULT) {
  expect(a.status).toBe(status);
  expect(String(a.headers['content-type'])).toContain('application/x-protobuf');
  expect(failure(a).action).toBe(action);
}

describe.each(BACKENDS)('scopes by folder on %s', (backend) => {
  let t: TestApp;
  let down: TestApp;
  beforeAll(async () => {
    t = await setup(backend, 'scopes', { blockedRegions: ['KP'] }, true, undefined, probe);
    down = await setup(backend, 'scopes_maint', { maintenance: true }, false, undefined, probe);
  });
  afterAll(async () => {
    await t?.close();
    await down?.close();
  });

  it('maintenance answers /api and nothing outside it', async () => {
    envelope(await call(down.app, { url: '/api/language' }), 503, ErrorResult_Action.MAINTENANCE);
    // A URL under /api that matches no route is the API's too.
    envelope(await call(down.app, { url: '/api/nowhere' }), 503, ErrorResult_Action.MAINTENANCE);
    const outside = await down.app.inject({ url: '/probe/content' });
    expect(outside.statusCode).toBe(200);
  });

  it('a blocked region is refused content calls under /api only', async () => {
    envelope(await call(t.app, { url: `/api/title_detailV3?title_id=${T.bladeEn}`, headers: KP }), 403, ErrorResult_Action.GEOIP_BLOCKING);
    expect((await t.app.inject({ url: '/probe/content', headers: KP })).statusCode).toBe(200);
  });

  it('the visitor session (a token made, a write counted and its row made) is the API’s only', async () => {
    const api = await t.app.inject({ url: '/api/language' });
    expect(api.headers['session-token']).toMatch(/^[0-9a-f]{32}$/);
    const token = newToken();
    const outside = await t.app.inject({ url: '/probe/content', headers: { 'session-token': token } });
    expect(outside.headers['session-token']).toBeUndefined();
    expect(outside.json()).toEqual({ visitor: null });
    const rows = await t.db.selectFrom('visitors').select('token').where('token', '=', token).execute();
    expect(rows).toEqual([]);
  });

  it('failures: the protobuf envelope under /api, plain text with the status outside it', async () => {
    envelope(await call(t.app, { url: '/api/manga_viewer?chapter_id=x1' }), 400);
    envelope(await call(t.app, { url: '/api/nowhere' }), 404);
    const fail = await t.app.inject({ url: '/probe/fail' });
    expect(fail.statusCode).toBe(404);
    expect(fail.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(fail.body).toBe('Not Found');
  });

  it('bodies: the API’s parsers (a malformed JSON body is the envelope) hold under /api only', async () => {
    const json = { 'content-type': 'application/json' };
    envelope(await call(t.app, { method: 'POST', url: '/api/web/contact', headers: json, payload: '{', token: newToken() }), 400);
    const outside = await t.app.inject({ method: 'POST', url: '/probe/body', headers: json, payload: '{"a":1}' });
    expect(outside.json()).toEqual({ body: { a: 1 } });
    const bad = await t.app.inject({ method: 'POST', url: '/probe/body', headers: json, payload: '{' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

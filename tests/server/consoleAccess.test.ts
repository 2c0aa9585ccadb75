import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import consoleScope from '../../server/routes/console/api/autohooks.js';
import { ROLES, type Access, type Role } from '../../core/console/roles.js';
import { ROUTE_ACCESS } from '../../core/console/routes/index.js';
import { createToken } from '../../server/console/tokens.js';
import { consoleRepos } from '../../server/repos/console/index.js';
import { BACKENDS } from './helpers.js';
import { api, memberWithSession, sessionFor, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/**
 * Who may call what in the console: the table of every registered console
 * route (read from the app itself, so a new route is covered at once)
 * against every role, the CSRF rule, planted and visitor sessions, tokens.
 */
const CATCH_ALL = (url: string) => url.endsWith('/*') || url === '/console/api/';

/** A concrete address for a route pattern (ids that may not exist: access is checked first). */
const concrete = (url: string) => url.replace('/console/api', '').replace(':token', 'x'.repeat(24)).replace(/:\w+/g, '1');

describe.each(BACKENDS)('console access on %s', (backend) => {
  let c: ConsoleApp;
  let routes: { method: string; url: string; access: Access | undefined }[];
  const now = () => c.clock.nowSec();
  beforeAll(async () => {
    c = await setupConsole(backend, 'access');
    routes = c.app.consoleRoutes.filter((r) => !CATCH_ALL(r.url));
  });
  afterAll(() => c?.close());

  it('route schemas wait for their first call, and every one of them compiles', () => {
    // Compiled at start they would sit in every node's heap (server/lib/lazySchemas.ts); an invalid one throws here.
    expect(c.app.compileSchemas()).toBeGreaterThan(routes.length / 2);
    expect(c.app.compileSchemas()).toBe(0);
  });

  it('every console route declares its access, as the one table says', () => {
    const declared = Object.fromEntries(routes.map((r) => [`${r.method} ${r.url.replace('/console/api', '')}`, r.access]));
    expect(declared).toEqual(ROUTE_ACCESS);
  });

  it('every non-public route answers 401 without a session, and to a planted or visitor token', async () => {
    for (const r of routes.filter((x) => x.access !== 'public')) {
      const url = concrete(r.url);
      for (const cookie of [null, 'planted-by-someone-else-0123456789abcdef0123']) {
        const a = await api(c.app, r.method, url, { cookie, body: r.method === 'GET' ? undefined : {} });
        expect([a.status, a.json.code, String(a.headers['content-type']).split(';')[0]], `${r.method} ${url}`).toEqual([
          401,
          'unauthenticated',
          'application/problem+json',
        ]);
        expect(a.cookie).toBeNull();
      }
      // A visitor's session (the reader's SESSION-TOKEN) grants nothing here.
      const v = await api(c.app, r.method, url, { headers: { 'session-token': '0123456789abcdef0123456789abcdef' } });
      expect(v.status, `${r.method} ${url}`).toBe(401);
    }
  });

  it('every role route answers 403 to each role that lacks it, and lets each role that has it through', async () => {
    for (const r of routes.filter((x) => Array.isArray(x.access))) {
      const allowed = r.access as readonly Role[];
      for (const role of ROLES) {
        const m = await memberWithSession(c.db, [role], now(), ['en']);
        const a = await api(c.app, r.method, concrete(r.url), { cookie: m.cookie, body: r.method === 'GET' ? undefined : {} });
        const may = role === 'owner' || allowed.includes(role);
        if (may) expect([a.status, a.json.code], `${role} ${r.method} ${r.url}`).not.toContainEqual('forbidden');
        else expect([a.status, a.json.code], `${role} ${r.method} ${r.url}`).toEqual([403, 'forbidden']);
        expect(a.status).not.toBe(401);
      }
    }
  });

  it('a route that declares no access fails closed, even for an owner', async () => {
    // The console scope's hook on a route added without a declaration (the table test catches it in the app).
    const f = Fastify();
    f.decorate('db', c.db);
    f.decorate('clock', c.clock);
    f.decorate('config', c.app.config);
    f.decorate('consoleLifetimes', c.app.consoleLifetimes);
    f.decorateRequest('staff', null);
    await f.register((scope, _opts, done) => {
      consoleScope(scope, {}, () => {
        scope.get('/console/api/undeclared', () => 'open');
        scope.get('/console/api/declared', { config: { access: ['analyst'] } }, () => 'open');
        done();
      });
    });
    const owner = await memberWithSession(c.db, ['owner'], now());
    const r = await f.inject({ method: 'GET', url: '/console/api/undeclared', headers: { cookie: `console_session=${owner.cookie}` } });
    expect([r.statusCode, (JSON.parse(r.body) as { code: string }).code]).toEqual([403, 'forbidden']);
    const d = await f.inject({ method: 'GET', url: '/console/api/declared', headers: { cookie: `console_session=${owner.cookie}` } });
    expect([d.statusCode, d.body]).toEqual([200, 'open']);
    await f.close();
  });

  it('a planted cookie is never adopted: sign-in makes a new token', async () => {
    const planted = 'planted-value-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const m = await memberWithSession(c.db, ['owner'], now());
    const before = await api(c.app, 'GET', '/session', { cookie: planted });
    expect(before.status).toBe(401);
    const own = await api(c.app, 'GET', '/session', { cookie: m.cookie });
    expect(own.status).toBe(200);
    expect(own.cookie).toBeNull();
  });

  it('a cross-site write is refused: without the header, or with Sec-Fetch-Site: cross-site', async () => {
    const m = await memberWithSession(c.db, ['owner'], now());
    const body = { email: 'x@example.com', roles: ['analyst'], languages: [] };
    const noHeader = await api(c.app, 'POST', '/invitations', { cookie: m.cookie, body, headers: { 'x-console-request': '' } });
    expect([noHeader.status, noHeader.json.code]).toEqual([403, 'csrf']);
    const crossSite = await api(c.app, 'POST', '/invitations', { cookie: m.cookie, body, headers: { 'sec-fetch-site': 'cross-site' } });
    expect([crossSite.status, crossSite.json.code]).toEqual([403, 'csrf']);
    const signIn = await api(c.app, 'POST', '/sign-in', { body: { email: 'a@b.c', password: 'x' }, headers: { 'x-console-request': '' } });
    expect(signIn.json.code).toBe('csrf');
    const same = await api(c.app, 'POST', '/invitations', { cookie: m.cookie, body, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(same.status).toBe(200);
    // No CORS: a preflight gets no Access-Control-* header.
    const pre = await c.app.inject({
      method: 'OPTIONS',
      url: '/console/api/invitations',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('API tokens: Bearer, scoped to their roles, never member routes, refused once expired or revoked; their use is audited', async () => {
    const t = await createToken(
      consoleRepos(c.db),
      { name: 'stats bot', roles: ['analyst'], expiresAt: now() + 3600, createdBy: null },
      now(),
    );
    expect((await api(c.app, 'GET', '/stats/summary', { token: t.token })).status).toBe(200);
    expect((await api(c.app, 'GET', '/catalog/titles', { token: t.token })).json.code).toBe('forbidden');
    expect((await api(c.app, 'GET', '/session', { token: t.token })).json.code).toBe('forbidden');
    // Bearer calls carry no ambient credential: no CSRF header needed.
    const w = await api(c.app, 'PATCH', '/catalog/titles/1', {
      token: t.token,
      body: { version: 0 },
      headers: { 'x-console-request': '' },
    });
    expect(w.json.code).toBe('forbidden');
    const row = await c.db.selectFrom('console_tokens').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(Number(row.last_used_at)).toBe(now());
    expect(row.token_hash).not.toContain(t.token);
    const used = await c.db.selectFrom('audit_log').selectAll().where('action', '=', 'token.use').where('actor_id', '=', t.id).execute();
    expect(used.length).toBeGreaterThanOrEqual(4);
    c.clock.advance(3600_000);
    expect((await api(c.app, 'GET', '/stats/summary', { token: t.token })).status).toBe(401);
    const t2 = await createToken(consoleRepos(c.db), { name: 'b', roles: ['analyst'], expiresAt: now() + 3600, createdBy: null }, now());
    const owner = await memberWithSession(c.db, ['owner'], now());
    expect((await api(c.app, 'DELETE', `/tokens/${t2.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await api(c.app, 'GET', '/stats/summary', { token: t2.token })).status).toBe(401);
    const list = await api(c.app, 'GET', '/tokens', { cookie: owner.cookie });
    expect(JSON.stringify(list.json)).not.toContain(t2.token);
  });

  it('the OpenAPI document (staff only) lists every console route', async () => {
    const m = await memberWithSession(c.db, ['analyst'], now());
    expect((await api(c.app, 'GET', '/openapi.json')).status).toBe(401);
    const doc = await api(c.app, 'GET', '/openapi.json', { cookie: m.cookie });
    const paths = doc.json.paths as Record<string, Record<string, unknown>>;
    for (const key of Object.keys(ROUTE_ACCESS)) {
      if (key === 'GET /openapi.json') continue;
      const [method, url] = key.split(' ') as [string, string];
      expect(paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()], key).toBeDefined();
    }
  });

  it('unknown addresses and bad input are problem+json', async () => {
    const m = await memberWithSession(c.db, ['owner'], now());
    const nf = await api(c.app, 'GET', '/no/such/thing', { cookie: m.cookie });
    expect([nf.status, nf.json.code, String(nf.headers['content-type']).split(';')[0]]).toEqual([
      404,
      'not-found',
      'application/problem+json',
    ]);
    const bad = await api(c.app, 'POST', '/invitations', { cookie: m.cookie, body: { email: 'not an email', roles: ['king'] } });
    expect([bad.status, bad.json.code]).toEqual([400, 'validation']);
    expect((bad.json.errors as unknown[]).length).toBeGreaterThan(0);
    const sid = await sessionFor(c.db, m.id, now());
    expect((await api(c.app, 'GET', '/staff/abc/sessions', { cookie: sid })).json.code).toBe('validation');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MAX_DAYS } from '../../core/console/roles.js';
import { createToken } from '../../server/console/tokens.js';
import { consoleRepos } from '../../server/repos/console/index.js';
import { BACKENDS } from './helpers.js';
import { api, enrolTotp, memberWithSession, PASSWORD, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/**
 * API tokens (issue 46): made only with the password entered lately, for at
 * most 90 days, and revoked with their maker's disabling, lost role or factor
 * reset; and the Origin check of console writes, which tokens pass without.
 */
const MIN = 60_000;
const DAY = 86_400;

describe.each(BACKENDS)('console API tokens on %s', (backend) => {
  let c: ConsoleApp;
  beforeAll(async () => {
    c = await setupConsole(backend, 'tokens');
  });
  afterAll(() => c?.close());
  const now = () => c.clock.nowSec();
  const stats = async (token: string) => (await api(c.app, 'GET', '/stats/summary', { token })).status;

  it('a token is made with the password entered lately, lives at most 90 days, and stops at its expiry', async () => {
    const owner = await enrolTotp(c, 'maker@example.com', ['owner']);
    const body = (days: number) => ({ name: 'bot', roles: ['analyst'], expiresAt: now() + days * DAY });
    c.clock.advance(6 * MIN);
    expect((await api(c.app, 'POST', '/tokens', { cookie: owner.cookie, body: body(30) })).json.code).toBe('reauth-required');
    const wrong = await api(c.app, 'POST', '/session/reauth', { cookie: owner.cookie, body: { password: 'not the password' } });
    expect(wrong.json.code).toBe('bad-credentials');
    expect((await api(c.app, 'POST', '/tokens', { cookie: owner.cookie, body: body(30) })).json.code).toBe('reauth-required');
    expect((await api(c.app, 'POST', '/session/reauth', { cookie: owner.cookie, body: { password: PASSWORD } })).status).toBe(200);
    const far = await api(c.app, 'POST', '/tokens', {
      cookie: owner.cookie,
      body: { ...body(TOKEN_MAX_DAYS), expiresAt: now() + 90 * DAY + 1 },
    });
    expect([far.status, far.json.code, String(far.headers['content-type']).split(';')[0]]).toEqual([
      400,
      'token-lifetime',
      'application/problem+json',
    ]);
    const made = await api(c.app, 'POST', '/tokens', { cookie: owner.cookie, body: body(TOKEN_MAX_DAYS) });
    expect(made.status).toBe(200);
    const token = made.json.token as string;
    c.clock.advance((90 * DAY - 1) * 1000);
    expect(await stats(token)).toBe(200);
    c.clock.advance(1000);
    expect(await stats(token)).toBe(401);
  });

  it('an owner invitation asks for the password again; other roles do not', async () => {
    const owner = await enrolTotp(c, 'inviter@example.com', ['owner']);
    c.clock.advance(6 * MIN);
    const invite = (email: string, roles: string[]) =>
      api(c.app, 'POST', '/invitations', { cookie: owner.cookie, body: { email, roles, languages: [] } });
    expect((await invite('editor@example.com', ['editor'])).status).toBe(200);
    expect((await invite('owner2@example.com', ['editor', 'owner'])).json.code).toBe('reauth-required');
    expect((await api(c.app, 'POST', '/session/reauth', { cookie: owner.cookie, body: { password: PASSWORD } })).status).toBe(200);
    expect((await invite('owner2@example.com', ['editor', 'owner'])).status).toBe(200);
  });

  it('disabling a member, taking a role from them or resetting their factors revokes the tokens they made (audited)', async () => {
    const boss = await enrolTotp(c, 'boss@example.com', ['owner']);
    const makers = await Promise.all([1, 2, 3].map(() => memberWithSession(c.db, ['owner', 'editor'], now())));
    const tokens: string[] = [];
    for (const m of makers) {
      const t = await api(c.app, 'POST', '/tokens', { cookie: m.cookie, body: { name: 'ci', roles: ['analyst'], expiresAt: now() + DAY } });
      tokens.push(t.json.token as string);
    }
    const other = await createToken(
      consoleRepos(c.db),
      { name: 'kept', roles: ['analyst'], expiresAt: now() + DAY, createdBy: boss.id },
      now(),
    );
    expect(await Promise.all(tokens.map(stats))).toEqual([200, 200, 200]);
    const version = async (id: number) =>
      ((await api(c.app, 'GET', '/staff', { cookie: boss.cookie })).json.members as { id: number; version: number }[]).find(
        (m) => m.id === id,
      )!.version;
    const [a, b, d] = makers;
    const off = await api(c.app, 'PATCH', `/staff/${a.id}`, {
      cookie: boss.cookie,
      body: { disabled: true, version: await version(a.id) },
    });
    expect(off.status).toBe(200);
    // Adding a role revokes nothing; taking one away does.
    const up = await api(c.app, 'PATCH', `/staff/${b.id}`, {
      cookie: boss.cookie,
      body: { roles: ['owner', 'editor', 'analyst'], version: await version(b.id) },
    });
    expect([up.status, await stats(tokens[1])]).toEqual([200, 200]);
    const down = await api(c.app, 'PATCH', `/staff/${b.id}`, {
      cookie: boss.cookie,
      body: { roles: ['editor'], version: await version(b.id) },
    });
    expect(down.status).toBe(200);
    expect((await api(c.app, 'POST', `/staff/${d.id}/reset-factors`, { cookie: boss.cookie })).status).toBe(200);
    expect(await Promise.all(tokens.map(stats))).toEqual([401, 401, 401]);
    expect(await stats(other.token)).toBe(200);
    const revoked = await c.db.selectFrom('audit_log').select(['target', 'after']).where('action', '=', 'token.revoke').execute();
    const reasons = revoked.map((r) => (JSON.parse(r.after!) as { reason: string }).reason).sort();
    expect(reasons).toEqual(['staff.disable', 'staff.reset-factors', 'staff.roles']);
    const listed = (await api(c.app, 'GET', '/tokens', { cookie: boss.cookie })).json.tokens as {
      name: string;
      revokedAt: number | null;
    }[];
    expect(listed.filter((t) => t.name === 'ci').map((t) => t.revokedAt)).toEqual([now(), now(), now()]);
  });

  it("a disabled maker's token stops even when it was not revoked (made before the rule)", async () => {
    const m = await memberWithSession(c.db, ['owner'], now());
    const t = await createToken(consoleRepos(c.db), { name: 'old', roles: ['analyst'], expiresAt: now() + DAY, createdBy: m.id }, now());
    expect(await stats(t.token)).toBe(200);
    await c.db.updateTable('staff_members').set({ disabled: 1 }).where('id', '=', m.id).execute();
    expect(await stats(t.token)).toBe(401);
  });

  it('a token made before the 90-day cap, with an expiry years ahead, stops 90 days after it was made', async () => {
    const m = await memberWithSession(c.db, ['owner'], now());
    const t = await createToken(
      consoleRepos(c.db),
      { name: 'old-long', roles: ['analyst'], expiresAt: 4_102_444_800, createdBy: m.id },
      now(),
    );
    expect(await stats(t.token)).toBe(200);
    c.clock.advance((90 * DAY - 1) * 1000);
    expect(await stats(t.token)).toBe(200);
    c.clock.advance(1000);
    expect(await stats(t.token)).toBe(401);
  });

  it('a maker who is no longer an owner: their token made before the rule stops', async () => {
    const m = await memberWithSession(c.db, ['owner', 'editor'], now());
    const t = await createToken(
      consoleRepos(c.db),
      { name: 'old-role', roles: ['analyst'], expiresAt: now() + DAY, createdBy: m.id },
      now(),
    );
    expect(await stats(t.token)).toBe(200);
    await c.db
      .updateTable('staff_members')
      .set({ roles: JSON.stringify(['editor']) })
      .where('id', '=', m.id)
      .execute();
    expect(await stats(t.token)).toBe(401);
  });
});

describe.each(BACKENDS)('console write origins on %s', (backend) => {
  let c: ConsoleApp;
  let pub: ConsoleApp;
  beforeAll(async () => {
    c = await setupConsole(backend, 'origin');
    pub = await setupConsole(backend, 'origin_pub', { publicUrl: 'https://console.example.com' });
  });
  afterAll(async () => {
    await c?.close();
    await pub?.close();
  });
  const body = { email: 'x@example.com', password: 'wrong but long enough' };
  const signIn = (app: ConsoleApp, headers: Record<string, string>) => api(app.app, 'POST', '/sign-in', { body, headers });

  it('a write from another origin, or naming none, is refused; Referer stands in for a missing Origin', async () => {
    const m = await memberWithSession(c.db, ['owner'], c.clock.nowSec());
    const evil = await api(c.app, 'DELETE', `/staff/${m.id}/sessions`, { cookie: m.cookie, headers: { origin: 'https://evil.example' } });
    expect([evil.status, evil.json.code, String(evil.headers['content-type']).split(';')[0]]).toEqual([
      403,
      'cross-origin',
      'application/problem+json',
    ]);
    expect((await api(c.app, 'GET', '/session', { cookie: m.cookie })).status).toBe(200);
    expect((await signIn(c, { origin: 'null' })).json.code).toBe('cross-origin');
    expect((await signIn(c, { origin: 'http://localhost:8081' })).json.code).toBe('cross-origin');
    expect((await signIn(c, { origin: '' })).json.code).toBe('cross-origin');
    expect((await signIn(c, { origin: 'http://localhost' })).json.code).toBe('bad-credentials');
    const noOrigin = { origin: undefined };
    // Without Origin: the Referer's origin counts; neither is refused.
    const refererOk = await api(c.app, 'POST', '/sign-in', { body, headers: { ...noOrigin, referer: 'http://localhost/console/sign-in' } });
    expect(refererOk.json.code).toBe('bad-credentials');
    const refererBad = await api(c.app, 'POST', '/sign-in', { body, headers: { ...noOrigin, referer: 'https://evil.example/x' } });
    expect(refererBad.json.code).toBe('cross-origin');
    expect((await api(c.app, 'POST', '/sign-in', { body, headers: noOrigin })).json.code).toBe('cross-origin');
  });

  it('with PUBLIC_URL only its origin may write; API tokens write without any Origin', async () => {
    expect((await signIn(pub, { origin: 'http://localhost' })).json.code).toBe('cross-origin');
    expect((await signIn(pub, { origin: 'https://console.example.com' })).json.code).toBe('bad-credentials');
    const editor = await createToken(
      consoleRepos(pub.db),
      { name: 'ci', roles: ['editor'], expiresAt: pub.clock.nowSec() + DAY, createdBy: null },
      pub.clock.nowSec(),
    );
    const titles = (await api(pub.app, 'GET', '/catalog/titles', { token: editor.token })).json.titles as { id: number; version: number }[];
    const w = await api(pub.app, 'PATCH', `/catalog/titles/${titles[0].id}`, {
      token: editor.token,
      body: { name: 'Renamed by a bot', version: titles[0].version },
      headers: { origin: undefined, 'x-console-request': undefined },
    });
    expect([w.status, w.json.name]).toEqual([200, 'Renamed by a bot']);
  });
});

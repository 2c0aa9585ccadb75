import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/console/totp.js';
import { BACKENDS } from './helpers.js';
import { api, enrolTotp, memberWithSession, PASSWORD, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/** A member's own factors and password, invitations and factor resets, and the role-scoped areas of part 1. */
describe.each(BACKENDS)('console areas on %s', (backend) => {
  let c: ConsoleApp;
  beforeAll(async () => {
    c = await setupConsole(backend, 'areas');
  });
  afterAll(() => c?.close());

  it('factor and password changes ask for the password, keep the last factor, and end the other sessions', async () => {
    const m = await enrolTotp(c, 'self@example.com', ['analyst']);
    c.clock.advance(30_000);
    const other = await api(c.app, 'POST', '/sign-in', { body: { email: 'self@example.com', password: PASSWORD } });
    const otherSession = await api(c.app, 'POST', '/sign-in/totp', {
      body: { challenge: other.json.challenge, code: totpCode(m.secret, c.clock.now()) },
    });
    const factors = await api(c.app, 'GET', '/me/factors', { cookie: m.cookie });
    const only = (factors.json.factors as { id: number }[])[0];
    expect(factors.json.recoveryCodesLeft).toBe(10);
    c.clock.advance(6 * 60_000);
    expect((await api(c.app, 'DELETE', `/me/factors/${only.id}`, { cookie: m.cookie })).json.code).toBe('reauth-required');
    expect((await api(c.app, 'POST', '/session/reauth', { cookie: m.cookie, body: { password: 'not my password' } })).json.code).toBe(
      'bad-credentials',
    );
    expect((await api(c.app, 'POST', '/session/reauth', { cookie: m.cookie, body: { password: PASSWORD } })).status).toBe(200);
    expect((await api(c.app, 'DELETE', `/me/factors/${only.id}`, { cookie: m.cookie })).json.code).toBe('last-factor');
    const add = await api(c.app, 'POST', '/me/factors/totp', { cookie: m.cookie, body: { name: 'Phone 2' } });
    const confirm = await api(c.app, 'POST', `/me/factors/totp/${add.json.id as number}/confirm`, {
      cookie: m.cookie,
      body: { code: totpCode(add.json.secret as string, c.clock.now()) },
    });
    expect(confirm.status).toBe(200);
    expect((await api(c.app, 'GET', '/session', { cookie: otherSession.cookie })).status).toBe(401);
    expect((await api(c.app, 'DELETE', `/me/factors/${only.id}`, { cookie: m.cookie })).status).toBe(204);
    const pw = await api(c.app, 'POST', '/me/password', { cookie: m.cookie, body: { password: 'short' } });
    expect(pw.json.code).toBe('weak-password');
    expect(
      (await api(c.app, 'POST', '/me/password', { cookie: m.cookie, body: { password: 'a much longer new passphrase' } })).status,
    ).toBe(204);
    const sessions = await api(c.app, 'GET', '/me/sessions', { cookie: m.cookie });
    expect((sessions.json.sessions as { current: boolean }[]).map((s) => s.current)).toEqual([true]);
    const actions = (await c.db.selectFrom('audit_log').select('action').where('actor_name', '=', 'self@example.com').execute()).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['factor.add', 'factor.remove', 'password.change', 'reauth.failure']));
  });

  it("an owner invites (link used once), resets a member's factors (their sessions end), and signs out", async () => {
    const owner = await enrolTotp(c, 'own@example.com', ['owner']);
    const inv = await api(c.app, 'POST', '/invitations', {
      cookie: owner.cookie,
      body: { email: 'new@example.com', roles: ['localizer'], languages: ['ja'] },
    });
    expect(inv.json.link).toMatch(/\/console\/enrol\/[\w-]{43}$/);
    const token = (inv.json.link as string).split('/').pop()!;
    expect((await api(c.app, 'GET', `/enrolment/${token}`)).json).toMatchObject({ email: 'new@example.com', roles: ['localizer'] });
    const listed = await api(c.app, 'GET', '/invitations', { cookie: owner.cookie });
    expect((listed.json.invitations as { email: string }[])[0].email).toBe('new@example.com');
    const member = await enrolTotp(c, 'reset@example.com', ['editor']);
    const reset = await api(c.app, 'POST', `/staff/${member.id}/reset-factors`, { cookie: owner.cookie });
    expect(reset.json.link).toMatch(/\/console\/enrol\//);
    expect((await api(c.app, 'GET', '/session', { cookie: member.cookie })).status).toBe(401);
    expect((await api(c.app, 'DELETE', '/session', { cookie: owner.cookie })).status).toBe(204);
    expect((await api(c.app, 'GET', '/session', { cookie: owner.cookie })).status).toBe(401);
  });

  it('a localizer edits titles in their languages only; a stale version is a conflict; the change is audited', async () => {
    const titles = await c.db.selectFrom('titles').select(['id', 'language']).execute();
    const loc = await memberWithSession(c.db, ['localizer'], c.clock.nowSec(), ['en']);
    const list = await api(c.app, 'GET', '/catalog/titles', { cookie: loc.cookie });
    const all = list.json.titles as { id: number; language: string; version: number }[];
    expect(all.length).toBe(titles.length);
    const mine = all.find((t) => t.language === 'en')!;
    const foreign = all.find((t) => t.language !== 'en');
    const ok = await api(c.app, 'PATCH', `/catalog/titles/${mine.id}`, {
      cookie: loc.cookie,
      body: { name: 'A better name', version: mine.version },
    });
    expect([ok.status, ok.json.name, ok.json.version]).toEqual([200, 'A better name', mine.version + 1]);
    expect(
      (await api(c.app, 'PATCH', `/catalog/titles/${mine.id}`, { cookie: loc.cookie, body: { name: 'x', version: mine.version } })).json
        .code,
    ).toBe('conflict');
    if (foreign) {
      const no = await api(c.app, 'PATCH', `/catalog/titles/${foreign.id}`, {
        cookie: loc.cookie,
        body: { name: 'x', version: foreign.version },
      });
      expect(no.json.code).toBe('forbidden');
    }
    const entry = await c.db.selectFrom('audit_log').selectAll().where('action', '=', 'title.update').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!)).toMatchObject({ name: 'A better name' });
  });

  it('a moderator reads feedback without visitor ids; an analyst reads daily views', async () => {
    const mod = await memberWithSession(c.db, ['moderator'], c.clock.nowSec());
    const fb = await api(c.app, 'GET', '/feedback', { cookie: mod.cookie });
    expect(fb.status).toBe(200);
    expect(fb.text).not.toContain('visitor');
    const an = await memberWithSession(c.db, ['analyst'], c.clock.nowSec());
    const stats = await api(c.app, 'GET', '/stats/summary?days=3', { cookie: an.cookie });
    expect((stats.json.days as unknown[]).length).toBe(3);
  });
});

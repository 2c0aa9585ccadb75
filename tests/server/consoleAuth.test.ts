import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, firstOwnerLink } from '../../server/console/invitations.js';
import { consoleRepos } from '../../server/repos/console/index.js';
import { totpCode } from '../../server/console/totp.js';
import { BACKENDS } from './helpers.js';
import { api, enrolTotp, PASSWORD, setupConsole, signInTotp, type ConsoleApp } from './consoleHelpers.js';

/** Enrolment, sign-in and its defences, sessions and the audit log, each failing without its defence. */
const MIN = 60_000;

describe.each(BACKENDS)('console sign-in on %s', (backend) => {
  let c: ConsoleApp;
  beforeAll(async () => {
    c = await setupConsole(backend, 'auth');
  });
  afterAll(() => c?.close());

  it('the first-owner link appears only while there is no staff, and enrols an owner with a password and TOTP', async () => {
    const link = await firstOwnerLink(c.app);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/console\/enrol\/[\w-]{43}$/);
    const token = link!.split('/').pop()!;
    const info = await api(c.app, 'GET', `/enrolment/${token}`);
    expect(info.json).toMatchObject({ email: '', roles: ['owner'] });
    const short = await api(c.app, 'POST', `/enrolment/${token}/totp`, {
      body: { name: 'Ann', password: 'short', email: 'ann@example.com' },
    });
    expect(short.json.code).toBe('weak-password');
    const common = await api(c.app, 'POST', `/enrolment/${token}/totp`, {
      body: { name: 'Ann', password: 'Password1234', email: 'ann@example.com' },
    });
    expect(common.json.code).toBe('common-password');
    const setup = await api(c.app, 'POST', `/enrolment/${token}/totp`, {
      body: { name: 'Ann', password: PASSWORD, email: 'ann@example.com' },
    });
    expect(setup.json.qrSvg).toMatch(/^<svg/);
    const wrong = await api(c.app, 'POST', `/enrolment/${token}/totp/confirm`, { body: { code: '000000' } });
    expect(wrong.json.code).toBe('bad-code');
    const done = await api(c.app, 'POST', `/enrolment/${token}/totp/confirm`, {
      body: { code: totpCode(setup.json.secret as string, c.clock.now()) },
    });
    expect(done.status).toBe(200);
    expect(done.json.recoveryCodes).toHaveLength(10);
    expect(done.cookie).toMatch(/^[\w-]{43}$/);
    const row = await c.db.selectFrom('staff_members').selectAll().where('email', '=', 'ann@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await firstOwnerLink(c.app)).toBeNull();
    // Used: the same link is refused.
    expect((await api(c.app, 'GET', `/enrolment/${token}`)).json.code).toBe('enrolment-invalid');
    expect((await api(c.app, 'POST', `/enrolment/${token}/totp`, { body: { name: 'X', password: PASSWORD } })).json.code).toBe(
      'enrolment-invalid',
    );
  });

  it('an expired enrolment link is refused', async () => {
    const l = await createLink(
      consoleRepos(c.db),
      { email: 'late@example.com', roles: ['editor'], languages: [], createdBy: null },
      c.clock.nowSec(),
    );
    expect((await api(c.app, 'GET', `/enrolment/${l.token}`)).status).toBe(200);
    c.clock.advance(24 * 60 * MIN);
    const r = await api(c.app, 'GET', `/enrolment/${l.token}`);
    expect([r.status, r.json.code]).toEqual([404, 'enrolment-invalid']);
  });

  it('a replayed TOTP code is refused', async () => {
    const m = await enrolTotp(c, 'replay@example.com', ['editor']);
    c.clock.advance(MIN);
    const first = await api(c.app, 'POST', '/sign-in', { body: { email: 'replay@example.com', password: PASSWORD } });
    const code = totpCode(m.secret, c.clock.now());
    const ok = await api(c.app, 'POST', '/sign-in/totp', { body: { challenge: first.json.challenge, code } });
    expect(ok.status).toBe(200);
    const again = await api(c.app, 'POST', '/sign-in', { body: { email: 'replay@example.com', password: PASSWORD } });
    const replay = await api(c.app, 'POST', '/sign-in/totp', { body: { challenge: again.json.challenge, code } });
    expect([replay.status, replay.json.code, replay.cookie]).toEqual([401, 'bad-code', null]);
  });

  it('50 wrong passwords for one account are throttled, never locked; the right one still needs the second factor', async () => {
    const m = await enrolTotp(c, 'target@example.com', ['analyst']);
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await api(c.app, 'POST', '/sign-in', { body: { email: 'target@example.com', password: `wrong password ${i}` } });
      codes.push(r.json.code);
      expect(r.cookie).toBeNull();
      // A patient attacker waits out each delay: the failures keep counting, the waits grow to a quarter of an hour.
      c.clock.advance(r.json.code === 'throttled' ? Number(r.json.retryAfter) * 1000 : 1000);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('bad-credentials'));
    expect(codes).toContain('throttled');
    expect(codes).not.toContain('locked');
    // An unknown address gets the same answers (no account is revealed).
    const unknown = await api(c.app, 'POST', '/sign-in', { body: { email: 'nobody@example.com', password: 'whatever it is' } });
    expect(unknown.json.code).toBe('bad-credentials');
    const held = await api(c.app, 'POST', '/sign-in', { body: { email: 'target@example.com', password: PASSWORD } });
    expect(held.json.code).toBe('throttled');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    c.clock.advance(16 * MIN);
    const right = await api(c.app, 'POST', '/sign-in', { body: { email: 'target@example.com', password: PASSWORD } });
    expect(right.status).toBe(200);
    expect(right.cookie).toBeNull();
    expect(right.json.factors).toEqual(['totp', 'recovery']);
    const session = await api(c.app, 'POST', '/sign-in/totp', {
      body: { challenge: right.json.challenge, code: totpCode(m.secret, c.clock.now()) },
    });
    expect(session.cookie).toBeTruthy();
    const failures = await c.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'sign-in.failure')
      .where('target', '=', 'email:target@example.com')
      .execute();
    expect(failures.length).toBeGreaterThanOrEqual(5);
  });

  it('a recovery code signs in once', async () => {
    const m = await enrolTotp(c, 'rec@example.com', ['moderator']);
    const a = await api(c.app, 'POST', '/sign-in', { body: { email: 'rec@example.com', password: PASSWORD } });
    expect(
      (await api(c.app, 'POST', '/sign-in/recovery', { body: { challenge: a.json.challenge, code: m.recoveryCodes[0] } })).status,
    ).toBe(200);
    const b = await api(c.app, 'POST', '/sign-in', { body: { email: 'rec@example.com', password: PASSWORD } });
    expect(
      (await api(c.app, 'POST', '/sign-in/recovery', { body: { challenge: b.json.challenge, code: m.recoveryCodes[0] } })).json.code,
    ).toBe('bad-code');
  });

  it('sessions end after 30 idle minutes and after 12 hours however used', async () => {
    const m = await enrolTotp(c, 'idle@example.com', ['analyst']);
    c.clock.advance(29 * MIN);
    expect((await api(c.app, 'GET', '/session', { cookie: m.cookie })).status).toBe(200);
    c.clock.advance(30 * MIN);
    expect((await api(c.app, 'GET', '/session', { cookie: m.cookie })).status).toBe(401);
    const { second } = await signInTotp(c, 'idle@example.com', m.secret);
    const cookie = second!.cookie!;
    for (let i = 0; i < 12 * 3; i++) {
      c.clock.advance(20 * MIN);
      const r = await api(c.app, 'GET', '/session', { cookie });
      if (r.status !== 200) {
        expect(i).toBe(35);
        return;
      }
    }
    throw new Error('the session outlived 12 hours');
  });

  it('disabling a member ends their sessions; re-authentication guards a role change', async () => {
    const owner = await enrolTotp(c, 'boss@example.com', ['owner']);
    const staff = await enrolTotp(c, 'staff@example.com', ['editor']);
    const list = await api(c.app, 'GET', '/staff', { cookie: owner.cookie });
    const member = (list.json.members as { id: number; version: number }[]).find((x) => x.id === staff.id)!;
    c.clock.advance(10 * MIN);
    const roles = await api(c.app, 'PATCH', `/staff/${staff.id}`, {
      cookie: owner.cookie,
      body: { roles: ['analyst'], version: member.version },
    });
    expect(roles.json.code).toBe('reauth-required');
    expect((await api(c.app, 'POST', '/session/reauth', { cookie: owner.cookie, body: { password: PASSWORD } })).status).toBe(200);
    const ok = await api(c.app, 'PATCH', `/staff/${staff.id}`, {
      cookie: owner.cookie,
      body: { roles: ['analyst'], version: member.version },
    });
    expect(ok.json.roles).toEqual(['analyst']);
    const stale = await api(c.app, 'PATCH', `/staff/${staff.id}`, {
      cookie: owner.cookie,
      body: { disabled: true, version: member.version },
    });
    expect(stale.json.code).toBe('conflict');
    expect((await api(c.app, 'GET', '/session', { cookie: staff.cookie })).status).toBe(200);
    const off = await api(c.app, 'PATCH', `/staff/${staff.id}`, {
      cookie: owner.cookie,
      body: { disabled: true, version: ok.json.version },
    });
    expect(off.json.disabled).toBe(true);
    expect((await api(c.app, 'GET', '/session', { cookie: staff.cookie })).status).toBe(401);
    expect((await signInTotp(c, 'staff@example.com', staff.secret)).first.json.code).toBe('bad-credentials');
    const audit = await api(c.app, 'GET', `/audit?target=member:${staff.id}`, { cookie: owner.cookie });
    const actions = (audit.json.entries as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.disable', 'staff.roles']));
  });

  it('the audit log refuses UPDATE and DELETE in the database, and exports CSV and JSON lines', async () => {
    const owner = await enrolTotp(c, 'auditor@example.com', ['owner']);
    const row = await c.db.selectFrom('audit_log').select('id').orderBy('id').executeTakeFirstOrThrow();
    await expect(c.db.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(c.db.deleteFrom('audit_log').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    if (backend === 'postgres') await expect(sql`truncate audit_log`.execute(c.db)).rejects.toThrow(/append-only/);
    const csv = await api(c.app, 'GET', '/audit/export?format=csv&action=enrolment.complete', { cookie: owner.cookie });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('id,at,actor_kind,actor_id,actor_name,action,target,before,after,address,user_agent');
    expect(csv.text).toContain('auditor@example.com');
    const jsonl = await api(c.app, 'GET', '/audit/export?format=jsonl', { cookie: owner.cookie });
    const lines = jsonl.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { action: string });
    expect(lines.map((l) => l.action)).toContain('sign-in.success');
  });
});

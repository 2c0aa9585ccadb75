import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, firstOwnerLink } from '../../server/console/invitations.js';
import { consoleRepos } from '../../server/repos/console/index.js';
import { totpCode } from '../../server/console/totp.js';
import { BACKENDS } from './helpers.js';
import { api, enrolTotp, PASSWORD, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/**
 * Enrolment links (issue 46): one live first-owner link, and only while there
 * is no staff; one live factor-reset link per member; links made only from
 * PUBLIC_URL, never the request's Host; each link's 24 hours on the server's clock.
 */
const HOUR = 3600_000;
const tokenOf = (link: string) => link.split('/').pop()!;

/** Enrols from a link with a TOTP app; the confirmation's answer (or the first step's refusal). */
async function enrolWith(c: ConsoleApp, token: string, body: Record<string, string> = {}) {
  const start = await api(c.app, 'POST', `/enrolment/${token}/totp`, { body: { name: 'Someone', password: PASSWORD, ...body } });
  if (start.status !== 200) return start;
  return api(c.app, 'POST', `/enrolment/${token}/totp/confirm`, { body: { code: totpCode(start.json.secret as string, c.clock.now()) } });
}

const usable = async (c: ConsoleApp, token: string) => (await api(c.app, 'GET', `/enrolment/${token}`)).status === 200;

describe.each(BACKENDS)('console enrolment links on %s', (backend) => {
  let c: ConsoleApp;
  beforeAll(async () => {
    c = await setupConsole(backend, 'links');
  });
  afterAll(() => c?.close());

  it('a new first-owner link voids the older; any enrolment voids them all; each lasts 24 hours', async () => {
    // Two starts with no staff: the first start's link stops working.
    const first = tokenOf((await firstOwnerLink(c.app))!);
    const second = tokenOf((await firstOwnerLink(c.app))!);
    expect([await usable(c, first), await usable(c, second)]).toEqual([false, true]);
    expect((await enrolWith(c, first, { email: 'early@example.com' })).json.code).toBe('enrolment-invalid');
    // 24 hours on the server's clock.
    c.clock.advance(24 * HOUR - 1000);
    expect(await usable(c, second)).toBe(true);
    c.clock.advance(1000);
    expect(await usable(c, second)).toBe(false);
    // The first owner enrols through another link (as `npm run console -- invite` makes): the printed one is void.
    const printed = tokenOf((await firstOwnerLink(c.app))!);
    await enrolTotp(c, 'owner@example.com', ['owner']);
    expect(await usable(c, printed)).toBe(false);
    expect((await enrolWith(c, printed, { email: 'intruder@example.com' })).json.code).toBe('enrolment-invalid');
    const row = await c.db
      .selectFrom('staff_invitations')
      .select(['expires_at', 'used_at'])
      .where('email', '=', '')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([Number(row.expires_at), row.used_at]).toEqual([c.clock.nowSec(), null]);
    expect(await firstOwnerLink(c.app)).toBeNull();
    expect(await c.db.selectFrom('staff_members').select('email').where('email', '=', 'intruder@example.com').execute()).toEqual([]);
  });

  it("a new factor-reset link voids the older; re-enrolling voids every open link of the member's", async () => {
    const owner = await enrolTotp(c, 'resetter@example.com', ['owner']);
    const member = await enrolTotp(c, 'member@example.com', ['editor']);
    const reset = async () =>
      tokenOf((await api(c.app, 'POST', `/staff/${member.id}/reset-factors`, { cookie: owner.cookie })).json.link as string);
    const older = await reset();
    const newer = await reset();
    expect([await usable(c, older), await usable(c, newer)]).toEqual([false, true]);
    expect((await enrolWith(c, newer, { password: 'quiet harbour lantern violet 58' })).status).toBe(200);
    const taken = await enrolWith(c, older, { password: 'copper meadow whistle arctic 93' });
    expect(taken.json.code).toBe('enrolment-invalid');
    // Links made some other way (two at once): the enrolment with one voids the other.
    const repos = consoleRepos(c.db);
    const link = (memberId: number) =>
      createLink(repos, { email: 'member@example.com', roles: [], languages: [], createdBy: owner.id, memberId }, c.clock.nowSec());
    const [a, b] = [await link(member.id), await link(member.id)];
    expect((await enrolWith(c, b.token)).status).toBe(200);
    expect(await usable(c, a.token)).toBe(false);
    // The member's password is the one set with the link that worked.
    const signIn = await api(c.app, 'POST', '/sign-in', { body: { email: 'member@example.com', password: PASSWORD } });
    expect(signIn.status).toBe(200);
    // A reset link lasts 24 hours too.
    const late = await reset();
    c.clock.advance(24 * HOUR);
    expect(await usable(c, late)).toBe(false);
  });

  it("links are made from PUBLIC_URL or this machine, never the request's Host", async () => {
    const owner = await enrolTotp(c, 'host@example.com', ['owner']);
    const inv = await api(c.app, 'POST', '/invitations', {
      cookie: owner.cookie,
      headers: { host: 'evil.example' },
      body: { email: 'hosted@example.com', roles: ['analyst'], languages: [] },
    });
    expect(inv.json.link).toMatch(new RegExp(`^http://localhost:${c.app.config.port}/console/enrol/`));
  });
});

describe.each(BACKENDS)('console enrolment links in production on %s', (backend) => {
  let bare: ConsoleApp;
  let pub: ConsoleApp;
  beforeAll(async () => {
    bare = await setupConsole(backend, 'links_prod', { production: true });
    pub = await setupConsole(backend, 'links_pub', { production: true, publicUrl: 'https://console.example.com' });
  });
  afterAll(async () => {
    await bare?.close();
    await pub?.close();
  });

  it('without PUBLIC_URL no link is made (no-public-url), and a factor reset changes nothing', async () => {
    await expect(firstOwnerLink(bare.app)).rejects.toMatchObject({ code: 'no-public-url' });
    const owner = await enrolTotp(bare, 'prod@example.com', ['owner']);
    const member = await enrolTotp(bare, 'kept@example.com', ['editor']);
    const inv = await api(bare.app, 'POST', '/invitations', {
      cookie: owner.cookie,
      body: { email: 'nolink@example.com', roles: ['analyst'], languages: [] },
    });
    expect([inv.status, inv.json.code, String(inv.headers['content-type']).split(';')[0]]).toEqual([
      503,
      'no-public-url',
      'application/problem+json',
    ]);
    const reset = await api(bare.app, 'POST', `/staff/${member.id}/reset-factors`, { cookie: owner.cookie });
    expect([reset.status, reset.json.code]).toEqual([503, 'no-public-url']);
    expect((await api(bare.app, 'GET', '/session', { cookie: member.cookie })).status).toBe(200);
  });

  it('with PUBLIC_URL every link is under it, whatever the Host', async () => {
    expect(await firstOwnerLink(pub.app)).toMatch(/^https:\/\/console\.example\.com\/console\/enrol\/[\w-]{43}$/);
    const owner = await enrolTotp(pub, 'pub@example.com', ['owner']);
    const inv = await api(pub.app, 'POST', '/invitations', {
      cookie: owner.cookie,
      headers: { host: 'evil.example' },
      body: { email: 'pubbed@example.com', roles: ['analyst'], languages: [] },
    });
    expect(inv.json.link).toMatch(/^https:\/\/console\.example\.com\/console\/enrol\//);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import { api, enrolTotp, sessionFor, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/**
 * What the invitation list says of each (issue 47): open until its expiry,
 * used, withdrawn (its expiry moved to the withdrawal), or expired after its
 * 24 hours; a withdrawn one no longer reads "expires" with a Withdraw button.
 */
describe.each(BACKENDS)('console invitation states on %s', (backend) => {
  let c: ConsoleApp;
  beforeAll(async () => {
    c = await setupConsole(backend, 'inv_states');
  });
  afterAll(() => c?.close());

  it('open, withdrawn, expired and used, each with its moment', async () => {
    const owner = await enrolTotp(c, 'owner@example.com', ['owner']);
    let cookie = owner.cookie;
    const invite = async (email: string) =>
      (await api(c.app, 'POST', '/invitations', { cookie, body: { email, roles: ['editor'], languages: [] } })).json;
    const states = async () =>
      Object.fromEntries(
        ((await api(c.app, 'GET', '/invitations', { cookie })).json.invitations as Array<{ email: string; state: string }>).map((i) => [
          i.email,
          i.state,
        ]),
      );
    const withdrawn = await invite('withdrawn@example.com');
    const kept = await invite('kept@example.com');
    expect(await states()).toMatchObject({ 'withdrawn@example.com': 'open', 'kept@example.com': 'open' });
    c.clock.advance(60_000);
    expect((await api(c.app, 'DELETE', `/invitations/${withdrawn.id as number}`, { cookie })).status).toBe(204);
    const listed = (await api(c.app, 'GET', '/invitations', { cookie })).json.invitations as Array<{
      id: number;
      state: string;
      expiresAt: number;
    }>;
    expect(listed.find((i) => i.id === withdrawn.id)).toMatchObject({ state: 'withdrawn', expiresAt: c.clock.nowSec() });
    expect(listed.find((i) => i.id === kept.id)).toMatchObject({ state: 'open', expiresAt: kept.expiresAt as number });
    // A withdrawn one cannot be withdrawn again.
    expect((await api(c.app, 'DELETE', `/invitations/${withdrawn.id as number}`, { cookie })).json.code).toBe('not-found');
    // Past its 24 hours the other has expired; the withdrawn one stays withdrawn.
    c.clock.advance(24 * 3600_000);
    // (The owner's session has ended meanwhile: a new one.)
    cookie = await sessionFor(c.db, owner.id, c.clock.nowSec());
    expect(await states()).toMatchObject({ 'withdrawn@example.com': 'withdrawn', 'kept@example.com': 'expired' });
    // Used: enrolled through.
    await enrolTotp(c, 'used@example.com', ['editor']);
    const used = (await api(c.app, 'GET', '/invitations', { cookie })).json.invitations as Array<{
      email: string;
      state: string;
      usedAt: number | null;
    }>;
    expect(used.find((i) => i.email === 'used@example.com')).toMatchObject({ state: 'used', usedAt: c.clock.nowSec() });
  });
});

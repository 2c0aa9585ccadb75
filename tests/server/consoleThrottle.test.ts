import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/console/totp.js';
import { BACKENDS } from './helpers.js';
import { api, enrolTotp, PASSWORD, setupConsole, type Call, type ConsoleApp } from './consoleHelpers.js';

/**
 * Sign-in throttling as a denial of service (ASVS 5.0 V6.3): the pair
 * (account, address) holds an attacker, the account's brake slows without
 * locking the member out (and a recovery code passes it), failures age, and
 * parallel attempts are checked one at a time. The server's clock is moved.
 */
const SEC = 1000;
const ATTACKER = '203.0.113.66';
const MEMBER = '198.51.100.7';

describe.each(BACKENDS)('console sign-in throttling on %s', (backend) => {
  let c: ConsoleApp;
  beforeAll(async () => {
    c = await setupConsole(backend, 'throttle');
  });
  afterAll(() => c?.close());

  const signIn = (email: string, password: string, address: string) =>
    api(c.app, 'POST', '/sign-in', { body: { email, password }, address });

  /** A patient attacker: `n` wrong passwords checked from `address`, waiting out each delay it is told. */
  async function failFrom(email: string, address: string, n: number): Promise<(string | undefined)[]> {
    const codes: (string | undefined)[] = [];
    for (let checked = 0; checked < n;) {
      const r = await signIn(email, `wrong guess number ${codes.length}`, address);
      codes.push(r.json.code);
      if (r.status === 429) c.clock.advance(Number(r.json.retryAfter) * SEC);
      else checked++;
    }
    return codes;
  }

  const checkedOf = (calls: Call[]) => calls.filter((r) => r.json.code === 'bad-credentials').length;

  it("20 failures from an attacker's address hold that address, never lock the account: the member signs in from theirs", async () => {
    const m = await enrolTotp(c, 'target@example.com', ['analyst']);
    const codes = await failFrom('target@example.com', ATTACKER, 20);
    expect(codes).not.toContain('locked');
    // The attacker's address waits a quarter of an hour, even with the right password.
    const held = await signIn('target@example.com', PASSWORD, ATTACKER);
    expect([held.status, held.json.code, held.headers['retry-after']]).toEqual([429, 'throttled', '900']);
    const first = await signIn('target@example.com', PASSWORD, MEMBER);
    expect([first.status, first.json.factors]).toEqual([200, ['totp', 'recovery']]);
    c.clock.advance(30 * SEC);
    const second = await api(c.app, 'POST', '/sign-in/totp', {
      body: { challenge: first.json.challenge, code: totpCode(m.secret, c.clock.now()) },
      address: MEMBER,
    });
    expect(second.cookie).toBeTruthy();
    expect((await signIn('target@example.com', PASSWORD, ATTACKER)).json.code).toBe('throttled');
  }, 120_000);

  it("failures from many addresses brake the account for seconds; the password and a recovery code pass the brake, not the pair's throttle", async () => {
    const m = await enrolTotp(c, 'braked@example.com', ['analyst']);
    // A quick attacker on twenty addresses: ten free failures, then 2 s more each.
    for (let i = 0; i < 20;) {
      const r = await signIn('braked@example.com', `spread guess ${i}`, `192.0.2.${i + 1}`);
      if (r.status === 429) c.clock.advance(Number(r.json.retryAfter) * SEC);
      else i++;
    }
    const braked = await signIn('braked@example.com', PASSWORD, MEMBER);
    expect([braked.status, braked.json.code, braked.json.retryAfter]).toEqual([429, 'account-throttled', 20]);
    const withCode = (password: string, code: string, address: string) =>
      api(c.app, 'POST', '/sign-in/with-recovery-code', { body: { email: 'braked@example.com', password, code }, address });
    // Through the brake, but the pair's throttle still holds an attacker guessing that way: six checked, then a wait.
    const tries: Call[] = [];
    for (let i = 0; i < 7; i++) tries.push(await withCode(`guess ${i} with a code`, 'aaaaa-bbbbb', ATTACKER));
    expect(tries.map((r) => r.json.code)).toEqual([...Array<string>(6).fill('bad-credentials'), 'throttled']);
    // A wrong code or a wrong password: the same refusal, and no code is spent.
    expect((await withCode(PASSWORD, 'aaaaa-bbbbb', MEMBER)).json.code).toBe('bad-credentials');
    expect((await withCode('not the password at all', m.recoveryCodes[0], MEMBER)).json.code).toBe('bad-credentials');
    const ok = await withCode(PASSWORD, m.recoveryCodes[0], MEMBER);
    expect([ok.status, Boolean(ok.cookie)]).toEqual([200, true]);
    expect((await withCode(PASSWORD, m.recoveryCodes[0], MEMBER)).json.code).toBe('bad-credentials');
    // The brake never locks: after its wait the member's password is checked again.
    c.clock.advance(60 * SEC);
    expect((await signIn('braked@example.com', PASSWORD, MEMBER)).status).toBe(200);
  }, 120_000);

  it('failures age: a quiet hour forgets four of twelve, four more hours forget them all', async () => {
    await enrolTotp(c, 'ages@example.com', ['analyst']);
    await failFrom('ages@example.com', ATTACKER, 12);
    c.clock.advance(3600 * SEC);
    // Eight left: the next failure is the 9th, which earns 2^4 s (never-ageing counts would be at 13: 2^8 s).
    expect((await signIn('ages@example.com', 'still guessing here', ATTACKER)).json.code).toBe('bad-credentials');
    const next = await signIn('ages@example.com', 'still guessing here', ATTACKER);
    expect([next.json.code, next.json.retryAfter]).toEqual(['throttled', 16]);
    c.clock.advance(4 * 3600 * SEC);
    // All forgotten: five free failures and a sixth, then the first delay.
    const calls: Call[] = [];
    for (let i = 0; i < 7; i++) calls.push(await signIn('ages@example.com', `fresh guess ${i}`, ATTACKER));
    expect(calls.map((r) => r.json.code)).toEqual([...Array<string>(6).fill('bad-credentials'), 'throttled']);
  }, 120_000);

  it('16 parallel attempts are checked one at a time: one from a throttled address, at most the free ones from many', async () => {
    await enrolTotp(c, 'parallel@example.com', ['analyst']);
    await failFrom('parallel@example.com', ATTACKER, 6);
    c.clock.advance(2 * SEC);
    const burst = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn('parallel@example.com', `parallel ${i}`, ATTACKER)));
    expect(checkedOf(burst)).toBe(1);
    expect(burst.filter((r) => r.json.code === 'throttled')).toHaveLength(15);

    await enrolTotp(c, 'spread@example.com', ['analyst']);
    const spread = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn('spread@example.com', `spread ${i}`, `192.0.2.${i + 1}`)));
    // The account's brake: ten free failures, the eleventh earns a delay; no more are checked at this instant.
    expect(checkedOf(spread)).toBeGreaterThanOrEqual(1);
    expect(checkedOf(spread)).toBeLessThanOrEqual(11);
    expect(spread.every((r) => r.json.code === 'bad-credentials' || r.status === 429)).toBe(true);
  }, 120_000);
});

import { hash } from '@node-rs/argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkPassword, hashPassword, verifyPassword } from '../../server/console/passwords.js';
import { ConsoleProblem } from '../../server/console/problems.js';
import { createLink } from '../../server/console/invitations.js';
import { consoleRepos } from '../../server/repos/console/index.js';
import { BACKENDS } from './helpers.js';
import { api, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/** The password rules (ASVS 5.0 V6.2): normalised, checked against breach data, the account's words and guessable patterns, offline. */
const ACCOUNT = { email: 'yuki.tanaka@shinsei-comics.jp', name: 'Yuki Tanaka' };

/** Candidates a guesser tries early, each with the code it is refused with. */
const WEAK: [string, string][] = [
  ['short one', 'weak-password'],
  ['ｐａｓｓ１２３', 'weak-password'],
  [' '.repeat(12), 'guessable-password'],
  ['000000000000', 'guessable-password'],
  ['aaaaaaaaaaaa', 'guessable-password'],
  ['12345678901234567890', 'guessable-password'],
  ['abcdefghijkl', 'guessable-password'],
  ['zyxwvutsrqpo', 'guessable-password'],
  ['qwertyuiopas', 'common-password'],
  ['asdfghjkl;asd', 'common-password'],
  ['1q2w3e4r5t6y', 'common-password'],
  ['zaq12wsxcde3', 'common-password'],
  ['1234qwerasdf', 'common-password'],
  ['trustno1trustno1', 'guessable-password'],
  ['passwordpassword', 'guessable-password'],
  ['letmeinletmein', 'guessable-password'],
  ['!1234password', 'common-password'],
  ['password1234', 'common-password'],
  ['ｐａｓｓｗｏｒｄ１２３４', 'common-password'],
  ['Password123!', 'common-password'],
  ['P@ssw0rd1234', 'common-password'],
  ['iloveyou2024', 'common-password'],
  ['qwerty123456', 'common-password'],
  ['dragon123456', 'common-password'],
  ['football2024', 'common-password'],
  ['monkey1234567', 'common-password'],
  ['welcome12345', 'common-password'],
  ['summer2024!!', 'guessable-password'],
  ['Winter2023!!', 'guessable-password'],
  ['adminadmin12', 'guessable-password'],
  ['1990-05-17-1990', 'guessable-password'],
  ['yuki.tanaka@shinsei-comics.jp', 'personal-password'],
  ['YUKI.TANAKA@SHINSEI-COMICS.JP', 'personal-password'],
  ['yuki.tanaka!2024', 'personal-password'],
  ['yukitanaka1990', 'personal-password'],
  ['Tanaka.Yuki.2024!', 'personal-password'],
  ['yukiyukiyuki', 'personal-password'],
  ['shinseicomics!1', 'personal-password'],
  ['mangareader12', 'personal-password'],
  ['mangareader2024', 'personal-password'],
  ['manga reader 1', 'personal-password'],
  ['ｍａｎｇａｒｅａｄｅｒ１２', 'personal-password'],
  ['console staff 2024', 'personal-password'],
];

const GOOD = [
  'correct horse battery staple',
  'sunflower-orbit-velvet-42',
  'Tr4in-Kettle-Moss-Harbour',
  'blue whale drinks coffee',
  'ng7#Qx!2vLp9',
  'Mh7$kq2Lz!9w',
  'the kettle sings at dawn',
];

async function refusal(password: string): Promise<string | null> {
  try {
    await checkPassword(password, ACCOUNT);
    return null;
  } catch (e) {
    if (e instanceof ConsoleProblem) return e.code;
    throw e;
  }
}

describe('console passwords', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network at run time'));
  afterAll(() => fetchSpy.mockRestore());

  it('refuses every weak candidate with the code of its weakness, without the network', async () => {
    const got: [string, string | null][] = [];
    for (const [p] of WEAK) got.push([p, await refusal(p)]);
    expect(got).toEqual(WEAK);
    expect(fetchSpy).not.toHaveBeenCalled();
  }, 60_000);

  it('accepts good passphrases and random passwords', async () => {
    for (const p of GOOD) expect([p, await refusal(p)]).toEqual([p, null]);
  });

  it('hashes and verifies the NFKC form: a fullwidth password is its plain one; an old hash of the typed form still verifies', async () => {
    const stored = await hashPassword('ｃｏｒｒｅｃｔ ｈｏｒｓｅ ｂａｔｔｅｒｙ ｓｔａｐｌｅ');
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'ｃｏｒｒｅｃｔ ｈｏｒｓｅ ｂａｔｔｅｒｙ ｓｔａｐｌｅ')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery stapler')).toBe(false);
    // Made before normalisation, from the form as typed (decomposed é: NFKC composes it).
    const typed = 'cafe\u0301 horse battery staple';
    const legacy = await hash(typed);
    expect(await verifyPassword(legacy, typed)).toBe(true);
    expect(await verifyPassword(legacy, 'café horse battery staple')).toBe(false);
    expect(await verifyPassword(null, typed)).toBe(false);
  });
});

describe.each(BACKENDS)('console password refusals over the API on %s', (backend) => {
  let c: ConsoleApp;
  beforeAll(async () => {
    c = await setupConsole(backend, 'passwords');
  });
  afterAll(() => c?.close());
  afterEach(() => c.clock.advance(60_000));

  it('enrolment refuses the email, a service word pattern and a breached password with their codes', async () => {
    const link = await createLink(
      consoleRepos(c.db),
      { email: 'yuki.tanaka@shinsei-comics.jp', roles: ['analyst'], languages: [], createdBy: null },
      c.clock.nowSec(),
    );
    const codes: (string | undefined)[] = [];
    for (const password of ['yuki.tanaka@shinsei-comics.jp', 'mangareader12', 'ｐａｓｓｗｏｒｄ１２３４', 'aaaaaaaaaaaa']) {
      const r = await api(c.app, 'POST', `/enrolment/${link.token}/totp`, { body: { name: 'Yuki Tanaka', password } });
      expect(r.status).toBe(422);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      codes.push(r.json.code);
    }
    expect(codes).toEqual(['personal-password', 'personal-password', 'common-password', 'guessable-password']);
    const ok = await api(c.app, 'POST', `/enrolment/${link.token}/totp`, { body: { name: 'Yuki Tanaka', password: GOOD[1] } });
    expect(ok.status).toBe(200);
  });
});

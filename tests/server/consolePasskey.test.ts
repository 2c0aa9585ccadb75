import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink } from '../../server/console/invitations.js';
import { consoleRepos } from '../../server/repos/console/index.js';
import { BACKENDS } from './helpers.js';
import { api, PASSWORD, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { SoftAuthenticator } from './softAuthenticator.js';

/** Passkeys end to end with a software authenticator: enrolment, sign-in, the signature counter, a foreign origin. */
const HOST = 'console.example';

describe.each(BACKENDS)('console passkeys on %s', (backend) => {
  let c: ConsoleApp;
  beforeAll(async () => {
    c = await setupConsole(backend, 'passkey');
  });
  afterAll(() => c?.close());
  const headers = { host: HOST };

  it('enrols with a passkey, signs in with it, and refuses a counter that did not grow or another origin', async () => {
    const key = new SoftAuthenticator(HOST, `http://${HOST}`);
    const link = await createLink(
      consoleRepos(c.db),
      { email: 'pk@example.com', roles: ['editor'], languages: [], createdBy: null },
      c.clock.nowSec(),
    );
    const start = await api(c.app, 'POST', `/enrolment/${link.token}/passkey`, { headers, body: { name: 'Pat', password: PASSWORD } });
    const options = start.json.options as { challenge: string; rp: { id: string } };
    expect(options.rp.id).toBe(HOST);
    const wrongOrigin = new SoftAuthenticator(HOST, 'http://evil.example');
    const refused = await api(c.app, 'POST', `/enrolment/${link.token}/passkey/confirm`, {
      headers,
      body: { response: wrongOrigin.register(options.challenge) },
    });
    expect(refused.json.code).toBe('bad-code');
    const done = await api(c.app, 'POST', `/enrolment/${link.token}/passkey/confirm`, {
      headers,
      body: { response: key.register(options.challenge) },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.cookie).toBeTruthy();

    const first = await api(c.app, 'POST', '/sign-in', { headers, body: { email: 'pk@example.com', password: PASSWORD } });
    expect(first.json.factors).toEqual(['passkey', 'recovery']);
    const challenge = (first.json.passkeyOptions as { challenge: string }).challenge;
    const ok = await api(c.app, 'POST', '/sign-in/passkey', {
      headers,
      body: { challenge: first.json.challenge, response: key.authenticate(challenge) },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.cookie).toBeTruthy();

    // A cloned key answers with a counter that did not grow: refused.
    const again = await api(c.app, 'POST', '/sign-in', { headers, body: { email: 'pk@example.com', password: PASSWORD } });
    const clone = await api(c.app, 'POST', '/sign-in/passkey', {
      headers,
      body: {
        challenge: again.json.challenge,
        response: key.authenticate((again.json.passkeyOptions as { challenge: string }).challenge, 0),
      },
    });
    expect([clone.status, clone.json.code, clone.cookie]).toEqual([401, 'bad-code', null]);
    // An answer for another challenge: refused.
    const third = await api(c.app, 'POST', '/sign-in', { headers, body: { email: 'pk@example.com', password: PASSWORD } });
    const stale = await api(c.app, 'POST', '/sign-in/passkey', {
      headers,
      body: { challenge: third.json.challenge, response: key.authenticate(challenge) },
    });
    expect(stale.json.code).toBe('bad-code');
  });
});

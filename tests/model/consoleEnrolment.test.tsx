import { afterEach, beforeAll, beforeEach, describe, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { enrolmentMachine, type EnrolmentContext } from '../../machines/console/enrolmentMachine';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { manualConsoleClock, problem, scriptedConsoleApi } from './consoleApi';
import { runUiModel } from './uiModel';

// jsdom has no WebAuthn: the browser's passkey prompt answers as an authenticator would.
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: () => Promise.resolve({ id: 'cred', rawId: 'cred', type: 'public-key', response: {} }),
  startAuthentication: () => Promise.resolve({ id: 'cred', rawId: 'cred', type: 'public-key', response: {} }),
}));

const TOKEN = 'tok0123456789abcdef';
const member = { id: '1', email: 'ann@example.com', name: 'Ann', roles: ['owner'], languages: [] };
const totp = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };
const codes = Array.from({ length: 10 }, (_, i) => `rc-${i}-abcd`);
const base = `/enrolment/${TOKEN}`;
const check = (what: string, ok: boolean) => {
  if (!ok) throw new Error(`expected ${what}`);
};

describe('console enrolment (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  it('link checked, password rules, TOTP with recovery codes or a passkey, refusals', async () => {
    await runUiModel(
      enrolmentMachine,
      {
        name: 'consoleEnrolment',
        inputs: [{ token: TOKEN }],
        // Enrolment with a passkey to the end (the shortest paths reach 'done' through TOTP).
        sequences: [
          [
            { type: 'invitation.loaded', email: 'ann@example.com', roles: ['owner'] },
            { type: 'password.submit', name: 'Ann', password: 'a long enough passphrase', method: 'passkey' },
            { type: 'passkey.done' },
          ],
        ],
        // The server answers the factor the member chose: no passkey answer to a TOTP start, nor the other way.
        skipStep: (_from, e, _input, before) => {
          const chose = before.filter((x) => x.type === 'password.submit').at(-1)?.method;
          return (e.type === 'passkey.done' && chose !== 'passkey') || (e.type === 'totp.started' && chose !== 'totp');
        },
        events: [
          { type: 'invitation.loaded', email: 'ann@example.com', roles: ['owner'] },
          { type: 'invitation.invalid' },
          { type: 'password.submit', name: 'Ann', password: 'a long enough passphrase', method: 'totp' },
          { type: 'password.submit', name: 'Ann', password: 'a long enough passphrase', method: 'passkey' },
          { type: 'totp.started', totp },
          { type: 'passkey.done' },
          { type: 'factor.refused', problem: 'common-password' },
          { type: 'code.submit', code: '123456' },
          { type: 'totp.confirmed', recoveryCodes: codes },
          { type: 'codes.saved' },
        ],
      },
      () => ({
        render: () => {
          net.pending.length = 0;
          window.history.replaceState(null, '', `/console/enrol/${TOKEN}`);
          render(<App clock={manualConsoleClock()} />);
        },
        events: {
          'invitation.loaded': (e) => net.answer('GET', base, 200, { email: e.email, roles: e.roles, expiresAt: 1 }),
          'invitation.invalid': () =>
            net.has('GET', base)
              ? net.answer('GET', base, 404, problem(404, 'enrolment-invalid'))
              : net.answer('POST', new RegExp(`^${base}/(totp|passkey)$`), 404, problem(404, 'enrolment-invalid')),
          'password.submit': (e) => {
            fireEvent.change(screen.getByLabelText('Your name'), { target: { value: e.name } });
            fireEvent.change(screen.getByLabelText('Password'), { target: { value: e.password } });
            fireEvent.click(screen.getByRole('radio', { name: e.method === 'totp' ? /Authenticator app/ : /Passkey/ }));
            fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
          },
          'totp.started': (e) => net.answer('POST', `${base}/totp`, 200, e.totp),
          'passkey.done': async () => {
            await net.answer('POST', `${base}/passkey`, 200, { options: {} });
            await net.answer('POST', `${base}/passkey/confirm`, 200, { member });
          },
          'factor.refused': (e) =>
            net.has('POST', `${base}/totp/confirm`)
              ? net.answer('POST', `${base}/totp/confirm`, 422, problem(422, e.problem as string))
              : net.answer('POST', new RegExp(`^${base}/(totp|passkey)$`), 422, problem(422, 'common-password')),
          'code.submit': (e) => {
            fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: e.code } });
            fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
          },
          'totp.confirmed': (e) => net.answer('POST', `${base}/totp/confirm`, 200, { member, recoveryCodes: e.recoveryCodes }),
          'codes.saved': () => fireEvent.click(screen.getByRole('button', { name: 'I have saved my codes' })),
        },
        check: (s) => {
          const c = s.context as EnrolmentContext;
          const v = s.value as string;
          // Done: the console reads the new session (loading) before the home screen.
          check(`${v}: loading`, !!screen.queryByText('Loading…') === (v === 'loading' || v === 'done'));
          check(`${v}: invalid`, !!screen.queryByText(/This link is not valid/) === (v === 'invalid'));
          const form = !!screen.queryByLabelText('Your name');
          check(`${v}: password form`, form === (v === 'password' || v === 'starting'));
          if (v === 'starting') check(`${v}: continue`, screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' }).disabled);
          check(`${v}: common password message`, !!screen.queryByText(/too common/) === (c.problem === 'common-password'));
          const secret = screen.queryByTestId('totp-secret');
          check(`${v}: secret`, !!secret === (v === 'totp' || v === 'confirming'));
          if (secret) check('the secret as text', secret.textContent === totp.secret);
          check(`${v}: wrong code`, !!screen.queryByText(/That code is not right/) === (c.problem === 'bad-code'));
          check(`${v}: recovery codes`, !!screen.queryByText(/rc-0-abcd/) === (v === 'recoveryCodes'));
          if (v === 'done') check('the new session read', net.has('GET', '/session'));
        },
      }),
    );
  });
});

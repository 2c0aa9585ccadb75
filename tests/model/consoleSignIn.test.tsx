import { afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { signInMachine, type SignInContext } from '../../machines/console/signInMachine';
import { reauthMachine, type ReauthContext } from '../../machines/console/reauthMachine';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { manualConsoleClock, problem, scriptedConsoleApi } from './consoleApi';
import { runUiModel } from './uiModel';

const member = { id: '1', email: 'ann@example.com', name: 'Ann Owner', roles: ['owner'], languages: [] };
const session = { member, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };
const text = (re: RegExp) => !!screen.queryByText(re);
const expect = (what: string, ok: boolean) => {
  if (!ok) throw new Error(`expected ${what}`);
};

/** Sign-in with its second factor, and re-authentication, on the real console UI (scripted API). */
describe('console sign-in and re-authentication (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());
  const start = async (signedIn: boolean) => {
    net.pending.length = 0;
    window.history.replaceState(null, '', '/console/');
    render(<App clock={manualConsoleClock()} />);
    if (signedIn) await net.answer('GET', '/session', 200, session);
    else await net.answer('GET', '/session', 401, problem(401, 'unauthenticated'));
  };

  it('sign-in: password, second factor (code, recovery code), refusals, lock, start again', async () => {
    await runUiModel(
      signInMachine,
      {
        name: 'consoleSignIn',
        events: [
          { type: 'credentials.submit', email: 'ann@example.com', password: 'correct horse battery staple' },
          { type: 'credentials.accepted', challenge: 'c'.repeat(20), factors: ['totp', 'recovery'] },
          { type: 'credentials.refused', problem: 'bad-credentials' },
          { type: 'method.choose', method: 'recovery' },
          { type: 'factor.submit', code: '123456' },
          { type: 'factor.accepted' },
          { type: 'factor.refused', problem: 'bad-code' },
          { type: 'factor.refused', problem: 'locked', retryAfter: 900 },
          { type: 'signIn.restart' },
        ],
      },
      () => ({
        render: () => start(false),
        events: {
          'credentials.submit': (e) => {
            fireEvent.change(screen.getByLabelText('Email'), { target: { value: e.email } });
            fireEvent.change(screen.getByLabelText('Password'), { target: { value: e.password } });
            fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
          },
          'credentials.accepted': (e) => net.answer('POST', '/sign-in', 200, { challenge: e.challenge, factors: e.factors }),
          'credentials.refused': () => net.answer('POST', '/sign-in', 401, problem(401, 'bad-credentials')),
          'method.choose': () => fireEvent.click(screen.getByRole('radio', { name: 'Recovery code' })),
          'factor.submit': (e) => {
            const field =
              screen.queryByLabelText('One of your recovery codes') ?? screen.getByLabelText('6-digit code from your authenticator app');
            fireEvent.change(field, { target: { value: e.code } });
            fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
          },
          'factor.accepted': () => net.answer('POST', /^\/sign-in\/(totp|recovery)$/, 200, { member }),
          'factor.refused': (e) =>
            e.problem === 'locked'
              ? net.answer('POST', /^\/sign-in\/(totp|recovery)$/, 423, problem(423, 'locked', { retryAfter: e.retryAfter }))
              : net.answer('POST', /^\/sign-in\/(totp|recovery)$/, 401, problem(401, 'bad-code')),
          'signIn.restart': () => fireEvent.click(screen.getByRole('button', { name: 'Start again' })),
        },
        check: (s) => {
          const c = s.context as SignInContext;
          const v = s.value as string;
          const second = !!screen.queryByRole('heading', { name: 'Second step' });
          expect(`${v}: the right form`, second === (v === 'secondFactor' || v === 'verifying' || v === 'signedIn'));
          if (v === 'credentials' || v === 'checking') {
            const button = screen.getByRole('button', { name: v === 'checking' ? 'Checking…' : 'Continue' });
            expect(`${v}: button state`, (button as HTMLButtonElement).disabled === (v === 'checking'));
          }
          if (v === 'secondFactor') {
            expect(
              'the chosen method',
              screen.getByRole<HTMLInputElement>('radio', { name: c.method === 'totp' ? 'Authenticator code' : 'Recovery code' }).checked,
            );
          }
          if (v === 'verifying') expect('verify held', screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' }).disabled);
          if (v === 'signedIn') expect('the session read again', net.has('GET', '/session'));
          expect(`${v}: wrong password message`, text(/Wrong email or password/) === (c.problem === 'bad-credentials'));
          expect(`${v}: wrong code message`, text(/That code is not right/) === (c.problem === 'bad-code'));
          expect(`${v}: lock message`, text(/locked for about 15 minutes/) === (c.problem === 'locked'));
        },
      }),
    );
  });

  it('re-authentication: a password change asks the password again, then runs', async () => {
    await runUiModel(
      reauthMachine,
      {
        name: 'consoleReauth',
        events: [
          { type: 'action.start' },
          { type: 'action.done' },
          { type: 'action.failed', code: 'weak-password' },
          { type: 'action.reauthRequired' },
          { type: 'password.submit', password: 'correct horse battery staple' },
          { type: 'reauth.done' },
          { type: 'reauth.refused', problem: 'bad-credentials' },
          { type: 'dialog.cancel' },
        ],
      },
      () => ({
        render: async () => {
          await start(true);
          fireEvent.click(within(await screen.findByRole('navigation')).getByRole('link', { name: 'My account' }));
          await screen.findByRole('heading', { name: 'Password' });
        },
        events: {
          'action.start': () => {
            fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'a new long passphrase' } });
            fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
          },
          'action.done': () => net.answer('POST', '/me/password', 204),
          'action.failed': () => net.answer('POST', '/me/password', 422, problem(422, 'weak-password')),
          'action.reauthRequired': () => net.answer('POST', '/me/password', 403, problem(403, 'reauth-required')),
          'password.submit': (e) => {
            const dialog = screen.getByRole('dialog');
            fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: e.password } });
            fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
          },
          'reauth.done': () => net.answer('POST', '/session/reauth', 200, { reauthUntil: 1 }),
          'reauth.refused': () => net.answer('POST', '/session/reauth', 401, problem(401, 'bad-credentials')),
          'dialog.cancel': () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
        },
        check: (s) => {
          const c = s.context as ReauthContext;
          const v = s.value as string;
          const dialog = screen.queryByRole('dialog');
          expect(`${v}: dialog`, !!dialog === (v === 'asking' || v === 'confirming'));
          if (dialog) {
            expect(
              `${v}: confirm state`,
              within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled === (v === 'confirming'),
            );
            expect(`${v}: refusal`, !!within(dialog).queryByText(/Wrong email or password/) === (c.problem === 'bad-credentials'));
          }
          if (v === 'running') expect('the change sent', net.has('POST', '/me/password'));
          expect(`${v}: failure`, text(/needs at least 12 characters/) === (c.failure === 'weak-password'));
        },
      }),
    );
  });
});

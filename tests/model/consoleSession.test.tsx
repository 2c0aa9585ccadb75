import { afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { sessionMachine } from '../../machines/console/sessionMachine';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { manualConsoleClock, problem, scriptedConsoleApi } from './consoleApi';
import { runUiModel } from './uiModel';

const member = { id: '1', email: 'ann@example.com', name: 'Ann Owner', roles: ['owner'], languages: [] };
const session = { member, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };

/** The session machine's paths on the real console: the frame, "You were signed out", sign-in. */
describe('console session (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  let clock = manualConsoleClock();
  let hidden = false;
  beforeAll(() => {
    setMessages('en', en, en);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  });
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  const signInAgain = async () => {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery staple' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await net.answer('POST', '/sign-in', 200, { challenge: 'c'.repeat(20), factors: ['totp', 'recovery'] });
    fireEvent.change(await screen.findByLabelText('6-digit code from your authenticator app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await net.answer('POST', '/sign-in/totp', 200, { member });
  };

  it('checking, active (polled while visible), signing out, signed out, expired, and back', async () => {
    await runUiModel(
      sessionMachine,
      {
        name: 'consoleSession',
        inputs: [{ visible: true }],
        sequences: [
          [{ type: 'session.loaded', member }, { type: 'visibility.change', visible: false }, { type: 'poll.due' }],
          [{ type: 'session.loaded', member }, { type: 'poll.due' }, { type: 'session.loaded', member }],
        ],
        events: [
          { type: 'session.loaded', member },
          { type: 'session.expired' },
          { type: 'poll.due' },
          { type: 'visibility.change', visible: false },
          { type: 'signOut.request' },
          { type: 'signOut.done' },
        ],
      },
      () => ({
        render: () => {
          hidden = false;
          net.pending.length = 0;
          clock = manualConsoleClock();
          window.history.replaceState(null, '', '/console/');
          render(<App clock={clock} />);
        },
        events: {
          'session.loaded': async () => {
            if (!net.has('GET', '/session') && screen.queryByRole('heading', { name: 'Sign in to the console' })) await signInAgain();
            await net.answer('GET', '/session', 200, session);
          },
          'session.expired': async () => {
            // The poll (or, in a hidden tab, which polls nothing, any screen's call) is answered 401:
            // idle timeout, disabled, ended elsewhere.
            if (hidden && screen.queryByText('Ann Owner')) {
              fireEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'My account' }));
              await net.answer('GET', '/me/sessions', 401, problem(401, 'unauthenticated'));
              return;
            }
            if (!net.has('GET', '/session')) act(() => clock.tick());
            await net.answer('GET', '/session', 401, problem(401, 'unauthenticated'));
          },
          'poll.due': () => act(() => clock.tick()),
          'visibility.change': (e) => {
            hidden = !e.visible;
            act(() => void document.dispatchEvent(new Event('visibilitychange')));
          },
          'signOut.request': () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })),
          'signOut.done': () => net.answer('DELETE', '/session', 204),
        },
        check: (s) => {
          const v = s.value as string;
          const signInShown = !!screen.queryByRole('heading', { name: 'Sign in to the console' });
          const expiredShown = !!screen.queryByText(/You were signed out/);
          const frame = !!screen.queryByText('Ann Owner');
          const want = {
            checking: { signInShown: false, expiredShown: false, frame: false },
            active: { signInShown: false, expiredShown: false, frame: true },
            signingOut: { signInShown: true, expiredShown: false, frame: false },
            signedOut: { signInShown: true, expiredShown: false, frame: false },
            expired: { signInShown: true, expiredShown: true, frame: false },
          }[v];
          const got = { signInShown, expiredShown, frame };
          if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${v}: saw ${JSON.stringify(got)}`);
          // A hidden tab's poll asks nothing.
          if (v === 'active' && hidden && net.has('GET', '/session')) throw new Error('polled while hidden');
        },
      }),
    );
  });
});

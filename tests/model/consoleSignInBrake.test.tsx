import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { manualConsoleClock, problem, scriptedConsoleApi } from './consoleApi';

const member = { id: '1', email: 'ann@example.com', name: 'Ann Owner', roles: ['owner'], languages: [] };
const session = { member, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };

/** The account's brake on the real console UI: its message, and the way in with the password and a recovery code. */
describe("console sign-in while the account's brake holds", () => {
  const net = scriptedConsoleApi();
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  it('says why and how long, and signs in with the password and a recovery code', async () => {
    window.history.replaceState(null, '', '/console/');
    render(<App clock={manualConsoleClock()} />);
    await net.answer('GET', '/session', 401, problem(401, 'unauthenticated'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery staple' } });
    expect(screen.queryByRole('button', { name: 'Sign in with a recovery code' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await net.answer('POST', '/sign-in', 429, problem(429, 'account-throttled', { retryAfter: 20 }));
    await screen.findByText(/Wait 20 seconds, or sign in now with your password and one of your recovery codes/);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in with a recovery code' });
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('One of your recovery codes'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(button);
    const sent = await net.answer('POST', '/sign-in/with-recovery-code', 401, problem(401, 'bad-credentials'));
    expect(sent.body).toEqual({ email: 'ann@example.com', password: 'correct horse battery staple', code: 'abcde-fghjk' });
    await screen.findByText(/Wrong email or password/);
    fireEvent.change(screen.getByLabelText('One of your recovery codes'), { target: { value: 'mnpqr-stuvw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a recovery code' }));
    await net.answer('POST', '/sign-in/with-recovery-code', 200, { member });
    await waitFor(() => expect(net.has('GET', '/session')).toBe(true));
    await net.answer('GET', '/session', 200, session);
  });
});

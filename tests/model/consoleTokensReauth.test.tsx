import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import TokensScreen from '../../console/screens/tokens/TokensScreen';
import { InviteForm } from '../../console/screens/staff/InviteForm';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { problem, scriptedConsoleApi } from './consoleApi';

/**
 * Issue 46: making an API token and inviting an owner ask for the password
 * again (the server answers reauth-required); a wrong password's message shows
 * in the dialog, the right one runs the action; the tokens form says its limit.
 */
describe('console tokens and invitations ask for the password again', () => {
  const net = scriptedConsoleApi();
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => {
    cleanup();
    net.uninstall();
  });

  /** Answers the action with reauth-required, a wrong password, then the right one; the action's second request. */
  async function reauthenticate(method: string, path: string) {
    await net.answer(method, path, 403, problem(403, 'reauth-required'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'not my password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await net.answer('POST', '/session/reauth', 401, problem(401, 'bad-credentials'));
    await within(dialog).findByText('Wrong email or password.');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct horse battery staple' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await net.answer('POST', '/session/reauth', 200, { reauthUntil: 0 });
  }

  it('a new API token: the 90-day limit shown, the password asked again, a too-far expiry explained', async () => {
    render(<TokensScreen />);
    await net.answer('GET', '/tokens', 200, { tokens: [] });
    expect(screen.getByText('At most 90 days.')).toBeTruthy();
    expect(screen.getByLabelText(/Valid for/).getAttribute('max')).toBe('90');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ci' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Analyst' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await reauthenticate('POST', '/tokens');
    await net.answer('POST', '/tokens', 200, { id: 1, token: 'mct_shown-once' });
    await screen.findByText('mct_shown-once');
    await net.answer('GET', '/tokens', 200, { tokens: [] });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ci' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Analyst' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await net.answer('POST', '/tokens', 400, problem(400, 'token-lifetime'));
    await screen.findByText(/An API token lives at most 90 days/);
  });

  it("an owner's invitation: the password asked again, then the link", async () => {
    const links: string[] = [];
    render(<InviteForm onInvited={(l) => links.push(l.link)} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new-owner@example.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Owner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Invite and e-mail the link' }));
    await reauthenticate('POST', '/invitations');
    const sent = await net.answer('POST', '/invitations', 200, {
      id: 1,
      link: 'http://localhost/console/enrol/x',
      expiresAt: 0,
      mail: 'sent',
    });
    expect(sent.body).toMatchObject({ email: 'new-owner@example.com', roles: ['owner'] });
    await screen.findByRole('button', { name: 'Invite and e-mail the link' });
    expect(links).toEqual(['http://localhost/console/enrol/x']);
  });
});

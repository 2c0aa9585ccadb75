import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import StaffScreen from '../../console/screens/staff/StaffScreen';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import ja from '../../console/i18n/locales/ja.json';
import { scriptedConsoleApi } from './consoleApi';

/**
 * Issue 47: the staff screen's invitations say what became of each (a
 * withdrawn one no longer reads "expires …" with a Withdraw button), and a
 * link made says how its mail went, the link shown whatever happened.
 */
const AT = 1_800_000_000;
const invitation = (id: number, email: string, state: string, over: Record<string, unknown> = {}) => ({
  id,
  email,
  roles: ['editor'],
  languages: [],
  createdAt: AT - 3600,
  expiresAt: AT + 80_000,
  usedAt: null,
  createdBy: 1,
  state,
  ...over,
});
const member = {
  id: 5,
  email: 'mia@example.com',
  name: 'Mia',
  roles: ['editor'],
  languages: [],
  disabled: false,
  createdAt: AT,
  lastSignInAt: null,
  version: 0,
};
const LIST = [
  invitation(4, 'open@example.com', 'open'),
  invitation(3, 'withdrawn@example.com', 'withdrawn', { expiresAt: AT - 60 }),
  invitation(2, 'expired@example.com', 'expired', { expiresAt: AT - 7200 }),
  invitation(1, 'used@example.com', 'used', { usedAt: AT - 100 }),
];

describe('console staff screen: invitations and their mail', () => {
  const net = scriptedConsoleApi();
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => {
    cleanup();
    net.uninstall();
    setMessages('en', en, en);
  });

  const open = async () => {
    render(<StaffScreen />);
    await net.answer('GET', '/staff', 200, { members: [member] });
    await net.answer('GET', '/invitations', 200, { invitations: LIST });
    const list = screen.getByRole('region', { name: /^Invitations$|^招待$/ });
    await within(list).findAllByRole('listitem');
    return list;
  };
  /** The invitation's row: the list item whose text starts with its email. */
  const item = (list: HTMLElement, email: string) =>
    within(
      within(list)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(email))!,
    );

  it('only an open invitation reads "expires" and can be withdrawn; the others say withdrawn, expired or used', async () => {
    const list = await open();
    expect(item(list, 'open@example.com').getByText(/· expires /)).toBeTruthy();
    expect(item(list, 'open@example.com').getByRole('button', { name: 'Withdraw the invitation of open@example.com' })).toBeTruthy();
    for (const [email, word] of [
      ['withdrawn@example.com', 'withdrawn'],
      ['expired@example.com', 'expired'],
      ['used@example.com', 'used'],
    ]) {
      expect(item(list, email).getByText(new RegExp(`· ${word} `))).toBeTruthy();
      expect(item(list, email).queryByText(/expires/)).toBeNull();
      expect(item(list, email).queryByRole('button')).toBeNull();
    }
    fireEvent.click(item(list, 'open@example.com').getByRole('button', { name: /^Withdraw/ }));
    await net.answer('DELETE', '/invitations/4', 204);
    await net.answer('GET', '/invitations', 200, {
      invitations: [invitation(4, 'open@example.com', 'withdrawn', { expiresAt: AT }), ...LIST.slice(1)],
    });
    await item(list, 'open@example.com').findByText(/· withdrawn /);
    expect(within(list).queryByRole('button', { name: /^Withdraw/ })).toBeNull();
  });

  it('says withdrawn in Japanese too', async () => {
    setMessages('ja', ja, en);
    const list = await open();
    expect(item(list, 'withdrawn@example.com').getByText(/取り消し済み/)).toBeTruthy();
    expect(item(list, 'withdrawn@example.com').queryByRole('button')).toBeNull();
  });

  it('an invitation mailed in the language chosen; a failed mail is an alert and the link still shown', async () => {
    await open();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Editor' }));
    fireEvent.change(screen.getByLabelText('Language of the e-mail'), { target: { value: 'ja' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite and e-mail the link' }));
    const sent = await net.answer('POST', '/invitations', 200, {
      id: 9,
      link: 'http://localhost/console/enrol/abc',
      expiresAt: AT,
      mail: 'failed',
    });
    expect(sent.body).toEqual({ email: 'new@example.com', roles: ['editor'], languages: [], locale: 'ja' });
    const alert = await screen.findByText(/^The e-mail to new@example.com could not be sent\. The invitation stands/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Enrolment link (single use, valid 24 hours)').textContent).toBe('http://localhost/console/enrol/abc');
    await net.answer('GET', '/invitations', 200, { invitations: LIST });
  });

  it("a factor reset's link, mailed to the member in this console's language: sent, or saved in the mail folder", async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Reset second factor' }));
    await net.answer('POST', '/staff/5/reset-factors?locale=en', 200, {
      link: 'http://localhost/console/enrol/r1',
      expiresAt: AT,
      mail: 'sent',
    });
    expect((await screen.findByText('E-mailed to mia@example.com. The link is below too.')).getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Reset second factor' }));
    await net.answer('POST', '/staff/5/reset-factors?locale=en', 200, {
      link: 'http://localhost/console/enrol/r2',
      expiresAt: AT,
      mail: 'saved',
    });
    await screen.findByText(/^No mail server is set up, so the e-mail to mia@example.com was saved in the server's mail folder/);
    expect(screen.getByLabelText('Enrolment link (single use, valid 24 hours)').textContent).toBe('http://localhost/console/enrol/r2');
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { manualConsoleClock, scriptedConsoleApi } from './consoleApi';
import { catalogEnv, chapter, openChapter, region } from './consoleCatalogFixture';

/**
 * Issue 47's stale or misleading states, each on the real console with a scripted API: the
 * feedback count after a mark, open-ended periods, a live chapter's release time, the zone a time
 * was typed in shown back after saving, one status in the survey editor, the reason Save is off.
 */
const editor = { id: '3', email: 'ed@example.com', name: 'Ed Editor', roles: ['editor', 'moderator'], languages: [] };
const session = { member: editor, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };
const START_MS = Date.UTC(2026, 10, 26, 9, 0);
const T = START_MS / 1000;

const banner = (over: Record<string, unknown> = {}) => ({
  id: 11,
  placement: 'home_top',
  titleId: 0,
  publisherId: 0,
  languages: ['th'],
  action: { method: 'push', url: '' },
  isPr: false,
  startAt: 0,
  endAt: null,
  status: 'published',
  image: '/img/art/banner.webp',
  images: {},
  width: 1200,
  height: 400,
  sort: 0,
  phase: 'live',
  version: 1,
  ...over,
});
const popup = (over: Record<string, unknown> = {}) => ({
  id: 21,
  placement: 'home',
  kind: 'app_default',
  languages: [],
  subject: 'Hello',
  body: 'Welcome',
  action: { method: 'push', url: '' },
  seriesId: 0,
  startAt: 0,
  endAt: T + 86_400,
  status: 'published',
  image: '',
  phase: 'live',
  version: 1,
  ...over,
});
const survey = (over: Record<string, unknown> = {}) => ({
  key: 'readers2026',
  status: 'draft',
  startAt: T - 60,
  endAt: null,
  texts: { en: { subject: 'Tell us', questions: [], answeredSubject: 'Already taken', answeredBody: 'Thanks again' } },
  answers: 0,
  version: 1,
  ...over,
});

/** What an element's aria-describedby names, as a screen reader reads it ('' for none). */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the console says what is true (issue 47)', () => {
  const net = scriptedConsoleApi();
  const open = async (path: string) => {
    net.pending.length = 0;
    window.history.replaceState(null, '', path);
    render(<App clock={manualConsoleClock(START_MS)} />);
    await net.answer('GET', '/session', 200, session);
  };
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => {
    localStorage.clear();
    net.install();
  });
  afterEach(() => {
    cleanup();
    net.uninstall();
  });

  it('the feedback count follows "Mark as read" and "Mark as unread"', async () => {
    await open('/console/feedback');
    const item = { id: 5, at: T, type: 'bug', subject: 'Pages', body: 'Page 3 is blank', read: false };
    await net.answer('GET', '/feedback', 200, { items: [item], unread: 1, next: null });
    await screen.findByText('Unread: 1');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    await net.answer('PATCH', '/feedback/5', 200, { ...item, read: true });
    await screen.findByText('Unread: 0');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as unread' }));
    await net.answer('PATCH', '/feedback/5', 200, item);
    await screen.findByText('Unread: 1');
  });

  it('open-ended banners, popups and surveys never read "Jan 1, 1970"', async () => {
    await open('/console/banners');
    await net.answer('GET', '/banners?placement=home_top', 200, { banners: [banner()] });
    await screen.findByText(/Always \(no start, no end\)/);
    expect(document.body.textContent).not.toMatch(/1970/);
    cleanup();
    await open('/console/popups');
    await net.answer('GET', '/popups', 200, { popups: [popup()] });
    await screen.findByText(/From the start – Nov 27, 2026/);
    expect(document.body.textContent).not.toMatch(/1970/);
    cleanup();
    await open('/console/surveys');
    await net.answer('GET', '/surveys', 200, { surveys: [survey({ startAt: 0 })] });
    await screen.findByText('Always (no start, no end)');
    expect(document.body.textContent).not.toMatch(/1970/);
  });

  it('editing an open-ended survey or a text published from the start shows no Jan 1, 1970 in its time field', async () => {
    await open('/console/surveys');
    await net.answer('GET', '/surveys', 200, { surveys: [survey({ startAt: 0 })] });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit survey readers2026' }));
    expect(screen.getByLabelText<HTMLInputElement>('Starts').value).toBe('');
    screen.getByText('Choose when it starts.');
    cleanup();
    await open('/console/announcements');
    const text = {
      id: 4,
      language: 'en',
      title: 'Welcome',
      body: '<p>Hi</p>',
      publishAt: 0,
      status: 'published',
      phase: 'live',
      version: 1,
    };
    await net.answer('GET', '/announcements?language=en', 200, { announcements: [text] });
    await screen.findByText('Published from the start');
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Welcome”' }));
    const at = screen.getByLabelText<HTMLInputElement>('Publish at');
    expect(at.value).toBe('');
    expect(at.required).toBe(false);
    expect(description(at)).toBe('From the start (no start time): left empty, it stays so.');
    expect(document.body.textContent).not.toMatch(/1970/);
  });

  it('a live chapter says when it was released, not that it "releases" then', async () => {
    const c = catalogEnv();
    await openChapter(net, c.env, chapter({ state: 'live', startAt: T - 3600 }));
    await screen.findByRole('region', { name: 'Release' });
    const state = region('Release').getByText(/^Live/);
    expect(state.textContent).toMatch(/released Nov 26, 2026/);
    expect(state.textContent).not.toMatch(/releases/);
  });

  it('a banner typed at 07:01 in Asia/Bangkok reads 07:01 GMT+7 after saving, in its editor and its row', async () => {
    await open('/console/banners');
    await net.answer('GET', '/banners?placement=home_top', 200, { banners: [] });
    fireEvent.click(screen.getByRole('button', { name: 'New banner' }));
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Asia/Bangkok' } });
    fireEvent.change(screen.getByLabelText('Starts'), { target: { value: '2026-12-03T07:01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const sent = await net.answer('POST', '/banners', 201, banner({ startAt: Date.UTC(2026, 11, 3, 0, 1) / 1000, status: 'draft' }));
    expect((sent.body as { startAt: number }).startAt).toBe(Date.UTC(2026, 11, 3, 0, 1) / 1000);
    const saved = banner({ startAt: Date.UTC(2026, 11, 3, 0, 1) / 1000, status: 'draft', phase: 'scheduled' });
    await net.answer('GET', '/banners?placement=home_top', 200, { banners: [saved] });
    await screen.findByRole('heading', { name: 'Edit banner 11' });
    expect(screen.getByLabelText<HTMLSelectElement>('Time zone').value).toBe('Asia/Bangkok');
    expect(screen.getByLabelText<HTMLInputElement>('Starts').value).toBe('2026-12-03T07:01');
    const row = await screen.findByText(/– until taken down/);
    expect(row.textContent).toMatch(/7:01\sAM GMT\+7/);
    expect(row.textContent).not.toMatch(/UTC/);
  });

  it('the survey editor gives one status: a draft whose period has begun is a draft, not "Live now."', async () => {
    await open('/console/surveys');
    await net.answer('GET', '/surveys', 200, { surveys: [survey()] });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit survey readers2026' }));
    const form = within(screen.getByRole('form', { name: 'Edit survey readers2026' }));
    form.getByText('Draft: readers do not see it yet.');
    expect(form.queryByText('Live now.')).toBeNull();
    // The texts a returning reader sees are named for when they show.
    expect(form.getByLabelText<HTMLInputElement>('Already answered: title (a return visit)').value).toBe('Already taken');
    expect(description(form.getByLabelText('Already answered: text (a return visit)'))).toMatch(/come back after answering/);
  });

  it('a disabled Save says why: a field to fix, or nothing changed', async () => {
    await open('/console/banners');
    await net.answer('GET', '/banners?placement=home_top', 200, { banners: [banner({ startAt: T + 60, phase: 'scheduled' })] });
    fireEvent.click(await screen.findByRole('button', { name: 'New banner' }));
    const save = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save().disabled).toBe(true);
    expect(description(save())).toBe('Save is off until the fields marked above are right.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit banner 11' }));
    expect(save().disabled).toBe(true);
    expect(description(save())).toBe('Nothing to save: nothing has changed since it was last saved.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Marked as an advertisement' }));
    expect(save().disabled).toBe(false);
    expect(description(save())).toBe('');
  });
});

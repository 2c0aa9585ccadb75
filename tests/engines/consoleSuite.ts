/**
 * The publisher's console in one engine, at a desktop window, on the console
 * server the worker's files share (the demo catalog; tests/e2e/globalSetup.ts):
 * an owner invited by its first owner enrols from the link, with an
 * authenticator app, and reaches the console's home; signs out; signs in
 * again with email, password and a code; then opens one screen of each area by a real click on its link in
 * the console's navigation, and each shows its heading and its content
 * (its requests answered, no error message; the statistics with figures and
 * a chart, the home preview with the reader's home in its frame). Fields are
 * found by their labels and typed into with the engine's own keys
 * (EnginePage.type). Screenshots: .tmp/screenshots/engines/<engine>-console-*.png.
 * Run by one small file per engine (console.<engine>.test.ts). The first
 * owner's own enrolment, from the link a server with no staff prints, is
 * console.test.ts's (Chromium).
 *
 * What a driver lacks: the WebKit driver has no console messages and no
 * network emulation, so "its requests answered" is counted in the page (a
 * wrapper round fetch), the same way in every engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleShared } from '../e2e/base';
import { sharedInvitation, totpCode } from '../e2e/consoleSupport';
import { launchEngine, until, type Engine, type EngineName, type EnginePage } from './drivers';
import { DESKTOP, SHOTS } from './engineBrowser';
import { clickOn } from './viewerSuite';

const OWNER = { name: 'Olive Owner', password: 'violet-harbour-quietly-71' };

/** Marks the first element `find` (a page expression) yields as `[data-engine-test=<tag>]`, once there is one. */
async function mark(page: EnginePage, find: string, tag: string, what: string): Promise<string> {
  await until(
    page,
    `(() => { const e = ${find}; if (!e) return false; document.querySelectorAll('[data-engine-test=${tag}]').forEach((x) => x.removeAttribute('data-engine-test')); e.setAttribute('data-engine-test', '${tag}'); return true; })()`,
    what,
  );
  return `[data-engine-test=${tag}]`;
}

/** The form control of the label that says exactly `label`. */
const byLabel = (label: string) =>
  `(() => { const l = [...document.querySelectorAll('label')].find((x) => x.textContent.trim() === ${JSON.stringify(label)}); return l && (l.control || l.querySelector('input, select, textarea')); })()`;

/** Types `text` into the field labelled `label` (the engine's keys), and waits for the field to hold it. */
async function fill(page: EnginePage, label: string, text: string): Promise<void> {
  const field = await mark(page, byLabel(label), 'field', `the field "${label}"`);
  await page.type(field, text);
  await until(page, `document.querySelector('${field}').value === ${JSON.stringify(text)}`, `"${label}" holding what was typed`);
}

/** A real click on the (enabled) button that says `text`. */
async function press(page: EnginePage, text: string): Promise<void> {
  const button = await mark(
    page,
    `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(text)} && !b.disabled)`,
    'button',
    `the button "${text}"`,
  );
  await clickOn(page, button);
}

/** A real click on the control labelled `label` (a radio, a checkbox). */
async function choose(page: EnginePage, label: string): Promise<void> {
  await clickOn(page, await mark(page, byLabel(label), 'choice', `the choice "${label}"`));
  await until(page, `${byLabel(label)}.checked`, `"${label}" chosen`);
}

const heading = (text: string) =>
  `[...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === ${JSON.stringify(text)} && h.getClientRects().length > 0)`;

/** The messages a screen shows as failures (alerts with text, field errors). */
const ERRORS = `[...document.querySelectorAll('[role=alert], .c-alert, .c-field__error')].map((e) => e.textContent.trim()).filter(Boolean)`;

/**
 * Counts the page's requests in flight (the console asks its API through fetch), so "loaded" means the same in
 * every engine: none in flight for 400 ms. Installed once per document; the console's links change the screen
 * without a new one.
 */
const WATCH_FETCH = `(() => { if (!window.__engineFetch) { const w = { pending: 0, last: performance.now() }; const f = window.fetch.bind(window); window.fetch = (...a) => { w.pending++; w.last = performance.now(); return f(...a).finally(() => { w.pending--; w.last = performance.now(); }); }; window.__engineFetch = w; } return true; })()`;
const QUIET = `window.__engineFetch.pending === 0 && performance.now() - window.__engineFetch.last > 400`;

interface Area {
  /** The link's text in the navigation. */
  link: string;
  /** Its address under /console. */
  path: string;
  /** The screen's heading (the link's text unless said). */
  heading?: string;
  /** A page expression: the screen's content is there. */
  content: string;
  what: string;
}

const rows = (n: number) => `document.querySelectorAll('#console-main table tbody tr').length >= ${n}`;
const count = (selector: string, n: number) => `document.querySelectorAll('#console-main ${selector}').length >= ${n}`;
const text = (s: string) => `document.querySelector('#console-main').innerText.includes(${JSON.stringify(s)})`;
const day = `/^\\d{4}-\\d{2}-\\d{2}$/.test(e.value)`;

/**
 * The console's areas, in its navigation's order (console/app/nav.ts), for an owner (every role) of that email; the
 * content is the demo catalog's.
 */
const areas = (email: string): Area[] => [
  { link: 'Home', path: '/console/', heading: `Welcome, ${OWNER.name}`, content: count('.c-cards li', 17), what: 'a card per other area' },
  { link: 'My account', path: '/console/me', content: `${rows(1)} && ${text('(this one)')}`, what: 'this session listed' },
  { link: 'Staff', path: '/console/staff', content: `${rows(1)} && ${text(email)}`, what: 'the owner listed' },
  // No token yet: the table is empty, the form to make one is there.
  {
    link: 'API tokens',
    path: '/console/tokens',
    content: `${count('table thead th', 5)} && ${count('form input[type=checkbox]', 4)}`,
    what: 'the tokens table and form',
  },
  {
    link: 'Audit log',
    path: '/console/audit',
    content: `${rows(4)} && ${text('enrolment.complete')}`,
    what: 'the enrolment, sign-ins and sign-out logged',
  },
  { link: 'Catalog titles', path: '/console/catalog/titles', content: rows(10), what: 'the titles' },
  {
    link: 'Feedback',
    path: '/console/feedback',
    content: `${text('Unread: 0')} && ${text('No feedback yet.')}`,
    what: 'the (empty) inbox',
  },
  {
    link: 'Statistics',
    path: '/console/stats',
    // The period's days as the date fields hold them (WebKit once had them wrong: "Some fields are not valid"), the totals as figures, a chart drawn.
    content: `[...document.querySelectorAll('.c-stats__controls input[type=date]')].every((e) => ${day}) && document.querySelector('.c-stats__dashboard[aria-busy=false]') && ${count('.c-stats__total', 4)} && [...document.querySelectorAll('.c-stats__total .c-stats__value')].every((v) => /^\\d/.test(v.textContent)) && document.querySelector('.c-stats__plot canvas')`,
    what: 'the reading dashboard: its period, figures and a chart',
  },
  { link: 'Banners', path: '/console/banners', content: count('.c-reorder__item', 2), what: 'the home carousel banners' },
  {
    link: 'Featured page',
    path: '/console/featured',
    content: `${count('.c-reorder__item', 2)} && ${text('List: ')}`,
    what: 'the blocks and lists',
  },
  { link: 'Popups', path: '/console/popups', content: count('.c-banner-row', 2), what: 'the popups' },
  { link: 'Announcements', path: '/console/announcements', content: count('.c-list li', 1), what: 'the English announcements' },
  {
    link: 'Publisher news',
    path: '/console/news',
    content: `${count('select option', 10)} && ${count('.c-list li', 1)}`,
    what: 'the publishers and their news',
  },
  { link: 'Surveys', path: '/console/surveys', content: rows(1), what: 'the surveys' },
  { link: 'Home preview', path: '/console/preview', content: count('select option', 2), what: 'the preview form' },
  { link: 'Comments', path: '/console/comments', content: count('ul.c-list li', 5), what: 'the comments' },
  { link: 'Series and chapters', path: '/console/series', content: count('.c-list li a[href^="/console/series/"]', 5), what: 'the series' },
  {
    link: 'Release calendar',
    path: '/console/calendar',
    content: count('.c-calendar__week .c-calendar__day', 7),
    what: "the week's seven days",
  },
  { link: 'Publishers', path: '/console/publishers', content: count('li.c-publisher', 4), what: "the demo's four publishers" },
  { link: 'Cover tests', path: '/console/cover-tests', content: text('New cover test'), what: 'the form of a new cover test' },
];

export function consoleSuite(name: EngineName): void {
  describe(`${name}: the console's sign-in and one screen of each area`, () => {
    let engine: Engine | undefined;
    const shared = consoleShared();

    beforeAll(async () => {
      fs.mkdirSync(SHOTS, { recursive: true });
      engine = await launchEngine(name);
    });
    afterAll(async () => {
      await engine?.close();
    });

    const shot = async (page: EnginePage, label: string) => {
      fs.writeFileSync(path.join(SHOTS, `${name}-console-${label}.png`), await page.screenshot());
    };

    /** The screen shows `title` as its heading, its requests are answered, and it shows no error. */
    const settled = async (page: EnginePage, title: string) => {
      await until(page, heading(title), `the heading "${title}"`);
      await until(page, QUIET, `${title}: its requests answered`);
      expect(await page.eval<string[]>(ERRORS), `${name}: ${title} shows no error`).toEqual([]);
    };

    it('an invited owner enrols with an authenticator app, signs out and in again, and opens one screen of each area', async () => {
      const { email, link } = await sharedInvitation(shared, `${name} ${OWNER.name}`, ['owner']);
      const AREAS = areas(email);
      const page = await engine!.open(DESKTOP);
      const t0 = Date.now();
      const lap = (what: string) => console.log(`${name}: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);

      // Enrolment from the invitation's link: its email is the invitation's, shown, not asked.
      await page.goto(link);
      await page.eval(WATCH_FETCH);
      await settled(page, 'Join the console');
      await until(page, `document.body.innerText.includes(${JSON.stringify(`Invitation for ${email}`)})`, 'the invitation named');
      await fill(page, 'Your name', OWNER.name);
      await fill(page, 'Password', OWNER.password);
      await choose(page, 'Authenticator app (6-digit codes)');
      await press(page, 'Continue');
      await until(page, `document.querySelector('[data-testid=totp-secret]')`, 'the authenticator key');
      const secret = (await page.eval<string>(`document.querySelector('[data-testid=totp-secret]').textContent`)).trim();
      await fill(page, '6-digit code', totpCode(secret));
      await press(page, 'Confirm');
      await until(page, `document.querySelector('pre[aria-label="Recovery codes"]')`, 'the recovery codes');
      expect(
        await page.eval<number>(`document.querySelector('pre[aria-label="Recovery codes"]').textContent.trim().split('\\n').length`),
      ).toBe(10);
      await press(page, 'I have saved my codes');
      await settled(page, `Welcome, ${OWNER.name}`);
      lap('enrolled');

      // Out, and in again: email, password, then the authenticator's code of the next step (a step's code is
      // accepted once, and the enrolment used this one).
      await press(page, 'Sign out');
      await settled(page, 'Sign in to the console');
      await fill(page, 'Email', email);
      await fill(page, 'Password', OWNER.password);
      await press(page, 'Continue');
      await until(page, `document.querySelector('#second-factor')`, 'the second step');
      await fill(page, '6-digit code from your authenticator app', totpCode(secret, 1));
      await press(page, 'Verify');
      await settled(page, `Welcome, ${OWNER.name}`);
      lap('signed in again');

      // The navigation lists every area (an owner has every role); each opened by a click on its link.
      const links = await page.eval<[string, string][]>(
        `[...document.querySelectorAll('#console-nav a')].map((a) => [a.textContent.trim(), new URL(a.href).pathname])`,
      );
      expect(links).toEqual(AREAS.map((a) => [a.link, a.path]));
      // From the last area back to the home, so every link changes the screen.
      for (const area of [...AREAS.slice(1), AREAS[0]]) {
        const link = await mark(page, `document.querySelector('#console-nav a[href="${area.path}"]')`, 'link', `the link to ${area.link}`);
        await clickOn(page, link);
        await until(page, `location.pathname === ${JSON.stringify(area.path)}`, `${area.link}: the address`);
        const title = area.heading ?? area.link;
        await settled(page, title);
        await until(page, area.content, `${area.link}: ${area.what}`);
        expect(await page.eval<boolean>(text('Loading…')), `${name}: ${title} still loading`).toBe(false);
        expect(await page.eval<string[]>(ERRORS), `${name}: ${title} shows no error`).toEqual([]);
        if (area.link === 'Statistics' || area.link === 'Catalog titles') await shot(page, area.path.split('/')[2]);
        if (area.link === 'Home preview') {
          // The preview's content is the reader's home as it will be, in a frame: asked for by its button.
          await press(page, 'Show the home');
          await until(
            page,
            `(() => { const d = document.querySelector('iframe.c-preview').contentDocument; return d.querySelector('main[data-screen]') && d.querySelectorAll('img').length > 0; })()`,
            'the reader home in the preview frame',
          );
          await until(page, QUIET, 'the preview: its requests answered');
          expect(await page.eval<string[]>(ERRORS), `${name}: the preview shows no error`).toEqual([]);
          await shot(page, 'preview');
        }
      }
      lap('every area opened');
      await page.close();
    });
  });
}

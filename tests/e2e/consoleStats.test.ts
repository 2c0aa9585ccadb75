import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { enrolFirstOwner, inviteStaff, seriousAxe, settled, startConsoleServer } from './consoleSupport';
import { startPushService } from '../server/pushLoopback';
import { DASHBOARDS, expected, readKnown, shownRows, shownTotals, type Dash, type Known } from './consoleStatsSupport';
import { chooseInPicker } from './consolePickerSupport';

/**
 * The analyst's dashboards in Chromium, on a server of their own
 * with the demo catalog: five readers read, favourite, see and tap a banner,
 * answer the survey and are told of a new chapter (a push service on
 * loopback) through the reader's API; an analyst (invited with
 * that role only) then sees exactly those figures on every dashboard at
 * phone and desktop sizes, with the table beside each chart, no serious or
 * critical axe finding, and a CSV holding the same figures; an editor sees
 * no numbers (no nav entry, the page refuses, the API answers 403
 * problem+json). Screenshots in en and ja: .tmp/screenshots/console-stats/.
 * Not on the console server the worker's files share (tests/e2e/globalSetup.ts): the dashboards' figures are the
 * whole server's for the day, which the other files' readers add to (views, taps, answers), and the new chapter is
 * written straight into this server's database.
 */
const OWNER = { email: 'owner@example.com', name: 'Olive Owner', password: 'violet-harbour-quietly-71' };
const ANALYST = { email: 'analyst@example.com', name: 'Ana Lyst', password: 'copper-lantern-slowly-82' };
const EDITOR = { email: 'editor@example.com', name: 'Eddie Tor', password: 'amber-meadow-gently-93' };
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/console-stats');
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

let server: Awaited<ReturnType<typeof startConsoleServer>>;
let browser: Browser;
const contexts: BrowserContext[] = [];
let analyst: Page;
let editor: Page;
let known: Known;
const push = startPushService();
// The server's data folder, named here: the new chapter is written into its database.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-stats-'));

async function person(): Promise<Page> {
  const ctx = await newContext(browser, 'desktop', server.url);
  contexts.push(ctx);
  return ctx.newPage();
}

beforeAll(async () => {
  const pushBase = await push.listen();
  // Release checks every second; the loopback push service is admitted by the test setting only.
  server = await startConsoleServer({
    catalog: true,
    env: { DATA_DIR: dataDir, PUSH_CHECK_SECONDS: '1', PUSH_ALLOW_INSECURE_LOOPBACK: '1' },
  });
  browser = await launchBrowser();
  // The reading first: its rollups are written while the staff enrol (a second's flush).
  known = await readKnown(server.url, dataDir, push, pushBase);
  const owner = await person();
  await enrolFirstOwner(owner, server.firstOwnerLink, OWNER);
  analyst = await person();
  await inviteStaff(owner, analyst, ANALYST, ['Analyst']);
  editor = await person();
  await inviteStaff(owner, editor, EDITOR, ['Editor']);
}, 240_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.stop();
  await push.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A period around today in UTC (the server counted the reading moments ago). */
function around(): string {
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(-1)}&to=${day(1)}&tz=UTC`;
}

/** In a picker (the n-th on the screen), types `text` and chooses the option whose id is `id` with the keys. */
const pickById = (page: Page, n: number, text: string, id: number) =>
  chooseInPicker(page.locator('.c-stats__pick input[role="combobox"]').nth(n), text, new RegExp(`\\bid ${id}\\b`, 'i'));

/** The reach dashboard's chapter: its title by id, then the chapter by id (once per visit of the screen). */
async function pickChapter(page: Page): Promise<void> {
  if (await page.locator('.c-stats__pick input[role="combobox"]').nth(1).inputValue()) return;
  await pickById(page, 0, String(known.titleId), known.titleId);
  await pickById(page, 1, String(known.chapter), known.chapter);
}

/** Opens one dashboard on the statistics screen (the reach one for the chapter read) and waits for its figures and chart. */
async function openDashboard(page: Page, dash: Dash): Promise<void> {
  await page.locator('.c-stats__tabs button').nth(DASHBOARDS.indexOf(dash)).click();
  if (dash === 'reach') await pickChapter(page);
  const board = page.locator('.c-stats__dashboard[aria-busy="false"]');
  await board.waitFor();
  await expect
    .poll(() => board.getAttribute('aria-label'))
    .toBe(await page.locator('.c-stats__tabs button').nth(DASHBOARDS.indexOf(dash)).textContent());
  // The chart is drawn once uPlot has loaded.
  await page.locator('.c-stats__plot canvas').first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('the statistics dashboards', () => {
  it('the rollups hold the reading the readers did', async () => {
    const figures = async () => {
      const out: Record<string, unknown> = {};
      for (const d of ['reading', 'favorites', 'notifications', 'promos', 'surveys'] as const) {
        const r = await analyst.request.get(`/console/api/stats/${d}?${around()}`);
        const body = (await r.json()) as { totals: { name: string; value: number }[] };
        out[d] = Object.fromEntries(body.totals.map((x) => [x.name, x.value]));
      }
      return out;
    };
    await expect.poll(figures).toEqual({
      reading: { views: 8, readers: 5, newReaders: 5, returningReaders: 0 },
      favorites: { added: 4, removed: 1 },
      notifications: { sent: 3, accepted: 2, failed: 0, expired: 1, opened24h: 1 },
      promos: { impressions: 4, taps: 1, rate: 0.25 },
      surveys: { answers: 2 },
    });
  }, 90_000);

  it('an analyst sees the figures on every dashboard at phone and desktop sizes, each table beside its chart, and no serious axe finding', async () => {
    const want = expected(known);
    const found: string[] = [];
    for (const [kind, size] of Object.entries(SIZES)) {
      await analyst.setViewportSize(size);
      await analyst.goto('/console/stats');
      await settled(analyst, 'Statistics');
      for (const dash of DASHBOARDS) {
        await openDashboard(analyst, dash);
        const w = want[dash];
        expect(await shownTotals(analyst), `${kind} ${dash}`).toEqual(w.totals);
        const rows = await shownRows(analyst, w.table);
        if (dash === 'reach') expect(rows.filter((r) => ['1', '5', String(known.lastPage)].includes(r[0]))).toEqual(w.rows);
        else expect(rows, `${kind} ${dash}`).toEqual(w.rows);
        // The chart and its table, side by side in the dashboard; nothing wider than the window.
        await expect(analyst.locator('.c-stats__dashboard figure.c-stats__chart').count()).resolves.toBeGreaterThan(0);
        expect(await analyst.evaluate(() => document.documentElement.scrollWidth), `${kind} ${dash}`).toBeLessThanOrEqual(size.width);
        found.push(...(await seriousAxe(analyst, `${kind} ${dash}`)));
      }
    }
    expect(found).toEqual([]);
  }, 240_000);

  it('a table exported as CSV holds the figures shown', async () => {
    await analyst.setViewportSize(SIZES.desktop);
    await analyst.goto('/console/stats');
    await settled(analyst, 'Statistics');
    const csv = async (table: string) => {
      const [download] = await Promise.all([
        analyst.waitForEvent('download'),
        analyst.locator(`section.c-stats__table:has(table[data-table="${table}"]) .c-stats__csv`).click(),
      ]);
      return readFileSync(await download.path(), 'utf8')
        .trim()
        .split('\r\n');
    };
    await openDashboard(analyst, 'reading');
    expect(await csv('by-title')).toEqual(['Name,Views,Readers,Views before,Change', `${known.titleName},8,5,0,`]);
    await openDashboard(analyst, 'promos');
    expect(await csv('items')).toEqual([
      'Kind,Name,Id,Place,Language,Impressions,Taps,Tap rate',
      `title_banner,${known.titleName},${known.bannerId},title_detail,en,4,1,0.25`,
    ]);
  }, 120_000);

  it('an editor without the analyst role sees no numbers: no nav entry, the page refuses, the API answers 403', async () => {
    await editor.goto('/console');
    await settled(editor);
    // The editor's nav is drawn (their own areas are in it), the statistics are not; the analyst's has them.
    await expect(editor.locator('#console-nav a[href$="/catalog/titles"]').count()).resolves.toBe(1);
    await expect(editor.locator('#console-nav a[href$="/stats"]').count()).resolves.toBe(0);
    await expect(analyst.locator('#console-nav a[href$="/stats"]').count()).resolves.toBe(1);
    await editor.goto('/console/stats');
    await settled(editor, 'Your roles do not include this area.');
    await expect(editor.locator('.c-stats__total').count()).resolves.toBe(0);
    for (const d of DASHBOARDS) {
      const r = await editor.request.get(`/console/api/stats/${d}?${around()}&chapter=${known.chapter}`);
      expect(r.status(), d).toBe(403);
      expect(r.headers()['content-type'], d).toMatch(/^application\/problem\+json/);
      expect(((await r.json()) as { code: string }).code).toBe('forbidden');
    }
  }, 60_000);

  it('screenshots of every dashboard in en and ja at phone and desktop sizes', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const lang of ['en', 'ja'] as const) {
      await analyst.evaluate((l) => localStorage.setItem('console.lang', l), lang);
      for (const [kind, size] of Object.entries(SIZES)) {
        await analyst.setViewportSize(size);
        await analyst.goto('/console/stats');
        await settled(analyst);
        for (const dash of DASHBOARDS) {
          await openDashboard(analyst, dash);
          await analyst.screenshot({ path: path.join(SHOTS, `${lang}-${kind}-${dash}.png`), fullPage: true });
        }
      }
    }
    await analyst.evaluate(() => localStorage.setItem('console.lang', 'en'));
  }, 240_000);
});

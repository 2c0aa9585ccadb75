import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pageResolutionMachine, QUALITY_OF } from '../../machines/pageResolutionMachine';
import { modeOf, viewerModeMachine } from '../../machines/viewerModeMachine';
import { STORAGE } from '../../src/lib/storageKeys';
import { runInBrowser, type BrowserDriver, type Ev } from './browserModel';
import { launchBrowser } from './harness';
import { FIXTURE_ERROR, installFixture, type FixtureOptions, type InstalledFixture } from './viewer-fixture';

/**
 * The viewer's page-resolution, reading-direction, paging and page-loading
 * machines, each as generated paths run in Chromium on the real viewer with
 * a controlled chapter (tests/e2e/viewer-fixture.ts): server answers are
 * held and released by the test, keys are pressed, the pointer drags and
 * taps, and at every step the viewer's own state and what it shows must be
 * what the model says.
 */

interface Opened {
  ctx: BrowserContext;
  fx: InstalledFixture;
  alerts: string[];
}
const opened = new WeakMap<Page, Opened>();
const of = (page: Page) => opened.get(page)!;

/** window.__viewerDebug, read with a string script (no bundler helpers in page context). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 50 });
const dbg = <T>(page: Page, expr: string): Promise<T> => page.evaluate(`(() => { const d = window.__viewerDebug; return d ? (${expr}) : undefined; })()`) as Promise<T>;

describe('viewer machines on the real viewer', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openViewer(o: {
    fixture: FixtureOptions;
    storage?: Record<string, string>;
    viewport?: { width: number; height: number };
    init?: string;
    route?: (ctx: BrowserContext) => Promise<void>;
    waitLoaded?: boolean;
  }): Promise<Page> {
    const ctx = await browser.newContext({ viewport: o.viewport ?? { width: 1280, height: 800 }, baseURL: base, locale: 'en-US' });
    const seed = Object.entries(o.storage ?? {})
      .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
      .join('');
    // Test mode (the machines' clocks are driven by hand); storage seeded once per tab.
    await ctx.addInitScript(`window.__VIEWER_TEST__ = true; ${o.init ?? ''} if (!sessionStorage.getItem('__seeded')) { sessionStorage.setItem('__seeded', '1'); ${seed} }`);
    const fx = await installFixture(ctx, o.fixture);
    await o.route?.(ctx);
    const page = await ctx.newPage();
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    opened.set(page, { ctx, fx, alerts });
    await page.goto(`/viewer/${o.fixture.chapterId ?? 9001}`);
    if (o.waitLoaded !== false) await waitFor(page, `(window.__viewerDebug?.position().count ?? 0) > 0`);
    return page;
  }
  const closeViewer = async (page: Page) => of(page).ctx.close();

  const openSettings = async (page: Page) => {
    if ((await dbg<{ nav: string }>(page, 'd.state()'))?.nav === 'hidden') {
      const box = (await page.getByTestId('viewer-stage').boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    await page.getByTestId('viewer-settings-button').click();
    await page.getByRole('dialog').waitFor();
  };
  const closeMenu = async (page: Page) => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  };
  /** Polls a page expression until it holds (the page's CSP forbids waitForFunction's eval). */
  const waitFor = async (page: Page, expr: string) => {
    for (let i = 0; ; i++) {
      if (await page.evaluate(`(() => { try { return !!(${expr}); } catch { return false; } })()`)) return;
      if (i > 300) throw new Error(`never held: ${expr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('page resolution: first load, its failure alert and retry, another resolution, another chapter', async () => {
    const ready = (page: Page) => page.locator('main[data-screen=viewer]');
    const driver: BrowserDriver<{ chapterId: number; stored: null }> = {
      open: () => openViewer({ fixture: { pages: ['S', 'S', 'S', 'S', 'last'], holdViewer: true }, waitLoaded: false }),
      close: closeViewer,
      describe: async (page) => ({ state: await ready(page).getAttribute('data-state'), pending: of(page).fx.pendingViewer(), alerts: of(page).alerts }),
      events: {
        'viewer.loaded': async (page) => {
          await poll(() => of(page).fx.pendingViewer()).toBeGreaterThan(0);
          of(page).fx.releaseViewer(true);
        },
        'viewer.failed': async (page) => {
          await poll(() => of(page).fx.pendingViewer()).toBeGreaterThan(0);
          const n = of(page).alerts.length;
          of(page).fx.releaseViewer(false);
          await poll(() => of(page).alerts.length).toBe(n + 1);
        },
        'viewer.retry': async (page) => {
          const bar = page.getByTestId('viewer-failbar');
          if (await bar.count()) await bar.getByRole('button').click();
          else await page.locator('main[data-screen=viewer] > .viewer__status button').click();
        },
        'resolution.set': async (page, e) => {
          await openSettings(page);
          await page.getByTestId('viewer-resolution').locator(`input[value=${String(e.resolution)}]`).check();
          await closeMenu(page);
        },
        'chapter.open': async (page, e) => {
          await page.getByTestId('viewer-chapter-button').click();
          await page.getByTestId('viewer-chapter-menu').getByRole('button', { name: '#002' }).click();
          await page.waitForURL(`**/viewer/${String(e.chapterId)}`);
        },
      },
      async check(page, s, _input, before) {
        const value = String(s.value);
        await waitFor(page, `document.querySelector('main[data-screen=viewer]')?.dataset.state === ${JSON.stringify(value)}`);
        const { fx, alerts } = of(page);
        const quality = QUALITY_OF[s.context.resolution as 'low' | 'medium' | 'high'];
        const shown = before.some((b) => b.type === 'viewer.loaded');
        if (value === 'loading') {
          // The request for this chapter at this quality is out (held by the test).
          await poll(() => fx.pendingViewer()).toBeGreaterThan(0);
          const q = fx.viewerQueries.at(-1)!;
          expect([q.get('chapter_id'), q.get('img_quality'), q.get('split')]).toEqual([String(s.context.chapterId), quality, 'yes']);
          if (shown && before.at(-1)?.type !== 'chapter.open') await page.locator('.viewer__spinner').waitFor();
          else await page.locator('.viewer__status[aria-busy=true]').waitFor();
        } else if (value === 'ready') {
          await page.getByTestId('viewer-stage').waitFor();
          await waitFor(page, `(window.__viewerDebug?.position().count ?? 0) > 0`);
          expect(fx.viewerQueries.at(-1)!.get('img_quality')).toBe(quality);
          expect(new URL(page.url()).pathname).toBe(`/viewer/${s.context.chapterId}`);
          expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE.pageResolution)).toBe(s.context.resolution === 'medium' && !before.some((b) => b.type === 'resolution.set') ? null : s.context.resolution);
          expect(await page.getByTestId('viewer-failbar').count()).toBe(0);
        } else {
          // The alert said the English popup's body (the service language is English), and a retry is offered.
          expect(alerts.at(-1)).toBe(FIXTURE_ERROR.english);
          const retry = (await page.getByTestId('viewer-failbar').count()) ? page.getByTestId('viewer-failbar').getByRole('button') : page.locator('.viewer__status button');
          expect(await retry.isVisible()).toBe(true);
        }
      },
    };
    const set = (resolution: string): Ev => ({ type: 'resolution.set', resolution });
    await runInBrowser(
      pageResolutionMachine,
      {
        name: 'pageResolution',
        inputs: [{ chapterId: 9001, stored: null }],
        events: [{ type: 'viewer.loaded' }, { type: 'viewer.failed' }, { type: 'viewer.retry' }, set('low'), set('high'), { type: 'chapter.open', chapterId: 9000 }],
        // The chapter menu and the settings live on a shown chapter.
        skipStep: (from, e, _input, before) =>
          (e.type === 'chapter.open' && from !== 'ready') || (e.type === 'resolution.set' && from === 'failed' && !before.some((b) => b.type === 'viewer.loaded')),
        sequences: [
          [{ type: 'viewer.loaded' }, set('low'), { type: 'viewer.failed' }, set('high'), { type: 'viewer.loaded' }],
          [{ type: 'viewer.loaded' }, { type: 'chapter.open', chapterId: 9000 }, { type: 'viewer.loaded' }],
        ],
      },
      driver,
    );
  });

  it('reading direction: stored choice, forced directions, the settings toggle and its toast, refetched data', async () => {
    type In = { stored?: 'horizontal' | null; verticalOnly?: boolean; horizontalOnly?: boolean };
    const driver: BrowserDriver<In> = {
      open: (input) =>
        openViewer({
          fixture: { pages: ['S', 'S', 'S', 'S', 'S', 'S', 'last'], verticalOnly: !!input.verticalOnly, horizontalOnly: !!input.horizontalOnly },
          storage: input.stored ? { [STORAGE.viewerMode]: input.stored } : {},
        }),
      close: closeViewer,
      describe: (page) => dbg(page, 'd.state()'),
      events: {
        'mode.set': async (page, e) => {
          await openSettings(page);
          await page.getByTestId('viewer-direction').locator(`input[value=${String(e.mode)}]`).check();
          await closeMenu(page);
        },
        // New data for the same chapter: a resolution change refetches it.
        'chapter.loaded': async (page) => {
          const n = of(page).fx.viewerQueries.length;
          await openSettings(page);
          const low = page.getByTestId('viewer-resolution').locator('input[value=low]');
          await ((await low.isChecked()) ? page.getByTestId('viewer-resolution').locator('input[value=medium]') : low).check();
          await closeMenu(page);
          await poll(() => of(page).fx.viewerQueries.length).toBe(n + 1);
          await waitFor(page, `document.querySelector('main[data-screen=viewer]')?.dataset.state === 'ready'`);
        },
        'toast.elapsed': (page) => dbg(page, 'd.elapseToastTimer()'),
      },
      async check(page, s, _input, before) {
        const value = String(s.value);
        await waitFor(page, `window.__viewerDebug?.state().mode === ${JSON.stringify(value)}`);
        const mode = modeOf(value);
        expect(await page.locator('.viewer__frame').getAttribute('data-mode')).toBe(mode);
        await waitFor(page, `window.__viewerDebug.position().mode === ${JSON.stringify(mode)}`);
        expect(await page.locator('.viewer__toast').count()).toBe(s.context.toast ? 1 : 0);
        if (s.context.toast) expect(await page.locator('.viewer__toast').textContent()).toMatch(mode === 'vertical' ? /vertical/i : /horizontal/i);
        if (before.some((b) => b.type === 'mode.set')) expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE.viewerMode)).toBe(value);
        // The settings offer only what the chapter allows.
        if (value === 'verticalOnly' || value === 'horizontalOnly') {
          await openSettings(page);
          const other = page.getByTestId('viewer-direction').locator(`input[value=${value === 'verticalOnly' ? 'horizontal' : 'vertical'}]`);
          expect(await other.isDisabled()).toBe(true);
          await closeMenu(page);
        }
      },
    };
    const loaded = (verticalOnly: boolean, horizontalOnly: boolean): Ev => ({ type: 'chapter.loaded', verticalOnly, horizontalOnly });
    const flags = (i: In) => [!!i.verticalOnly, !!i.horizontalOnly] as const;
    await runInBrowser(
      viewerModeMachine,
      {
        name: 'viewerMode',
        inputs: [{ stored: null }, { stored: 'horizontal' }, { verticalOnly: true }, { horizontalOnly: true }] satisfies In[],
        events: [{ type: 'mode.set', mode: 'horizontal' }, { type: 'mode.set', mode: 'vertical' }, loaded(false, false), loaded(true, false), loaded(false, true), { type: 'toast.elapsed' }],
        // Refetched data is the same chapter's: its constraints do not change.
        skipStep: (_from, e, input) => e.type === 'chapter.loaded' && (e.verticalOnly !== flags(input as In)[0] || e.horizontalOnly !== flags(input as In)[1]),
        sequences: (input) => {
          const i = input as In;
          const [v, h] = flags(i);
          return i.stored === null ? [[{ type: 'mode.set', mode: 'horizontal' }, { type: 'toast.elapsed' }, loaded(v, h)]] : [[loaded(v, h)]];
        },
      },
      driver,
    );
  });
});

/**
 * The real viewer opened on a controlled chapter (viewerFixture.ts) for the
 * browser tests that run its machines' paths (viewerResolution, viewerDirection,
 * viewerPaging, viewerPageLoading): a context with the viewer's test harness
 * (manual clocks), storage seeded once per tab, the fixture's routes, alerts
 * collected; and the small steps those tests share.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './harness';
import { installFixture, type FixtureOptions, type InstalledFixture } from './viewerFixture';
import { attachViewerHarness, type HarnessOptions } from './viewerHarness';
import { e2eBase } from './base';

interface Opened {
  ctx: BrowserContext;
  fx: InstalledFixture;
  alerts: string[];
}

interface OpenOptions {
  fixture: FixtureOptions;
  storage?: Record<string, string>;
  viewport?: { width: number; height: number };
  harness?: Omit<HarnessOptions, 'clocks'>;
  route?: (ctx: BrowserContext) => Promise<void>;
  waitLoaded?: boolean;
}

export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000, interval: 50 });

/** window.__viewerDebug as `d` in `expr`, read with a string script (no bundler helpers in page context). */
export const dbg = <T>(page: Page, expr: string): Promise<T> =>
  page.evaluate<T>(`(() => { const d = window.__viewerDebug; return d ? (${expr}) : undefined; })()`);

/** Polls a page expression until it holds (the page's CSP forbids waitForFunction's eval). */
export async function waitFor(page: Page, expr: string): Promise<void> {
  // Bounded (60 s: a loaded two-core machine can be slow, a condition that never holds still fails).
  const until = Date.now() + 60_000;
  for (;;) {
    if (await page.evaluate(`(() => { try { return !!(${expr}); } catch { return false; } })()`)) return;
    if (Date.now() > until) throw new Error(`never held: ${expr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function openSettings(page: Page): Promise<void> {
  if ((await dbg<{ nav: string }>(page, 'd.state()'))?.nav === 'hidden') {
    const box = (await page.getByTestId('viewer-stage').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  await page.getByTestId('viewer-settings-button').click();
  await page.getByRole('dialog').waitFor();
}

export async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** A browser for this test file; `openViewer` gives a viewer page, `of` what came with it. */
export function viewerBrowser() {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const opened = new WeakMap<Page, Opened>();

  async function open(o: OpenOptions): Promise<Page> {
    const ctx = await browser.newContext({ viewport: o.viewport ?? { width: 1280, height: 800 }, baseURL: base, locale: 'en-US' });
    const seed = Object.entries(o.storage ?? {})
      .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
      .join('');
    // The machines' clocks are driven by hand; storage seeded once per tab.
    await attachViewerHarness(ctx, { clocks: 'manual', ...o.harness });
    await ctx.addInitScript(`if (!sessionStorage.getItem('__seeded')) { sessionStorage.setItem('__seeded', '1'); ${seed} }`);
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
  const of = (page: Page) => opened.get(page)!;
  return { openViewer: open, of, closeViewer: (page: Page) => of(page).ctx.close() };
}

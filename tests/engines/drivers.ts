/**
 * The three browser engines readers use, behind one small driver each, so a
 * cross-engine test is written once:
 *
 *  - Chromium: Debian's, through Playwright (tests/e2e/harness.ts's launch:
 *    WebGL through SwiftShader, headless);
 *  - Firefox: Debian's Firefox ESR through puppeteer-core over WebDriver BiDi,
 *    headed on an Xvfb display of its own (headless Firefox has no WebGL);
 *  - WebKit: WebKitGTK's MiniBrowser through its WebDriver (WebKitWebDriver)
 *    and selenium-webdriver, on an Xvfb display of its own.
 *
 * What the drivers have in common is what the tests use: open a page at a
 * window size and device pixel ratio, run a script (a string: no bundler
 * helpers reach the page), press keys, drag with the mouse, take a
 * screenshot of what the engine composited. What a driver lacks is said
 * where it matters: WebKitWebDriver has no touch input, no console
 * messages and no network emulation (the tests go offline by stopping
 * their proxy instead, tests/engines/proxy.ts); its device pixel ratio is
 * the display's scale, so it is set per launch (GDK_SCALE), not per page.
 */
import type { Browser as PwBrowser, BrowserContext as PwContext, Page as PwPage } from 'playwright-core';
import type { Browser as PpBrowser, BrowserContext as PpContext, Page as PpPage } from 'puppeteer-core';
import { launchBrowser } from '../e2e/harness';
import { startXvfb, type Engine, type EngineName, type EnginePage } from './engineBase';
import { webkit } from './webkitDriver';

export * from './engineBase';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

// ---- Chromium (Playwright) ----

function playwrightPage(ctx: PwContext, page: PwPage): EnginePage {
  return {
    engine: 'chromium',
    goto: async (url) => void (await page.goto(url)),
    eval: (expr) => page.evaluate(expr),
    press: (key) => page.keyboard.press(key),
    click: (x, y) => page.mouse.click(x, y),
    async drag(x0, y0, x1, y1, steps = 12) {
      await page.mouse.move(x0, y0);
      await page.mouse.down();
      await page.mouse.move(x1, y1, { steps });
      await page.mouse.up();
    },
    slide: (...a) => pacedSlide(page.mouse, a),
    async wheel(x, y, dx, dy) {
      await page.mouse.move(x, y);
      await page.mouse.wheel(dx, dy);
    },
    type: (selector, text) => page.locator(selector).first().fill(text),
    screenshot: () => page.screenshot({ type: 'png' }),
    close: () => ctx.close(),
  };
}

async function chromium(): Promise<Engine> {
  const browser: PwBrowser = await launchBrowser();
  return {
    name: 'chromium',
    async open(o) {
      const ctx = await browser.newContext({
        viewport: { width: o.width, height: o.height },
        deviceScaleFactor: o.dpr ?? 1,
        locale: o.locale ?? 'en-US',
      });
      return playwrightPage(ctx, await ctx.newPage());
    },
    close: () => browser.close(),
  };
}

// ---- Firefox (puppeteer-core, WebDriver BiDi) ----

function puppeteerPage(ctx: PpContext, page: PpPage): EnginePage {
  return {
    engine: 'firefox',
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    eval: <T>(expr: string) => page.evaluate(expr) as Promise<T>,
    press: (key) => page.keyboard.press(key as Parameters<PpPage['keyboard']['press']>[0]),
    click: (x, y) => page.mouse.click(x, y),
    async drag(x0, y0, x1, y1, steps = 12) {
      await page.mouse.move(x0, y0);
      await page.mouse.down();
      await page.mouse.move(x1, y1, { steps });
      await page.mouse.up();
    },
    slide: (...a) => pacedSlide(page.mouse, a),
    async wheel(x, y, dx, dy) {
      await page.mouse.move(x, y);
      await page.mouse.wheel({ deltaX: dx, deltaY: dy });
    },
    // (A locator's fill clears the field, then types the text key by key.)
    type: (selector, text) => page.locator(selector).fill(text),
    screenshot: async () => Buffer.from(await page.screenshot({ type: 'png' })),
    close: () => ctx.close(),
  };
}

async function firefox(): Promise<Engine> {
  const puppeteer = (await import('puppeteer-core')).default;
  const x = await startXvfb();
  let browser: PpBrowser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: FIREFOX,
      headless: false,
      env: { ...process.env, DISPLAY: x.display, MOZ_HEADLESS: '' },
      extraPrefsFirefox: {
        // One loopback origin, no network: nothing of Mozilla's to reach.
        'browser.aboutwelcome.enabled': false,
        'datareporting.policy.dataSubmissionEnabled': false,
        'intl.accept_languages': 'en-US',
      },
    });
  } catch (e) {
    x.proc.kill();
    throw e;
  }
  return {
    name: 'firefox',
    async open(o) {
      const ctx = await browser.createBrowserContext();
      const page = await ctx.newPage();
      await page.setViewport({ width: o.width, height: o.height, deviceScaleFactor: o.dpr ?? 1 });
      return puppeteerPage(ctx, page);
    },
    async close() {
      await browser.close().catch(() => {});
      x.proc.kill();
    },
  };
}

// ---- WebKit (WebKitWebDriver, selenium-webdriver) ----

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** slide() for a driver whose mouse moves one call at a time (Playwright, puppeteer). */
async function pacedSlide(
  mouse: { move(x: number, y: number): Promise<unknown>; down(): Promise<unknown>; up(): Promise<unknown> },
  [x0, y0, x1, y1, steps, stepMs]: [number, number, number, number, number, number],
): Promise<void> {
  await mouse.move(x0, y0);
  await mouse.down();
  for (let k = 1; k <= steps; k++) {
    await pause(stepMs);
    await mouse.move(x0 + ((x1 - x0) * k) / steps, y0 + ((y1 - y0) * k) / steps);
  }
  await mouse.up();
}

export function launchEngine(name: EngineName): Promise<Engine> {
  return name === 'chromium' ? chromium() : name === 'firefox' ? firefox() : webkit();
}

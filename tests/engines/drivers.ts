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
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { Browser as PwBrowser, BrowserContext as PwContext, Page as PwPage } from 'playwright-core';
import type { Browser as PpBrowser, BrowserContext as PpContext, Page as PpPage } from 'puppeteer-core';
import { Builder, By, Key, Origin, type WebDriver } from 'selenium-webdriver';
import { launchBrowser } from '../e2e/harness';

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export interface PageOptions {
  width: number;
  height: number;
  /** Device pixels per CSS pixel (default 1). */
  dpr?: number;
  /** Chromium and Firefox: the browser's language (WebKit: the launch's LANG). */
  locale?: string;
}

/** One open page (its own context, storage and cookies). */
export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  /** The value of a page expression (awaited when it is a promise; JSON-like values only). */
  eval<T>(expr: string): Promise<T>;
  /** Presses a key (`ArrowRight`, `ArrowLeft`, `End`, `Escape`, `PageDown`, …) on the focused page. */
  press(key: string): Promise<void>;
  click(x: number, y: number): Promise<void>;
  /** A mouse drag from (x0, y0) to (x1, y1), CSS px of the viewport, in `steps` moves. */
  drag(x0: number, y0: number, x1: number, y1: number, steps?: number): Promise<void>;
  /** A mouse drag paced as a hand moves (bench/viewerFrames): `steps` moves at least `stepMs` apart, then released. */
  slide(x0: number, y0: number, x1: number, y1: number, steps: number, stepMs: number): Promise<void>;
  /** A mouse wheel turn with the pointer at (x, y): `dx`, `dy` CSS px (bench/viewerFrames). */
  wheel(x: number, y: number, dx: number, dy: number): Promise<void>;
  /**
   * Types `text` into the form field matching `selector` (CSS; the first match), replacing what it held, as keys
   * the engine delivers (the page's input events fire, so a framework's state follows).
   */
  type(selector: string, text: string): Promise<void>;
  /** The viewport as composited, PNG. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  open(o: PageOptions): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Polls a page expression until it is truthy; bounded, so a condition that never holds fails saying which. */
export async function until(page: EnginePage, expr: string, what = expr, tries = 1200): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await page.eval<boolean>(`(() => { try { return !!(${expr}); } catch { return false; } })()`)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${page.engine}: never held: ${what}`);
}

/** An Xvfb display of this process's own; its number comes back on a pipe (-displayfd), so none is guessed. */
async function startXvfb(): Promise<{ display: string; proc: ChildProcess }> {
  const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdio[3]!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    proc.on('exit', (code) => reject(new Error(`Xvfb exited (${code}): is the xvfb package installed?`)));
  });
  return { display, proc };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

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

type SeleniumWheel = { scroll(x: number, y: number, dx: number, dy: number, origin: Origin): { perform(): Promise<void> } };

const SELENIUM_KEYS: Record<string, string> = {
  ArrowRight: Key.ARROW_RIGHT,
  ArrowLeft: Key.ARROW_LEFT,
  ArrowDown: Key.ARROW_DOWN,
  ArrowUp: Key.ARROW_UP,
  End: Key.END,
  Home: Key.HOME,
  Escape: Key.ESCAPE,
  PageDown: Key.PAGE_DOWN,
  PageUp: Key.PAGE_UP,
  Enter: Key.ENTER,
  Space: Key.SPACE,
};

function seleniumPage(driver: WebDriver): EnginePage {
  return {
    engine: 'webkit',
    goto: (url) => driver.get(url),
    // WebDriver's Execute Script awaits a returned promise.
    eval: <T>(expr: string) => driver.executeScript<T>(`return (${expr});`),
    press: (key) =>
      driver
        .actions()
        .sendKeys(SELENIUM_KEYS[key] ?? key)
        .perform(),
    click: (x, y) =>
      driver
        .actions()
        .move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT })
        .click()
        .perform(),
    async drag(x0, y0, x1, y1, steps = 12) {
      let a = driver
        .actions()
        .move({ x: Math.round(x0), y: Math.round(y0), origin: Origin.VIEWPORT })
        .press();
      for (let k = 1; k <= steps; k++)
        a = a.move({
          x: Math.round(x0 + ((x1 - x0) * k) / steps),
          y: Math.round(y0 + ((y1 - y0) * k) / steps),
          origin: Origin.VIEWPORT,
          duration: 16,
        });
      await a.release().perform();
    },
    async slide(x0, y0, x1, y1, steps, stepMs) {
      let a = driver
        .actions()
        .move({ x: Math.round(x0), y: Math.round(y0), origin: Origin.VIEWPORT })
        .press();
      for (let k = 1; k <= steps; k++)
        a = a.move({
          x: Math.round(x0 + ((x1 - x0) * k) / steps),
          y: Math.round(y0 + ((y1 - y0) * k) / steps),
          origin: Origin.VIEWPORT,
          duration: stepMs,
        });
      await a.release().perform();
    },
    // (selenium-webdriver has the wheel's scroll action; its type declarations lack it.)
    wheel: (x, y, dx, dy) =>
      (driver.actions() as unknown as SeleniumWheel)
        .scroll(Math.round(x), Math.round(y), Math.round(dx), Math.round(dy), Origin.VIEWPORT)
        .perform(),
    async type(selector, text) {
      const field = await driver.findElement(By.css(selector));
      await field.clear();
      await field.sendKeys(text);
    },
    screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
    close: () => driver.quit(),
  };
}

/** One WebKitWebDriver per device pixel ratio (GDK_SCALE: the display's scale, read by each MiniBrowser it starts). */
async function webkit(): Promise<Engine> {
  const x = await startXvfb();
  const servers = new Map<number, Promise<{ url: string; proc: ChildProcess }>>();
  const server = (scale: number) => {
    let s = servers.get(scale);
    if (!s) {
      s = (async () => {
        const port = await freePort();
        const proc = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
          env: { ...process.env, DISPLAY: x.display, GDK_SCALE: String(scale), LANG: process.env.WEBKIT_LANG ?? 'en_US.UTF-8' },
          stdio: 'ignore',
        });
        const url = `http://127.0.0.1:${port}`;
        for (let i = 0; ; i++) {
          const up = await fetch(`${url}/status`).then(
            (r) => r.ok,
            () => false,
          );
          if (up) break;
          if (i > 200) throw new Error('WebKitWebDriver did not start: is webkit2gtk-driver installed?');
          await new Promise((r) => setTimeout(r, 50));
        }
        return { url, proc };
      })();
      servers.set(scale, s);
    }
    return s;
  };
  const pages = new Set<WebDriver>();
  return {
    name: 'webkit',
    async open(o) {
      const { url } = await server(o.dpr ?? 1);
      const driver = await new Builder()
        .usingServer(url)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        })
        .build();
      pages.add(driver);
      // The window's outer size is set; the viewport is what is left inside its frame: grow it by the difference.
      await driver.manage().window().setRect({ width: o.width, height: o.height });
      const inner = await driver.executeScript<[number, number]>('return [innerWidth, innerHeight];');
      if (inner[0] !== o.width || inner[1] !== o.height)
        await driver
          .manage()
          .window()
          .setRect({ width: 2 * o.width - inner[0], height: 2 * o.height - inner[1] });
      const page = seleniumPage(driver);
      return {
        ...page,
        close: async () => {
          pages.delete(driver);
          await page.close().catch(() => {});
        },
      };
    },
    async close() {
      await Promise.all([...pages].map((d) => d.quit().catch(() => {})));
      for (const s of servers.values()) (await s).proc.kill();
      x.proc.kill();
    },
  };
}

export function launchEngine(name: EngineName): Promise<Engine> {
  return name === 'chromium' ? chromium() : name === 'firefox' ? firefox() : webkit();
}

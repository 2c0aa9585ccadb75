/**
 * The WebKit driver (drivers.ts): WebKitGTK's MiniBrowser through WebKitWebDriver and selenium-webdriver,
 * on an Xvfb display of its own; one WebKitWebDriver per device pixel ratio (the display's scale).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Builder, By, Key, Origin, type WebDriver } from 'selenium-webdriver';
import { freePort, startXvfb, type Engine, type EnginePage } from './engineBase';

const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

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

/**
 * How long a new session may take before its MiniBrowser counts as never started. Once in a whole run
 * (CI, 2026-12-08) a MiniBrowser did not come up and WebKitWebDriver waited on it for good, holding the run
 * until CI's own limit; sessions start in 1-3 s here, 10 s on a loaded machine. Not a limit on what a test
 * measures: a session asked again of a new driver, once, then the test fails saying so.
 */
const SESSION_START_MS = Number(process.env.WEBKIT_SESSION_START_MS ?? 120_000);

/** One WebKitWebDriver per device pixel ratio (GDK_SCALE: the display's scale, read by each MiniBrowser it starts). */
export async function webkit(): Promise<Engine> {
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
  const session = (url: string) =>
    new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
  /** A session on a driver of this scale; a MiniBrowser that never comes up gets its driver replaced, and one more try. */
  const started = async (scale: number): Promise<WebDriver> => {
    for (let attempt = 1; ; attempt++) {
      const { url, proc } = await server(scale);
      const asked = session(url);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SESSION_START_MS)));
      const driver = await Promise.race([asked, late]).finally(() => clearTimeout(timer));
      if (driver) return driver;
      // (Should it come after all, it is let go.)
      asked.then((d) => d.quit()).catch(() => {});
      servers.delete(scale);
      proc.kill();
      if (attempt === 2)
        throw new Error(`webkit: no MiniBrowser session within ${SESSION_START_MS / 1000} s, twice (the driver was replaced)`);
      console.warn(`webkit: no MiniBrowser session within ${SESSION_START_MS / 1000} s: a new WebKitWebDriver, once more`);
    }
  };
  return {
    name: 'webkit',
    async open(o) {
      const driver = await started(o.dpr ?? 1);
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

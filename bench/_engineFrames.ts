/**
 * bench/viewerFrames' readers in one engine, each page opened with
 * FRAME_RECORDER first and a Hand to drive it:
 *
 *  - Chromium: Playwright as before (addInitScript, the harness through
 *    attachViewerHarness, the baseline reader by page.route, a phone context
 *    with touch emulation; CDP input events, class CdpHand).
 *  - Firefox, WebKit: tests/engines/drivers.ts pages through
 *    bench/_engineFront.ts (FRAME_RECORDER and the reading mode put first in
 *    each document, the baseline reader and a blank page from memory) and
 *    tests/engines/proxy.ts (the harness, for ours only); the phone is a
 *    390×844 window at two device px a CSS px, with no touch (the drivers
 *    have none): keys, a paced mouse drag and the wheel (class EngineHand).
 */
import type { Browser } from 'playwright-core';
import { launchEngine, type EngineName, type EnginePage } from '../tests/engines/drivers';
import { startProxy } from '../tests/engines/proxy';
import { launchBrowser, PHONE } from '../tests/e2e/harness';
import { attachViewerHarness, type HarnessOptions } from '../tests/e2e/viewerHarness';
import { startFront } from './_engineFront';
import { CdpHand, FRAME_RECORDER, type Evaluator, type Hand, type Point } from './_frames';
import { READER_HTML } from './_framesReader';

export type Reader = 'ours' | 'baseline';
export interface Where {
  chapter: number;
  mode: 'horizontal' | 'vertical';
  phone: boolean;
}

interface FramesPage extends Evaluator {
  /** The page's input; `mark` notes where the reader is. */
  hand(mark: () => Promise<void>): Promise<Hand>;
  close(): Promise<void>;
}

export interface Readers {
  readonly name: EngineName;
  /** Touch input (Chromium's CDP touch events on a touch-emulating context); without it drags are the mouse's. */
  readonly touch: boolean;
  /** An empty page with FRAME_RECORDER (the display's frame interval at rest). */
  blank(): Promise<FramesPage>;
  /** A reader at a chapter, its first page drawn and its neighbours given time to load. */
  open(reader: Reader, at: Where): Promise<FramesPage>;
  close(): Promise<void>;
}

const HARNESS: HarnessOptions = { clocks: 'real', pixels: false };
const READY = {
  ours: `(() => { try { return !!window.__viewerDebug && window.__viewerDebug.rects().some((r) => r.image); } catch { return false; } })()`,
  baseline: '!!window.__ready',
};
const BLANK = '<!doctype html><body></body>';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const readerPath = (at: Where, quality: string) => `/bench-frames.html?chapter=${at.chapter}&mode=${at.mode}&quality=${quality}`;

async function until(page: Evaluator, expr: string, what: string): Promise<void> {
  const end = Date.now() + 90_000;
  while (!(await page.eval<boolean>(expr))) {
    if (Date.now() > end) throw new Error(`never held within 90 s: ${what}`);
    await sleep(50);
  }
}

/** A driver's input on the hand's schedule: keys and wheel steps sent and not waited for, drags with the mouse (one finger only). */
class EngineHand implements Hand {
  private pending: Array<Promise<unknown>> = [];
  constructor(
    private readonly page: EnginePage,
    readonly mark: () => Promise<void>,
  ) {}

  /** One interaction at a time (WebKitWebDriver refuses one while another is underway): each waits for the one before. */
  private chain: Promise<unknown> = Promise.resolve();
  private queue(f: () => Promise<unknown>): void {
    this.chain = this.chain.then(f).catch((e: unknown) => e);
    this.pending.push(this.chain);
  }

  pageDown(): void {
    this.queue(() => this.page.press('PageDown'));
  }

  async slide(from: Point[], to: Point[], steps: number): Promise<void> {
    if (from.length !== 1) throw new Error(`${this.page.engine}: no two-finger input through its driver`);
    await this.chain;
    await this.page.slide(from[0].x, from[0].y, to[0].x, to[0].y, steps, 16);
  }

  wheel(x: number, y: number, dy: number): void {
    this.queue(() => this.page.wheel(x, y, 0, dy));
  }

  async noteWhere(): Promise<void> {
    const all = await Promise.all(this.pending);
    this.pending = [];
    const failed = all.find((r) => r instanceof Error);
    if (failed) throw failed;
    await this.mark();
  }
}

async function chromiumReaders(server: string, quality: string): Promise<Readers> {
  const browser: Browser = await launchBrowser();
  return {
    name: 'chromium',
    touch: true,
    async blank() {
      const page = await browser.newPage();
      await page.addInitScript(FRAME_RECORDER);
      await page.route(`${server}/bench-blank.html`, (rt) => rt.fulfill({ contentType: 'text/html', body: BLANK }));
      await page.goto(`${server}/bench-blank.html`);
      return {
        eval: (e) => page.evaluate(e),
        hand: () => Promise.reject(new Error('no input on the blank page')),
        close: () => page.close(),
      };
    },
    async open(reader, at) {
      const ctx = await browser.newContext(
        at.phone ? { ...PHONE, locale: 'en-US' } : { viewport: { width: 1280, height: 800 }, locale: 'en-US' },
      );
      await ctx.addInitScript(FRAME_RECORDER);
      const page = await ctx.newPage();
      if (reader === 'ours') {
        await attachViewerHarness(ctx, HARNESS);
        await ctx.addInitScript(`localStorage.setItem('viewer_mode', '${at.mode}')`);
        await page.goto(`${server}/viewer/${at.chapter}`);
      } else {
        await ctx.route(`${server}/bench-frames.html*`, (rt) => rt.fulfill({ contentType: 'text/html', body: READER_HTML }));
        await page.goto(`${server}${readerPath(at, quality)}`);
      }
      const p: FramesPage = {
        eval: (e) => page.evaluate(e),
        hand: async (mark) => new CdpHand(await ctx.newCDPSession(page), mark),
        close: () => ctx.close(),
      };
      await until(p, READY[reader], `${reader} ready`);
      // Let the first pages' neighbours load before measuring.
      await sleep(1500);
      return p;
    },
    close: () => browser.close(),
  };
}

async function driverReaders(name: EngineName, server: string, quality: string): Promise<Readers> {
  const [engine, proxy] = await Promise.all([launchEngine(name), startProxy(server, null)]);
  const front = await startFront(proxy.url);
  front.routes.set('/bench-frames.html', { type: 'text/html', body: READER_HTML });
  front.routes.set('/bench-blank.html', { type: 'text/html', body: BLANK });
  const wrap = (page: EnginePage): FramesPage => ({
    eval: (e) => page.eval(e),
    hand: (mark) => Promise.resolve(new EngineHand(page, mark)),
    close: () => page.close(),
  });
  return {
    name,
    touch: false,
    async blank() {
      front.scripts = [FRAME_RECORDER];
      const page = await engine.open({ width: 1280, height: 800 });
      await page.goto(`${front.url}/bench-blank.html`);
      return wrap(page);
    },
    async open(reader, at) {
      proxy.harness = reader === 'ours' ? HARNESS : null;
      front.scripts = [FRAME_RECORDER, `localStorage.setItem('viewer_mode', '${at.mode}')`];
      const page = await engine.open(at.phone ? { width: 390, height: 844, dpr: 2 } : { width: 1280, height: 800 });
      await page.goto(`${front.url}${reader === 'ours' ? `/viewer/${at.chapter}` : readerPath(at, quality)}`);
      const p = wrap(page);
      await until(p, READY[reader], `${name}: ${reader} ready`);
      await sleep(1500);
      return p;
    },
    async close() {
      await engine.close();
      await front.close();
      await proxy.close();
    },
  };
}

export function framesReaders(name: EngineName, server: string, quality: string): Promise<Readers> {
  return name === 'chromium' ? chromiumReaders(server, quality) : driverReaders(name, server, quality);
}

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pageResolutionMachine } from '../../machines/pageResolutionMachine';
import { QUALITY_OF } from '../../core/viewer/imageQuality';
import { pageLoaderMachine } from '../../machines/pageLoaderMachine';
import { pagingMachine } from '../../machines/pagingMachine';
import type { Geometry } from '../../core/viewer/camera';
import { viewerModeMachine } from '../../machines/viewerModeMachine';
import { modeOf } from '../../core/viewer/viewerMode';
import { STORAGE } from '../../core/storageKeys';
import { valueKey, walk } from '../model/uiModel';
import { runInBrowser, type BrowserDriver, type Ev } from './browserModel';
import { launchBrowser } from './harness';
import { startImageServer, type ImageServer } from './imageServer';
import { FIXTURE_ERROR, installFixture, type FixtureOptions, type InstalledFixture } from './viewerFixture';

/**
 * The viewer's page-resolution, reading-direction, paging and page-loading
 * machines, each as generated paths run in Chromium on the real viewer with
 * a controlled chapter (tests/e2e/viewerFixture.ts): server answers are
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
const dbg = <T>(page: Page, expr: string): Promise<T> =>
  page.evaluate(`(() => { const d = window.__viewerDebug; return d ? (${expr}) : undefined; })()`) as Promise<T>;

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
    await ctx.addInitScript(
      `window.__VIEWER_TEST__ = true; ${o.init ?? ''} if (!sessionStorage.getItem('__seeded')) { sessionStorage.setItem('__seeded', '1'); ${seed} }`,
    );
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
      describe: async (page) => ({
        state: await ready(page).getAttribute('data-state'),
        pending: of(page).fx.pendingViewer(),
        alerts: of(page).alerts,
      }),
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
          await page
            .getByTestId('viewer-resolution')
            .locator(`input[value=${String(e.resolution)}]`)
            .check();
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
          expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE.pageResolution)).toBe(
            s.context.resolution === 'medium' && !before.some((b) => b.type === 'resolution.set') ? null : s.context.resolution,
          );
          expect(await page.getByTestId('viewer-failbar').count()).toBe(0);
        } else {
          // The alert said the English popup's body (the service language is English), and a retry is offered.
          expect(alerts.at(-1)).toBe(FIXTURE_ERROR.english);
          const retry = (await page.getByTestId('viewer-failbar').count())
            ? page.getByTestId('viewer-failbar').getByRole('button')
            : page.locator('.viewer__status button');
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
        events: [
          { type: 'viewer.loaded' },
          { type: 'viewer.failed' },
          { type: 'viewer.retry' },
          set('low'),
          set('high'),
          { type: 'chapter.open', chapterId: 9000 },
        ],
        // The chapter menu and the settings live on a shown chapter.
        skipStep: (from, e, _input, before) =>
          (e.type === 'chapter.open' && from !== 'ready') ||
          (e.type === 'resolution.set' && from === 'failed' && !before.some((b) => b.type === 'viewer.loaded')),
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
          fixture: {
            pages: ['S', 'S', 'S', 'S', 'S', 'S', 'last'],
            verticalOnly: !!input.verticalOnly,
            horizontalOnly: !!input.horizontalOnly,
          },
          storage: input.stored ? { [STORAGE.viewerMode]: input.stored } : {},
        }),
      close: closeViewer,
      describe: (page) => dbg(page, 'd.state()'),
      events: {
        'mode.set': async (page, e) => {
          await openSettings(page);
          await page
            .getByTestId('viewer-direction')
            .locator(`input[value=${String(e.mode)}]`)
            .check();
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
        if (s.context.toast)
          expect(await page.locator('.viewer__toast').textContent()).toMatch(mode === 'vertical' ? /vertical/i : /horizontal/i);
        if (before.some((b) => b.type === 'mode.set'))
          expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE.viewerMode)).toBe(value);
        // The settings offer only what the chapter allows.
        if (value === 'verticalOnly' || value === 'horizontalOnly') {
          await openSettings(page);
          const other = page
            .getByTestId('viewer-direction')
            .locator(`input[value=${value === 'verticalOnly' ? 'horizontal' : 'vertical'}]`);
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
        events: [
          { type: 'mode.set', mode: 'horizontal' },
          { type: 'mode.set', mode: 'vertical' },
          loaded(false, false),
          loaded(true, false),
          loaded(false, true),
          { type: 'toast.elapsed' },
        ],
        // Refetched data is the same chapter's: its constraints do not change.
        skipStep: (_from, e, input) =>
          e.type === 'chapter.loaded' && (e.verticalOnly !== flags(input as In)[0] || e.horizontalOnly !== flags(input as In)[1]),
        sequences: (input) => {
          const i = input as In;
          const [v, h] = flags(i);
          return i.stored === null
            ? [[{ type: 'mode.set', mode: 'horizontal' }, { type: 'toast.elapsed' }, loaded(v, h)]]
            : [[loaded(v, h)]];
        },
      },
      driver,
    );
  });

  it('paging: keys, slider, drag and snap, fling and inertia, wheel, double-tap, ctrl+wheel and reset zoom, resize', async () => {
    type In = { geometry: Geometry; index: number };
    const pages = ['S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'last'] as const;
    const open = (mode: 'vertical' | 'horizontal') =>
      openViewer({ fixture: { pages: [...pages] }, storage: { [STORAGE.viewerMode]: mode } });
    // The model runs on the geometry the viewer really laid out.
    const geometry = async (mode: 'vertical' | 'horizontal') => {
      const page = await open(mode);
      const g = await dbg<Geometry>(page, 'd.geometry()');
      await closeViewer(page);
      return g;
    };
    const gV = await geometry('vertical');
    const gH = await geometry('horizontal');
    expect([gV.mode, gH.mode]).toEqual(['vertical', 'horizontal']);
    expect(gH.count).toBeGreaterThan(4);

    const pointer = new WeakMap<Page, { x: number; y: number }>();
    const centre = async (page: Page) => {
      const b = (await page.getByTestId('viewer-stage').boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const scale = (page: Page) => dbg<number>(page, 'd.position().scale');
    const ctrlWheel = async (page: Page, dy: number) => {
      const c = await centre(page);
      await page.mouse.move(c.x, c.y);
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, dy);
      await page.keyboard.up('Control');
    };
    const vertical = (i: In) => i.geometry.mode === 'vertical';
    const driver: BrowserDriver<In> = {
      open: (input) => open(input.geometry.mode),
      close: closeViewer,
      describe: (page) => dbg(page, '({ state: d.state().paging, position: d.position() })'),
      events: {
        // A resize lays the chapter out again.
        'layout.set': async (page) => {
          await page.setViewportSize({ width: 1000, height: 800 });
          await waitFor(page, `window.__viewerDebug.geometry().viewport.width === 1000`);
          await page.setViewportSize({ width: 1280, height: 800 });
          await waitFor(page, `window.__viewerDebug.geometry().viewport.width === 1280`);
        },
        'page.next': (page) => page.keyboard.press('PageDown'),
        'page.prev': (page) => page.keyboard.press('PageUp'),
        'page.first': (page) => page.keyboard.press('Home'),
        'page.last': (page) => page.keyboard.press('End'),
        'page.goto': async (page, e) => {
          if ((await dbg<{ nav: string }>(page, 'd.state()'))?.nav === 'hidden') {
            const c = await centre(page);
            await page.mouse.click(c.x, c.y);
            await waitFor(page, `window.__viewerDebug.state().nav !== 'hidden'`);
          }
          await page.getByTestId('viewer-slider').fill(String(Number(e.index) + 1));
        },
        'drag.start': async (page, _e, input) => {
          // From the margin beside the pages: the last page's card holds buttons in the middle.
          const c = { ...(await centre(page)), x: (await page.getByTestId('viewer-stage').boundingBox())!.x + 60 };
          await page.mouse.move(c.x, c.y);
          await page.mouse.down();
          // Past the gesture threshold: the drag begins.
          const p = vertical(input) ? { x: c.x, y: c.y - 12 } : { x: c.x - 12, y: c.y };
          await page.mouse.move(p.x, p.y, { steps: 3 });
          pointer.set(page, p);
          await waitFor(page, `window.__viewerDebug.state().paging.pointer === 'dragging'`);
        },
        'drag.move': async (page, e, input) => {
          const p = pointer.get(page)!;
          const q = vertical(input) ? { x: p.x, y: p.y + Number(e.dy) / 2 } : { x: p.x + Number(e.dx) * 1.5, y: p.y };
          await page.mouse.move(q.x, q.y, { steps: 6 });
          pointer.set(page, q);
        },
        'drag.end': async (page, e, input) => {
          const p = pointer.get(page)!;
          if (Number(e.vy) !== 0 && vertical(input)) {
            // A flick: 40 px every 16 ms, released 4 ms after the last move. Sent with their own
            // timestamps (CDP), so a slow software-rendered frame cannot stretch the gesture.
            const cdp = await of(page).ctx.newCDPSession(page);
            const t0 = Date.now() / 1000;
            for (let k = 1; k <= 4; k++) {
              await cdp.send('Input.dispatchMouseEvent', {
                type: 'mouseMoved',
                x: p.x,
                y: p.y - 40 * k,
                button: 'left',
                buttons: 1,
                timestamp: t0 + 0.016 * k,
              });
            }
            await cdp.send('Input.dispatchMouseEvent', {
              type: 'mouseReleased',
              x: p.x,
              y: p.y - 160,
              button: 'left',
              buttons: 0,
              clickCount: 1,
              timestamp: t0 + 0.068,
            });
            await cdp.detach();
            return;
          } else {
            // Held still before letting go: no release velocity.
            await new Promise((r) => setTimeout(r, 150));
          }
          await page.mouse.up();
        },
        'drag.cancel': async (page) => {
          await page.keyboard.press('Escape');
          await page.mouse.up();
        },
        'scroll.by': async (page, e) => {
          const c = await centre(page);
          await page.mouse.move(c.x, c.y);
          await page.mouse.wheel(0, Number(e.dy));
        },
        'scroll.tick': (page, e) => dbg(page, `d.tickInertia(${Number(e.dt)})`),
        // Ctrl+wheel in small steps until the zoom is where the model's factor puts it.
        'zoom.by': async (page, e, input, before) => {
          const target = (walk(pagingMachine, input, [...before, e]).steps.at(-1)!.state as { context: { pos: { scale: number } } }).context
            .pos.scale;
          const zoomIn = Number(e.factor) > 1;
          for (let i = 0; i < 60; i++) {
            const now = await scale(page);
            if (zoomIn ? now >= target * 0.97 : now <= Math.max(target, 1.001)) return;
            await ctrlWheel(page, zoomIn ? -20 : 20);
          }
        },
        'zoom.toggle': async (page) => {
          const c = await centre(page);
          await page.mouse.dblclick(c.x, c.y);
        },
        'zoom.reset': (page) => page.keyboard.press('0'),
      },
      async check(page, s, input, before) {
        const want = s.value as { pointer: string; zoom: string };
        await waitFor(
          page,
          `(() => { const p = window.__viewerDebug.state().paging; return p.pointer === ${JSON.stringify(want.pointer)} && p.zoom === ${JSON.stringify(want.zoom)}; })()`,
        );
        const sc = await scale(page);
        if (want.zoom === 'zoomed') expect(sc).toBeGreaterThan(1.001);
        else expect(sc).toBeCloseTo(1, 3);
        // Keys and the slider land where the model says (drags and resizes depend on the pointer's real path).
        // (The graph merges states by value, so the exact position comes from replaying this path's events.)
        const exact = !before.some((b) => /^(drag|layout|zoom\.by|scroll)/.test(b.type));
        if (exact) {
          const index = (walk(pagingMachine, input, before).steps.at(-1)!.state as { context: { pos: { index: number } } }).context.pos
            .index;
          expect(await dbg<number>(page, 'd.position().index')).toBe(index);
          expect(await page.getByTestId('viewer-stage').getAttribute('data-index')).toBe(String(index));
        }
      },
    };
    const ev = {
      next: { type: 'page.next' },
      prev: { type: 'page.prev' },
      first: { type: 'page.first' },
      last: { type: 'page.last' },
      goto: { type: 'page.goto', index: 2 },
      start: { type: 'drag.start' },
      move: { type: 'drag.move', dx: -200, dy: -200 },
      settle: { type: 'drag.end', vx: 0, vy: 0 },
      fling: { type: 'drag.end', vx: 0, vy: -3 },
      cancel: { type: 'drag.cancel' },
      wheel: { type: 'scroll.by', dy: 300 },
      tick: { type: 'scroll.tick', dt: 1 },
      stop: { type: 'scroll.tick', dt: 100000 },
      zoomIn: { type: 'zoom.by', factor: 1.5, x: 640, y: 400 },
      zoomOut: { type: 'zoom.by', factor: 0.5, x: 640, y: 400 },
      toggle: { type: 'zoom.toggle', x: 640, y: 400 },
      reset: { type: 'zoom.reset' },
    } satisfies Record<string, Ev>;
    const layoutV: Ev = { type: 'layout.set', geometry: gV, index: 0 };
    const layoutH: Ev = { type: 'layout.set', geometry: gH, index: 0 };
    const coast = [ev.start, ev.fling];
    await runInBrowser(
      pagingMachine,
      {
        name: 'paging',
        inputs: [
          { geometry: gV, index: 0 },
          { geometry: gH, index: 0 },
        ] satisfies In[],
        events: [...Object.values(ev), layoutV, layoutH],
        // Positions are continuous: the graph tells states apart by value.
        serializeState: (st) => valueKey(st.value),
        // A pinch or double tap cannot happen while the mouse holds a drag (a touch pinch cancels the drag first).
        skipStep: (from, e, input) =>
          (e.type === 'layout.set' && (e.geometry as Geometry).mode !== (input as In).geometry.mode) ||
          (from.includes('pointer:dragging') && (e.type === 'zoom.by' || e.type === 'zoom.toggle')),
        sequences: (input) =>
          vertical(input as In)
            ? [
                [ev.start, ev.move, ev.fling, ev.tick, ev.stop],
                [...coast, ev.next, ...coast, ev.prev, ...coast, ev.first, ...coast, ev.last, ...coast, ev.goto],
                [...coast, ev.start, ev.cancel, ...coast, ev.wheel, ev.wheel, ev.start, ev.settle],
                [
                  ev.toggle,
                  ev.zoomIn,
                  ev.zoomOut,
                  ev.zoomOut,
                  ev.zoomIn,
                  ev.next,
                  ev.toggle,
                  ev.prev,
                  ev.toggle,
                  ev.first,
                  ev.toggle,
                  ev.last,
                  ev.toggle,
                  ev.goto,
                  ev.toggle,
                  ev.toggle,
                  ev.toggle,
                  ev.reset,
                  ev.toggle,
                  layoutV,
                ],
              ]
            : [
                [ev.next, ev.next, ev.prev, ev.last, ev.first, ev.goto, ev.start, ev.move, ev.settle],
                [ev.toggle, ev.start, ev.move, ev.settle, ev.next, ev.toggle, ev.last, layoutH],
              ],
      },
      driver,
    );
  });

  it('page loading: queued behind busy decoders, streamed progress, decoded, failed and retried, evicted and requested again', async () => {
    // 30 single pages read left to right, two to a spread; one decoder worker (two fetches at a time)
    // and a small cache window (3 pages, 1 behind, 3 ahead) so queueing and eviction happen on a short chapter.
    const pages = [...Array.from({ length: 30 }, () => 'S' as const), 'last' as const];
    // Spreads: [0], [1, 2], … [11, 12], [13, 14]: on [11, 12] the window (cap 3) is 11, 12 and P.
    const P = 13;
    const servers = new WeakMap<Page, ImageServer>();
    const srvOf = (page: Page) => servers.get(page)!;
    const status = (page: Page) => dbg<{ status: string; loaded: number; total: number }>(page, `d.pageState(${P})`);
    const goToSpread = async (page: Page, spread: number) => {
      if ((await dbg<{ nav: string }>(page, 'd.state()'))?.nav === 'hidden') {
        const b = (await page.getByTestId('viewer-stage').boundingBox())!;
        await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
        await waitFor(page, `window.__viewerDebug.state().nav !== 'hidden'`);
      }
      await page.getByTestId('viewer-slider').fill(String(spread + 1));
      await waitFor(page, `window.__viewerDebug.position().index === ${spread}`);
    };
    const spreadOf = (page: Page, item: number) => dbg<number>(page, `d.spreadOfItem(${item})`);
    // Where the reader stands so that page P is wanted but not on screen: the spread before it.
    const beforeP = async (page: Page) => (await spreadOf(page, P)) - 1;

    const driver: BrowserDriver<{ index: number }> = {
      async open() {
        const srv = await startImageServer(pages);
        srv.holdOthers = true;
        srv.hold.add(P);
        const page = await openViewer({
          fixture: { pages },
          storage: { [STORAGE.viewerMode]: 'horizontal' },
          init: `window.__VIEWER_POOL_SIZE__ = 1; window.__VIEWER_CACHE__ = { ahead: 3, behind: 1, cap: 3 };`,
          route: (ctx) => srv.route(ctx),
        });
        servers.set(page, srv);
        return page;
      },
      async close(page) {
        await closeViewer(page);
        await srvOf(page).close();
      },
      describe: async (page) => ({ P: await status(page), at: await dbg(page, 'd.position()'), waiting: srvOf(page).waiting(P) }),
      events: {
        // The reader moves to the spread before P: P is in the window, behind the two pages on screen.
        'page.request': async (page) => goToSpread(page, await beforeP(page)),
        // The pages ahead of it in the decoders finish; P's fetch begins.
        'page.start': async (page) => {
          for (let i = 0; i < 200 && (await status(page)).status !== 'loading'; i++) {
            srvOf(page).releaseOthers(P);
            await new Promise((r) => setTimeout(r, 25));
          }
        },
        'page.progress': async (page) => {
          await poll(() => srvOf(page).waiting(P)).toBe(true);
          srvOf(page).half(P);
        },
        'page.decoded': async (page) => {
          await poll(() => srvOf(page).waiting(P)).toBe(true);
          srvOf(page).finish(P);
        },
        'page.failed': async (page) => {
          await poll(() => srvOf(page).waiting(P)).toBe(true);
          srvOf(page).fail(P);
        },
        // On P's spread, its retry button.
        'page.retry': async (page) => {
          await goToSpread(page, await spreadOf(page, P));
          await page.locator(`[data-page="${P}"][data-status=failed] button`).click();
        },
        // Back to the start: P leaves the window; the pages there decode and push it out of the cache.
        'page.evict': async (page) => {
          const srv = srvOf(page);
          srv.holdOthers = false;
          srv.releaseOthers(P);
          await goToSpread(page, 0);
          await waitFor(page, `window.__viewerDebug.pageState(${P}).status === 'evicted'`);
          srv.holdOthers = true;
        },
      },
      async check(page, s, _input, before) {
        const value = String(s.value);
        const last = before.at(-1)?.type;
        // The pool may start a page the moment it is queued again (a retry on screen, a free decoder).
        const accept =
          value === 'queued' && (last === 'page.retry' || before.filter((b) => b.type === 'page.start').length > 0)
            ? ['queued', 'loading']
            : [value];
        await waitFor(page, `${JSON.stringify(accept)}.includes(window.__viewerDebug.pageState(${P}).status)`);
        const st = await status(page);
        const overlay = page.locator(`[data-page="${P}"]`);
        const near = Math.abs((await spreadOf(page, P)) - (await dbg<number>(page, 'd.position().index'))) <= 2;
        if (value === 'loading' && last === 'page.progress') {
          // Half of the bytes arrived: the progress shows it.
          await waitFor(page, `window.__viewerDebug.pageState(${P}).loaded > 0`);
          const now = await status(page);
          expect(now.loaded).toBeLessThan(now.total);
          if (near)
            await poll(() => overlay.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
              String(Math.round((now.loaded / now.total) * 100)),
            );
        }
        if (value === 'decoded') {
          await poll(() => overlay.count()).toBe(0);
          expect(await dbg<number>(page, 'd.decoded()')).toBeGreaterThan(0);
        }
        if (value === 'failed') {
          expect(st.status).toBe('failed');
          if (near) await overlay.locator('button').waitFor();
        }
        if ((value === 'queued' || value === 'loading') && near)
          await poll(() => overlay.getAttribute('data-status')).toMatch(/queued|loading/);
        // (An aborted fetch reaches the image server a moment after the page is evicted.)
        if (value === 'idle' || value === 'evicted') await poll(() => srvOf(page).waiting(P)).toBe(false);
      },
    };
    const e = (type: string, extra: Record<string, unknown> = {}): Ev => ({ type, ...extra });
    const [request, start, progress, decoded, failed, retry, evict] = [
      e('page.request'),
      e('page.start'),
      e('page.progress', { loaded: 1, total: 2 }),
      e('page.decoded'),
      e('page.failed', { message: 'HTTP 500' }),
      e('page.retry'),
      e('page.evict'),
    ];
    await runInBrowser(
      pageLoaderMachine,
      {
        name: 'pageLoader',
        inputs: [{ index: P }],
        events: [request, start, progress, decoded, failed, retry, evict],
        // Attempts and byte counts grow without end: states are told apart by value.
        serializeState: (st) => valueKey(st.value),
        sequences: [
          [request, start, progress, decoded, evict, request, start, progress, failed, retry, start, failed, evict, request, evict],
          [request, start, evict, request, start, decoded],
        ],
      },
      driver,
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pagingMachine } from '../../machines/pagingMachine';
import type { Geometry } from '../../core/viewer/camera';
import { STORAGE } from '../../core/storageKeys';
import { valueKey, walk } from '../model/uiModel';
import { runInBrowser, type BrowserDriver, type Ev } from './browserModel';
import { pagingEventSamples } from '../model/pagingEvents';
import { dbg, viewerBrowser, waitFor } from './viewerDriver';

/**
 * The paging machine's paths run in Chromium on the real viewer with a controlled
 * chapter (viewerDriver.ts): keys, the slider, drag and snap, fling and inertia (its frames driven by
 * hand), the wheel, double tap, ctrl+wheel zoom and its reset, resizes, in both
 * reading directions on the geometry the viewer really laid out.
 * At every step the viewer's own state and what it shows must be what the
 * model says; every state and transition of the machine is covered.
 */
describe('viewer machines on the real viewer: paging', () => {
  const { openViewer, closeViewer, of } = viewerBrowser();

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
    /**
     * The point nearest the stage's centre where the canvas (no overlay) is on top; where none is (the last-page
     * card may fill the stage at the chapter's end, after a resize kept that place), the nearest point of the stage
     * that is no link or control: a double tap there reaches the stage's gestures as a reader's would.
     */
    const onCanvas = async (page: Page) => {
      const b = (await page.getByTestId('viewer-stage').boundingBox())!;
      // A grid of 19 × 19 points, nearest the centre first (the last-page card's links and buttons may cover
      // a coarser one: a whole run once found no point of 27 to tap).
      const fs = Array.from({ length: 19 }, (_, k) => 0.05 + k * 0.05).sort((a, c) => Math.abs(a - 0.5) - Math.abs(c - 0.5));
      const points = fs
        .flatMap((fy) => fs.map((fx) => ({ x: b.x + b.width * fx, y: b.y + b.height * fy })))
        .sort(
          (p, q) =>
            Math.hypot(p.x - b.x - b.width / 2, p.y - b.y - b.height / 2) - Math.hypot(q.x - b.x - b.width / 2, q.y - b.y - b.height / 2),
        );
      const find = () =>
        page.evaluate((points) => {
          const stage = document.querySelector('[data-testid="viewer-stage"]');
          const at = (p: { x: number; y: number }) => document.elementFromPoint(p.x, p.y);
          return (
            points.find((p) => at(p) instanceof HTMLCanvasElement) ??
            points.find((p) => {
              const el = at(p);
              return !!el && !!stage?.contains(el) && !el.closest('a, button, input, select, textarea, [role="button"], [role="link"]');
            })
          );
        }, points);
      let hit = await find();
      // In vertical mode the last-page card can fill the whole stage at the chapter's end (a resize kept that place):
      // a reader scrolls back a little to reach the page, and so does the test.
      if (!hit && (await dbg<string>(page, 'd.position().mode')) === 'vertical') {
        await page.mouse.wheel(0, -Math.round(b.height / 2));
        // (Until the scroll has brought a point of the page up, or a couple of seconds gone by.)
        for (let i = 0; i < 40 && !hit; i++) {
          await page.waitForTimeout(50);
          hit = await find();
        }
      }
      return hit ?? { x: b.x + b.width / 2, y: b.y + b.height / 2 };
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
          // From the margin beside the pages: the end page's card holds buttons in the middle.
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
          // On the page itself: at the chapter's end the last-page card's links (the app promotion's store page)
          // can sit at the centre, and a double tap there follows the link, as it should.
          const c = await onCanvas(page);
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
    const ev = pagingEventSamples(640, 400);
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
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/** The machine explorer (/machines), on in this server through MACHINE_EXPLORER: charts, stepper, exports. */
describe('machine explorer in Chromium', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws every machine with ELK: every edge starts and ends on its nodes (within 2 px)', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.goto(`${base}/machines`);
    const links = page.locator('.machines__list a');
    await links.first().waitFor();
    const names = await links.allTextContents();
    const files = fs
      .readdirSync('machines')
      .filter((f) => /Machine\.ts$/.test(f))
      .map((f) => f.replace(/Machine\.ts$/, ''));
    expect([...names].sort()).toEqual([...files].sort());
    for (const name of names) {
      await page.goto(`${base}/machines/${name}`);
      await page.locator('svg.statechart').waitFor();
      expect(await page.locator('svg.statechart [data-state-id]').count(), name).toBeGreaterThan(1);
      // The start state is highlighted.
      expect(await page.locator('svg.statechart [data-active="true"]').count(), name).toBeGreaterThan(1);
      // Measured in the browser, in screen pixels: each polyline's ends against its nodes' drawn boxes.
      const misses = await page.evaluate(() => {
        const box = (id: string) => document.querySelector(`[data-state-id="${CSS.escape(id)}"] > rect`)!.getBoundingClientRect();
        const out: string[] = [];
        for (const g of document.querySelectorAll<SVGGElement>('svg.statechart .sc-edge')) {
          const line = g.querySelector('polyline')!;
          const m = line.getScreenCTM()!;
          const pts = [...line.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(m));
          const scale = Math.hypot(m.a, m.b);
          const dist = (p: DOMPoint, r: DOMRect) => {
            const dx = Math.max(r.left - p.x, 0, p.x - r.right);
            const dy = Math.max(r.top - p.y, 0, p.y - r.bottom);
            const outside = Math.hypot(dx, dy);
            return (outside > 0 ? outside : Math.min(p.x - r.left, r.right - p.x, p.y - r.top, r.bottom - p.y)) / scale;
          };
          const s = dist(pts[0], box(g.dataset.source!));
          const e = dist(pts[pts.length - 1], box(g.dataset.target!));
          if (pts.length < 2 || s > 2 || e > 2) out.push(`${g.dataset.edgeId}: start ${s.toFixed(1)} end ${e.toFixed(1)}`);
        }
        return out;
      });
      expect(misses, name).toEqual([]);
    }
    await ctx.close();
  });

  it('steps a machine with its presets, shows a bad input as an error, steps back, and exports it', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.goto(`${base}/machines/commentSort`);
    await page.locator('svg.statechart').waitFor();
    expect(await page.getByTestId('current-state').textContent()).toBe('"likes"');
    expect(await page.locator('[data-event="sort.likes"]').isDisabled()).toBe(true);
    await page.locator('[data-event="sort.latest"]').click();
    // The chart re-renders after the state line: wait for each, bounded by Playwright's own timeout.
    await expect.poll(() => page.getByTestId('current-state').textContent()).toBe('"latest"');
    await expect.poll(() => page.locator('[data-state-id="commentSort.latest"]').getAttribute('data-active')).toBe('true');
    await expect.poll(() => page.locator('[data-state-id="commentSort.likes"]').getAttribute('data-active')).toBe('false');
    await page.getByRole('button', { name: 'Step back' }).click();
    await expect.poll(() => page.getByTestId('current-state').textContent()).toBe('"likes"');

    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
    const svgText = fs.readFileSync(await svg.path(), 'utf8');
    expect(svgText).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svgText).toContain('sort.latest');
    expect(svgText).toContain('fill="#');
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
    const def = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as {
      id: string;
      states: Record<string, { on: Array<{ event: string; actions: string[] }> }>;
    };
    expect(def.id).toBe('commentSort');
    expect(Object.keys(def.states).sort()).toEqual(['latest', 'likes']);
    expect(def.states.likes.on.map((o) => o.event)).toContain('sort.latest');

    // viewerMenus: the menus the viewer opens are offered as payloads.
    await page.goto(`${base}/machines/viewerMenus`);
    await page.locator('svg.statechart').waitFor();
    const toggles = page.locator('[data-event="menu.open"]');
    expect(await toggles.count()).toBeGreaterThanOrEqual(3);
    await toggles.first().click();
    expect(await page.getByTestId('current-state').textContent()).not.toBe('"closed"');
    // A bad input: an error message, no stale state.
    await page.goto(`${base}/machines/carousel`);
    await page.locator('svg.statechart').waitFor();
    await page.getByTestId('input').fill('{"count": ');
    await page.getByRole('button', { name: 'Restart' }).click();
    await page.getByTestId('stepper-error').waitFor();
    expect(await page.getByTestId('current-state').textContent()).toBe('—');
    // The chart follows the state line a moment later (its layout comes from a worker): polled, bounded.
    await expect.poll(() => page.locator('svg.statechart [data-state-id*="."][data-active="true"]').count()).toBe(0);
    await ctx.close();
  });

  it('pans, zooms, fits, and links a state to its source line', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.goto(`${base}/machines/paging`);
    await page.locator('svg.statechart').waitFor();
    const viewBox = () => page.locator('svg.statechart').getAttribute('viewBox');
    const fitted = await viewBox();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await viewBox()).not.toBe(fitted);
    await page.getByRole('button', { name: 'Fit' }).click();
    expect(await viewBox()).toBe(fitted);
    await page.locator('.chart-view__pane').hover();
    await page.mouse.wheel(0, -300);
    await page.waitForFunction((v) => document.querySelector('svg.statechart')?.getAttribute('viewBox') !== v, fitted);
    await page.getByRole('button', { name: 'Go to active state' }).click();
    await page.locator('[data-state-id="paging.pointer.dragging"] > rect').click();
    await page.waitForFunction(() => /:\d+$/.test(document.querySelector('[data-testid="source-line"]')?.textContent ?? ''));
    const line = (await page.getByTestId('source-line').textContent())!;
    expect(line).toMatch(/^machines\/pagingMachine\.ts:\d+$/);
    const n = Number(line.split(':')[1]);
    expect(fs.readFileSync('machines/pagingMachine.ts', 'utf8').split('\n')[n - 1]).toMatch(/^\s*dragging:/);
    await ctx.close();
  });
});

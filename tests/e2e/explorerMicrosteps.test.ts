import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';
import { firstChapter } from './explorerFixtures';

/**
 * A breakpoint before an event that leads through two microsteps: the
 * viewer's auto-scroll turned on (off → on, then its `choosing` state's
 * eventless transition). The explorer lists both, marks the next one on the
 * chart and shows the state before it; Step walks them while the app tab
 * stays paused, and the step after the last one lets the app apply them.
 */
const TOGGLE = 'autoScroll.off autoscroll.toggle#0';

describe('machine explorer: microsteps stepped one by one', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks an event’s microsteps with Step, the app held until the last one', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const explorer = await ctx.newPage();
    await explorer.setViewportSize({ width: 1440, height: 1100 });
    await explorer.goto(`${base}/machines/autoScroll`);
    await explorer.locator('svg.statechart').waitFor();
    await explorer.locator('[data-tool="breakpoints"]').click();
    await explorer.getByTestId('bp-kind').selectOption('transition');
    await explorer.getByTestId('bp-target').selectOption(TOGGLE);
    await explorer.getByRole('button', { name: 'Add breakpoint' }).click();
    await explorer.getByTestId('bp-list').getByText(TOGGLE).waitFor();

    const app = await ctx.newPage();
    await app.goto(`${base}/viewer/${await firstChapter(app, base)}`);
    const toggle = app.getByTestId('autoscroll-toggle');
    await toggle.waitFor({ state: 'attached' });
    await explorer.locator('[data-live-machine="autoScroll"]').first().waitFor();
    // The bar may be hidden over the page: the button is pressed where it is.
    await toggle.evaluate((b: HTMLButtonElement) => b.click());
    await app.getByTestId('explorer-paused').waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    await explorer.getByTestId('bp-paused').waitFor();
    const next = explorer.getByTestId('bp-micro-next');
    const items = explorer.getByTestId('bp-microsteps').locator('li');
    const edgeMark = (key: string) => explorer.locator(`.sc-edge[data-key="${key}"]`).getAttribute('data-mark');
    const active = (id: string) => explorer.locator(`[data-state-id="${id}"]`).getAttribute('data-active');
    expect(await next.textContent()).toBe('Next microstep: 1 of 2');
    expect(await items.nth(0).textContent()).toBe('autoscroll.toggle autoScroll.off → autoScroll.on');
    const second = (await items.nth(1).textContent()) ?? '';
    // Vertical reading scrolls steadily, horizontal turns pages: either way the eventless transition out of choosing.
    expect(second).toMatch(/^\(always\) autoScroll\.on\.choosing → autoScroll\.on\.(scrolling|turning)$/);
    const always = 'autoScroll.on.choosing (always)#' + (second.endsWith('scrolling') ? '0' : '1');
    expect(await items.nth(0).getAttribute('aria-current')).toBe('step');
    await expect.poll(() => edgeMark(TOGGLE)).toBe('microstep-next');
    expect(await active('autoScroll.off')).toBe('true');
    await explorer.screenshot({ path: '.tmp/screenshots/e2e-explorer-microstep-1.png' });

    // Step: the second microstep is next; the chart is in choosing; the app is still held.
    await explorer.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => next.textContent()).toBe('Next microstep: 2 of 2');
    expect(await items.nth(1).getAttribute('aria-current')).toBe('step');
    expect(await items.nth(0).getAttribute('data-done')).toBe('true');
    await expect.poll(() => edgeMark(always)).toBe('microstep-next');
    expect(await edgeMark(TOGGLE)).toBe('microstep-done');
    expect(await active('autoScroll.on.choosing')).toBe('true');
    expect(await active('autoScroll.off')).toBe('false');
    await explorer.screenshot({ path: '.tmp/screenshots/e2e-explorer-microstep-2.png' });
    expect(await app.getByTestId('explorer-paused').count()).toBe(1);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    // The step after the last microstep: the app applies the event and is running.
    await explorer.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await ctx.close();
  });
});

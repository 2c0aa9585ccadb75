import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './harness';

/** The machine explorer (/machines), on in this server through MACHINE_EXPLORER. */
describe('machine explorer in Chromium', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws every machine as an SVG statechart with its states and events', async () => {
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
      const states = await page.locator('svg.statechart [data-state-id]').count();
      expect(states, name).toBeGreaterThan(1);
      // The start state is highlighted.
      expect(await page.locator('svg.statechart .sc-node--active').count(), name).toBeGreaterThan(1);
    }
    await page.goto(`${base}/machines/favoriteToggle`);
    await page.locator('svg.statechart').waitFor();
    await page.screenshot({ path: '.tmp/screenshots/e2e-explorer.png', fullPage: true });
    await ctx.close();
  });

  it('steps a machine by its enabled events and exports it', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.goto(`${base}/machines/commentSort`);
    await page.locator('svg.statechart').waitFor();
    expect(await page.getByTestId('current-state').textContent()).toBe('"likes"');
    expect(await page.locator('[data-event="sort.likes"]').isDisabled()).toBe(true);
    await page.locator('[data-event="sort.latest"]').click();
    expect(await page.getByTestId('current-state').textContent()).toBe('"latest"');
    expect(await page.locator('[data-state-id="commentSort.latest"]').getAttribute('class')).toContain('sc-node--active');
    expect(await page.locator('[data-state-id="commentSort.likes"]').getAttribute('class')).not.toContain('sc-node--active');

    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
    const svgText = fs.readFileSync(await svg.path(), 'utf8');
    expect(svgText).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svgText).toContain('sort.latest');
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
    const def = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as { id: string; states: Record<string, unknown> };
    expect(def.id).toBe('commentSort');
    expect(Object.keys(def.states).sort()).toEqual(['latest', 'likes']);
    await ctx.close();
  });

  it('follows a live actor of the app in another tab', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const explorer = await ctx.newPage();
    await explorer.goto(`${base}/machines/commentSort`);
    await explorer.locator('svg.statechart').waitFor();
    // The app in another tab: a chapter's comments.
    const app = await ctx.newPage();
    const api = await app.request.get(`${base}/api/title_list/allV2?format=json`);
    expect(api.ok()).toBe(true);
    const detail = (await (await app.request.get(`${base}/api/title_detailV3?format=json&title_id=100001`)).json()) as {
      success: { titleDetailView: { chapterListGroup: { firstChapterList: { chapterId: number }[] }[] } };
    };
    const chapterId = detail.success.titleDetailView.chapterListGroup[0].firstChapterList[0].chapterId;
    await app.goto(`${base}/comments/${chapterId}`);
    await app.getByRole('tab', { name: 'Likes' }).waitFor();
    const live = explorer.locator('[data-live-machine="commentSort"]');
    await live.first().waitFor();
    expect(await live.first().getByTestId('live-state').textContent()).toBe('"likes"');
    await live.first().getByRole('button').click();
    await app.getByRole('tab', { name: 'Latest' }).click();
    await explorer.waitForFunction(
      () => document.querySelector('[data-live-machine="commentSort"] [data-testid="live-state"]')?.textContent === '"latest"',
    );
    await explorer.waitForFunction(() =>
      document.querySelector('[data-state-id="commentSort.latest"]')?.getAttribute('class')?.includes('sc-node--active'),
    );
    await explorer.screenshot({ path: '.tmp/screenshots/e2e-explorer-live.png' });
    await ctx.close();
  });
});

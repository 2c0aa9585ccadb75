import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { machineByName } from '../../machines/index';
import { loadRecordedPath, recordedMismatches, recordedOptions } from '../model/recordedPath';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/**
 * The machine explorer following the app in another tab: the actor tree,
 * event log, sequence diagram and live context; time travel; a recorded
 * session exported as a Vitest file that passes when run, and as a model
 * path; the exported SVG rendered alone against the drawing in the app.
 */
async function firstChapter(page: Page, base: string): Promise<number> {
  const detail = (await (await page.request.get(`${base}/api/title_detailV3?format=json&title_id=100001`)).json()) as {
    success: { titleDetailView: { chapterListGroup: { firstChapterList: { chapterId: number }[] }[] } };
  };
  return detail.success.titleDetailView.chapterListGroup[0].firstChapterList[0].chapterId;
}

/** Share of pixels of two PNGs (same size) that differ by more than a little, compared in a page. */
async function pixelDiff(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([x, y]) => {
      const load = async (b64: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, c.width, c.height);
      };
      const [p, q] = await Promise.all([load(x), load(y)]);
      if (p.width !== q.width || p.height !== q.height) return 1;
      let diff = 0;
      for (let i = 0; i < p.data.length; i += 4)
        if (Math.abs(p.data[i] - q.data[i]) + Math.abs(p.data[i + 1] - q.data[i + 1]) + Math.abs(p.data[i + 2] - q.data[i + 2]) > 24)
          diff++;
      return diff / (p.width * p.height);
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

describe('machine explorer with the app in another tab', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows an action in the app in the event log, sequence diagram and live context; travels back; exports a test that passes', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const explorer = await ctx.newPage();
    await explorer.setViewportSize({ width: 1440, height: 1000 });
    await explorer.goto(`${base}/machines/commentSort`);
    await explorer.locator('svg.statechart').waitFor();
    const app = await ctx.newPage();
    await app.goto(`${base}/comments/${await firstChapter(app, base)}`);
    await app.getByRole('tab', { name: 'Likes' }).waitFor();

    // Every actor of the app's tab is in the tree; the comment sort one is picked.
    const row = explorer.locator('[data-live-machine="commentSort"]').first();
    await row.waitFor();
    expect(await row.getByTestId('live-state').first().textContent()).toBe('"likes"');
    expect(await explorer.locator('.live__tab').count()).toBeGreaterThanOrEqual(1);
    await row.getByRole('button').first().click();
    await explorer.getByTestId('event-log').waitFor();

    await app.getByRole('tab', { name: 'Latest' }).click();
    await explorer.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="log-event"]')].some((e) => e.textContent === 'sort.latest'),
    );
    await explorer.locator('[data-seq-event="sort.latest"]').first().waitFor();
    expect(await explorer.locator('[data-state-id="commentSort.latest"]').getAttribute('data-active')).toBe('true');
    await explorer.getByTestId('live-context').waitFor();
    expect(await explorer.getByRole('heading', { name: /Followed actor/ }).textContent()).toContain('latest');
    await explorer.screenshot({ path: '.tmp/screenshots/e2e-explorer-live.png', fullPage: true });

    // Time travel: the first step (the start) shows "likes" again, on the chart too.
    const slider = explorer.getByTestId('time-travel');
    await slider.fill('0');
    await explorer.waitForFunction(
      () => document.querySelector('[data-state-id="commentSort.likes"]')?.getAttribute('data-active') === 'true',
    );
    expect(await explorer.locator('[data-state-id="commentSort.latest"]').getAttribute('data-active')).toBe('false');
    await explorer.getByRole('button', { name: 'Back to live' }).click();
    await explorer.waitForFunction(
      () => document.querySelector('[data-state-id="commentSort.latest"]')?.getAttribute('data-active') === 'true',
    );

    // The recorded session as a Vitest file, run here; and as a model path the machine still agrees with.
    const dir = path.resolve('.tmp/recorded', `run${process.pid}`);
    fs.mkdirSync(dir, { recursive: true });
    const [test] = await Promise.all([
      explorer.waitForEvent('download'),
      explorer.getByRole('button', { name: 'Export as Vitest test' }).click(),
    ]);
    const body = fs
      .readFileSync(await test.path(), 'utf8')
      .replace("'../../machines/index'", JSON.stringify(path.resolve('machines/index')));
    expect(body).toContain('sort.latest');
    fs.writeFileSync(path.join(dir, 'commentSort.recorded.test.ts'), body);
    fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), `export default { test: { include: ['*.test.ts'] } };\n`);
    const out = execFileSync('npx', ['vitest', 'run', '--root', dir, '--config', path.join(dir, 'vitest.config.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, CI: '1' },
    });
    expect(out).toMatch(/1 passed/);
    const [pathFile] = await Promise.all([
      explorer.waitForEvent('download'),
      explorer.getByRole('button', { name: 'Export as model path' }).click(),
    ]);
    const recorded = loadRecordedPath(await pathFile.path());
    expect(recorded.steps.map((s) => s.event.type)).toContain('sort.latest');
    expect(recordedMismatches(machineByName('commentSort')!.machine, recorded)).toEqual([]);
    expect(recordedOptions(recorded).sequences).toEqual([recorded.steps.map((s) => s.event)]);
    fs.rmSync(dir, { recursive: true, force: true });

    // The session saved and loaded again in a fresh explorer: the actor and its log are back.
    const [session] = await Promise.all([
      explorer.waitForEvent('download'),
      explorer.getByRole('button', { name: 'Save session' }).click(),
    ]);
    await app.close();
    const again = await (await newContext(browser, 'desktop', base)).newPage();
    await again.goto(`${base}/machines/commentSort`);
    await again.locator('svg.statechart').waitFor();
    await again.getByTestId('load-session').setInputFiles(await session.path());
    await again.locator('[data-live-machine="commentSort"][data-status="stopped"]').first().waitFor();
    await again.locator('[data-live-machine="commentSort"] button').first().click();
    await again.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="log-event"]')].some((e) => e.textContent === 'sort.latest'),
    );
    await again.context().close();
    await ctx.close();
  });

  it('exports an SVG that, rendered alone, matches the drawing in the app', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    for (const name of ['favoriteToggle', 'paging']) {
      await page.goto(`${base}/machines/${name}`);
      const svgEl = page.locator('svg.statechart');
      await svgEl.waitFor();
      await page.screenshot({ path: `.tmp/screenshots/e2e-explorer-${name}.png` });
      const inApp = await svgEl.screenshot();
      const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export SVG' }).click()]);
      const text = fs.readFileSync(await svg.path(), 'utf8');
      const alone = await ctx.newPage();
      await alone.setViewportSize({ width: 1440, height: 1000 });
      await alone.setContent(`<!doctype html><html><body style="margin:0">${text}</body></html>`);
      const standalone = await alone.locator('svg').screenshot();
      const share = await pixelDiff(alone, inApp, standalone);
      expect(share, name).toBeLessThan(0.002);
      await alone.close();
    }
    await ctx.close();
  });
});

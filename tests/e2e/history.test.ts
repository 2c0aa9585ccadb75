import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/**
 * Reading history in Chromium against the real server: read a chapter to
 * page 5, find it in the home's "Continue reading" row and on /history; the
 * same session in a browser whose local storage was cleared still has it
 * and resumes there; removal. Screenshots of the row and the screen at
 * phone and desktop sizes go to .tmp/screenshots/history/.
 */
const SHOTS = '.tmp/screenshots/history';

describe('reading history', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The first chapter of the first title on the home. */
  async function firstChapter(page: Page): Promise<string> {
    await page.goto(`${base}/updates`);
    // (Opened by its address: the home popup may cover the card.)
    await page.goto(`${base}${await page.locator('.home-group .title-card').first().getAttribute('href')}`);
    const link = page.locator('.chapter .chapter__main:not([aria-disabled])').first();
    await link.waitFor();
    return (await link.getAttribute('href'))!;
  }

  const counter = (page: Page) => page.getByTestId('viewer-counter');

  async function closePopup(page: Page) {
    await page.waitForLoadState('networkidle');
    const dialog = page.getByRole('dialog');
    if (await dialog.count()) {
      await dialog.getByRole('button', { name: /close/i }).first().click();
      await dialog.waitFor({ state: 'detached' });
    }
  }

  for (const kind of ['phone', 'desktop'] as const) {
    it(`${kind}: page 5 is in Continue reading, survives cleared local storage with the same session, and can be removed`, async () => {
      const ctx = await newContext(browser, kind, base);
      // Single pages in both sizes: the counter counts pages.
      await ctx.addInitScript(`if (!localStorage.getItem('viewer_mode')) localStorage.setItem('viewer_mode', 'vertical');`);
      const page = await ctx.newPage();
      const chapter = await firstChapter(page);
      // The app reports where the chapter opened (at=0) once its viewer session has taken the page over. The
      // counter shows earlier, in the server's first view: a move made before the take-over counted as the opening.
      const openedAt = page.waitForRequest((r) => r.url().includes('/api/history/position'));
      await page.goto(`${base}${chapter}`);
      await expect.poll(async () => (await counter(page).textContent()) ?? '').toMatch(/^1 \/ \d+/);
      await openedAt;
      // The reader goes to page 5 (the slider), and stays.
      const reported = page.waitForRequest((r) => r.url().includes('/api/history/position') && !/[?&]at=0(&|$)/.test(r.url()));
      await page.getByTestId('viewer-slider').fill('5');
      await expect.poll(async () => (await counter(page).textContent()) ?? '').toMatch(/^5 \/ /);
      // The page reported (banners before the pages would make it differ from the counter's).
      const report = new URL((await reported).url()).searchParams;
      const at = Number(report.get('page'));
      expect(at).toBeGreaterThan(1);
      // With the seconds read since the opening (its debounce at least: the page is shown, the reader not idle).
      expect(Number(report.get('read_s'))).toBeGreaterThanOrEqual(1);

      await page.goto(`${base}/updates`);
      const card = page.locator('.continue-reading .history-card').first();
      await card.waitFor();
      expect(await card.getAttribute('href')).toBe(chapter);
      expect(await card.textContent()).toMatch(new RegExp(`Page ${at} of \\d+`));
      await closePopup(page);
      await page.locator('.continue-reading').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/home-row-${kind}.png` });

      // A cleared browser, same session: the server still knows.
      await page.evaluate(() => {
        const sid = localStorage.getItem('session_id')!;
        localStorage.clear();
        localStorage.setItem('session_id', sid);
        localStorage.setItem('viewer_mode', 'vertical');
      });
      await page.goto(`${base}/updates`);
      await card.waitFor();
      expect(await card.textContent()).toMatch(new RegExp(`Page ${at} of \\d+`));
      // (The home popup shows again: it was remembered in the cleared storage.)
      await closePopup(page);
      // ...and the chapter opens where it was left.
      await card.click();
      await expect.poll(async () => (await counter(page).textContent()) ?? '').toMatch(/^5 \/ /);

      // The history screen, and removal.
      await page.goto(`${base}/history`);
      const entry = page.locator('.history__entry');
      await entry.first().waitFor();
      expect(await entry.count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/history-${kind}.png`, fullPage: true });
      await page.getByRole('button', { name: /^Remove .* from history$/ }).click();
      await page.getByText(/Nothing here yet/).waitFor();
      await page.screenshot({ path: `${SHOTS}/history-empty-${kind}.png` });
      await page.goto(`${base}/updates`);
      await page.locator('.home-group .title-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('.continue-reading').count()).toBe(0);
      await ctx.close();
    });
  }
});

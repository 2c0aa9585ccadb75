import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/**
 * Offline chapters in Chromium against the real server's production build:
 * a chapter saved from the title page (progress bar, then saved), listed on
 * /downloads with its size and the storage used; with the context offline
 * it opens through the service worker and is read to its end page with
 * every page drawn and its page thumbnails shown, the app saying it is offline; then removed.
 * Screenshots go to .tmp/screenshots/offline/.
 */
const SHOTS = '.tmp/screenshots/offline';
const LONG = { timeout: 180_000 };

describe('offline chapters', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const counter = (page: Page) => page.getByTestId('viewer-counter');
  const counted = async (page: Page) => (await counter(page).textContent()) ?? '';

  it('a chapter saved, the context set offline, reopened and read to the end; removal', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    await ctx.addInitScript(`if (!localStorage.getItem('viewer_mode')) localStorage.setItem('viewer_mode', 'vertical');`);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/updates`);
    // (Opened by its address: the home popup may cover the card.)
    await page.goto(`${base}${await page.locator('.home-group .title-card').nth(1).getAttribute('href')}`);
    const row = page
      .locator('.chapter')
      .filter({ has: page.locator('.chapter__main:not([aria-disabled])') })
      .first();
    await row.waitFor();
    // The page's popup (shown once) is closed first.
    await page.waitForLoadState('networkidle');
    const dialog = page.getByRole('dialog');
    if (await dialog.count()) {
      await dialog.getByRole('button', { name: /close/i }).first().click();
      await dialog.waitFor({ state: 'detached' });
    }
    const chapter = (await row.locator('.chapter__main').getAttribute('href'))!;
    const save = row.getByRole('button', { name: /^Save .* for offline reading$/ });
    await save.waitFor();
    await save.click();
    // Queued or saving: a progress bar and a cancel.
    await row.locator('.save-offline progress').waitFor();
    await row.getByRole('button', { name: 'Cancel' }).waitFor();
    await row.screenshot({ path: `${SHOTS}/progress-desktop.png` });
    await row.locator('.save-offline[data-state="saved"]').waitFor(LONG);

    await page.goto(`${base}/downloads`);
    const item = page.locator('.downloads__item');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.first().getAttribute('data-chapter-id')).toBe(chapter.split('/').pop());
    expect(await item.first().textContent()).toMatch(/\d[.,]\d MB/);
    expect(await page.getByTestId('storage-used').textContent()).toMatch(/Storage used: \d/);
    await page.screenshot({ path: `${SHOTS}/downloads-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/downloads-phone.png` });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Offline: the saved chapter opens and pages as online.
    await ctx.setOffline(true);
    await page.goto(`${base}${chapter}`);
    await expect.poll(() => counted(page), LONG).toMatch(/^1 \/ \d+/);
    const total = Number(/\/ (\d+)/.exec(await counted(page))![1]);
    expect(total).toBeGreaterThan(1);
    // The slider steps through everything the chapter shows (its pages, banners, the end page), the counter counts pages.
    const steps = Number(await page.getByTestId('viewer-slider').getAttribute('max'));
    expect(steps).toBeGreaterThanOrEqual(total);
    for (let i = 1; i <= steps; i++) {
      await page.getByTestId('viewer-slider').fill(String(i));
      await expect.poll(() => page.getByTestId('viewer-stage').getAttribute('data-index')).toBe(String(i - 1));
      // Every page on screen is drawn: none failed, none still loading.
      await expect.poll(() => page.locator('.viewer-page--loading, .viewer-page--failed').count(), LONG).toBe(0);
    }
    await page.getByTestId('viewer-last-page').waitFor({ state: 'attached' });
    expect(await counted(page)).toBe(`${total} / ${total}`);
    await page.screenshot({ path: `${SHOTS}/viewer-offline-end-desktop.png` });

    // The page thumbnails too: the strip shows the pages' pictures from the saved sheets, and no failure.
    await page.getByTestId('thumbs-button').evaluate((b) => (b as HTMLButtonElement).click());
    await expect.poll(() => page.locator('[data-testid=thumbs-grid] img.thumbs__picture').count(), LONG).toBeGreaterThan(0);
    expect(await page.getByRole('dialog').getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The app says it is offline; the downloads screen still lists and removes.
    await page.goto(`${base}/downloads`);
    await page.getByTestId('offline-banner').waitFor();
    await page.locator('.downloads__item').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/downloads-offline-desktop.png` });
    await page.getByRole('button', { name: /^Remove .* from this device$/ }).click();
    await page.getByText('No chapters saved for offline reading.').waitFor();
    await ctx.setOffline(false);
    expect(await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('offline-chapter-')))).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/** Home, featured and ranking in Chromium against the real server, phone and desktop. */
describe('home, featured and ranking in Chromium', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const kind of ['desktop', 'phone'] as const) {
    it(`${kind}: carousel turns by itself (and pauses on hover on desktop); screens render; ranking tabs switch`, async () => {
      const ctx = await newContext(browser, kind, base);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await page.goto(`${base}/updates`);
      const carousel = page.locator('section.carousel');
      await carousel.waitFor();
      await page.locator('.home-group .title-card').first().waitFor();
      // Autoplay (real 3 s timer): the index moves on without any input.
      const first = await carousel.getAttribute('data-index');
      await page.waitForFunction((i) => document.querySelector('section.carousel')?.getAttribute('data-index') !== i, first);
      await page.screenshot({ path: `.tmp/screenshots/home/e2e-home-popup-${kind}.png` });
      // The home popup (shown once) is closed before looking at the page.
      await page.waitForLoadState('networkidle');
      const dialog = page.getByRole('dialog');
      if (await dialog.count()) {
        await dialog.getByRole('button', { name: /close/i }).first().click();
        await dialog.waitFor({ state: 'detached' });
      }
      await page.screenshot({ path: `.tmp/screenshots/home/e2e-home-${kind}.png` });
      if (kind === 'desktop') {
        // Hover pauses autoplay.
        await carousel.hover();
        await page.waitForFunction(() => document.querySelector('section.carousel')?.getAttribute('data-state') !== 'playing');
        const paused = await carousel.getAttribute('data-state');
        expect(paused).not.toBe('playing');
      }

      await page.goto(`${base}/featured`);
      await page.locator('.featured-top .featured-banner').first().waitFor();
      await page.locator('.home-group .title-card').first().waitFor();
      await page.screenshot({ path: `.tmp/screenshots/home/e2e-featured-${kind}.png` });

      await page.goto(`${base}/ranking/hottest`);
      await page.locator('[data-testid="ranking-top"] .title-card').first().waitFor();
      const hottest = await page.locator('a.title-card').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      await page
        .getByRole('navigation', { name: /ranking/i })
        .getByRole('link', { name: /trending/i })
        .click();
      await page.waitForURL(/\/ranking\/trending$/);
      await page.waitForFunction(
        (prev) => JSON.stringify([...document.querySelectorAll('a.title-card')].map((a) => a.getAttribute('href'))) !== prev,
        JSON.stringify(hottest),
      );
      await page.screenshot({ path: `.tmp/screenshots/home/e2e-ranking-${kind}.png` });
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});

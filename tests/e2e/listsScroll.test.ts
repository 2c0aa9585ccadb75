import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

/**
 * Item 3, 000 §2: back navigation restores the scroll position of
 * /ranking/hottest, /manga_list/ongoing and /updates, also when the list's data
 * arrives after the route (held here until the page is back and short); a new
 * navigation starts at the top.
 */
const ROUTES = [
  { route: '/ranking/hottest', api: '**/api/title_list/rankingV2?*' },
  { route: '/manga_list/ongoing', api: '**/api/title_list/all_v3?*' },
  { route: '/updates', api: '**/api/web/web_homeV4?*' },
];
const SHOTS = '.tmp/screenshots/issue15/home';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** Two frames: the position saved on scroll is written on the next frame. */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

describe('back restores the scroll position of the lists', () => {
  const base = e2eBase();
  let browser: Browser;
  let ctx: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
    ctx = await newContext(browser, 'desktop', base);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { route, api } of ROUTES) {
    it(`${route}: scroll, open a title, go back: the same position`, async () => {
      const page = await ctx.newPage();
      // A short window, so every list is several screens tall.
      await page.setViewportSize({ width: 1440, height: 600 });
      await page.goto(`${base}${route}`);
      await page.locator('main a.title-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      // Home's popup (shown once) is closed first.
      const popup = page.getByRole('dialog');
      if (await popup.count()) {
        await popup.getByRole('button', { name: /close/i }).first().click();
        await popup.waitFor({ state: 'detached' });
      }
      // 60 % down the page, the card nearest the top that a row shows whole, moved to 150 px
      // below the top: the position to come back to. (Sections out of view are not laid out.)
      await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.6));
      await frames(page);
      const cards = page.locator('main a.title-card');
      const { index, top } = await cards.evaluateAll((as) => {
        const whole = as
          .map((a, i) => ({ i, r: a.getBoundingClientRect(), row: a.closest('.scroll-row__items')?.getBoundingClientRect() }))
          .filter(({ r, row }) => r.height > 0 && (!row || (r.left >= row.left && r.right <= row.right)))
          .sort((x, y) => Math.abs(x.r.top - 150) - Math.abs(y.r.top - 150));
        return { index: whole[0].i, top: Math.round(whole[0].r.top + window.scrollY) };
      });
      await page.evaluate((y) => window.scrollTo(0, y), top - 150);
      await frames(page);
      const target = await scrollY(page);
      expect(target).toBeGreaterThan(300);
      await frames(page);
      await cards.nth(index).click();
      await page.waitForURL(/\/titles\/\d+/);
      await page.locator('[data-screen="title"]').waitFor();
      // A new navigation starts at the top.
      expect(await scrollY(page)).toBe(0);

      // Back, with the list's data held until the page is back (and short).
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const hold = async (r: Route) => {
        await held;
        await r.continue();
      };
      await page.route(api, hold);
      await page.goBack();
      await page.waitForURL(`${base}${route}`);
      await page.locator('.loading').first().waitFor();
      release();
      await page.locator('main a.title-card').first().waitFor();
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, target);
      await page.unroute(api, hold);
      await page.screenshot({ path: `${SHOTS}/back-${route.replaceAll('/', '_')}.png` });

      // Forward again and back once more (no data held): still restored; a link click goes to the top.
      await page.goForward();
      await page.waitForURL(/\/titles\/\d+/);
      await page.goBack();
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, target);
      await page.locator('header a.nav-link[href="/featured"]').click();
      await page.waitForURL(/\/featured$/);
      expect(await scrollY(page)).toBe(0);
      await page.close();
    });
  }
});

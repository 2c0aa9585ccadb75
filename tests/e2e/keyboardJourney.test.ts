import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { SHOTS } from './routeSweep';
import { e2eBase } from './base';

/**
 * A keyboard-only reader, desktop: home → a title → its first
 * chapter → the chapter's last page → the next chapter → back to the title,
 * with Tab, Enter and the viewer's keys alone (no pointer). Every control
 * reached shows a focus ring.
 */
const base = e2eBase();
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Presses Tab until the focused element matches `selector` (at most 300 presses); it must show a focus ring. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);
    if (hit) {
      const ring = await page.evaluate(() => {
        const s = getComputedStyle(document.activeElement!);
        return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
      });
      expect(ring, `${selector}: a visible focus ring`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe('a keyboard-only reader', () => {
  it('goes home → title → first chapter → last page → next chapter → back, without a pointer', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.goto(`${base}/updates`);
    await page.locator('[data-screen="home"] .title-card').first().waitFor();

    await tabTo(page, 'a.title-card[href^="/titles/"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/titles\/\d+$/);
    const titleUrl = page.url();

    await tabTo(page, '.chapter-list a[href^="/viewer/"]');
    const first = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === first);
    await page.locator('canvas').first().waitFor();

    // The viewer's "last page" key, then the end page's next-chapter link by Tab.
    await page.keyboard.press('End');
    await page.getByTestId('viewer-next-chapter').waitFor();
    await tabTo(page, '[data-testid="viewer-next-chapter"]');
    await page.screenshot({ path: `${SHOTS}/keyboard-end-page.png` });
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/viewer/') && u.pathname !== first);
    await page.locator('canvas').first().waitFor();

    // Back to the title: the bars by their key, then the title link by Tab.
    if (!(await page.getByTestId('viewer-title-link').isVisible())) await page.keyboard.press('m');
    await tabTo(page, '[data-testid="viewer-title-link"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(titleUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await ctx.close();
  });

  it("a card focused in the server's markup while the app loads keeps the focus when the app replaces it: Enter opens it", async () => {
    const ctx = await newContext(browser, 'desktop', base);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await ctx.route(/\/assets\/startApp-[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    const page = await ctx.newPage();
    await page.goto(`${base}/updates`, { waitUntil: 'commit' });
    await page.locator('[data-screen="home"] .title-card').first().waitFor();
    await tabTo(page, 'a.title-card[href^="/titles/"]');
    const href = await page.evaluate(() =>
      ((window as unknown as { __card: Element }).__card = document.activeElement!).getAttribute('href'),
    );
    release();
    // The app's first render replaced the server's markup: the card focused is another element now, the same card.
    await page.waitForFunction(() => !(window as unknown as { __card: Element }).__card.isConnected);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(href);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === href);
    await ctx.close();
  });
});

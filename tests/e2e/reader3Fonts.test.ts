import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './harness';
import { e2eBase } from './base';
import { fontsOf, latinOnlyFontconfig, thaiFaceDraws as thaiDrawn } from './thaiPixels';

/**
 * Defect 1: Thai drawn as boxes on a machine without a Thai font. CI installs fonts-noto-core (which has
 * Thai), so this browser gets a fontconfig of its own that lists Latin-only font folders: the page cannot use a
 * system Thai font, only the Noto Sans Thai we ship. The Thai font files are held back until the text is on screen,
 * so the text is drawn before its font arrives (the case that stayed boxes), then let through.
 */
const SHOTS = '.tmp/screenshots/issue29/fonts';
const THAI_FILE = /noto-sans-thai-thai-\d00-normal-[\w-]+\.woff2$/;

/** Opens a page with the Thai font files held until `selector` is on screen and drawn, then let through. */
async function openHoldingThai(ctx: BrowserContext, url: string, selector: string): Promise<Page> {
  const page = await ctx.newPage();
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(THAI_FILE, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(url);
  await page.locator(selector).first().waitFor();
  // Two frames: the text has been laid out and painted without its font.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  release();
  await page.waitForFunction(() => [...document.fonts].some((f) => f.family.includes('Noto Sans Thai') && f.status === 'loaded'));
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
  return page;
}

describe('issue 29 defect 1: Thai is drawn with our font even when it arrives after the text', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser({ FONTCONFIG_FILE: latinOnlyFontconfig() });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('this browser has no system font that draws Thai', async () => {
    const ctx = await browser.newContext({ bypassCSP: true });
    const page = await ctx.newPage();
    await page.setContent('<p id="probe" style="font-family: sans-serif">ภาษาไทย</p>');
    const fonts = await fontsOf(page, '#probe');
    expect(fonts.filter((f) => /thai/i.test(f.familyName))).toEqual([]);
    await ctx.close();
  });

  it('phone, Thai interface: the title page’s name and its favorite button', async () => {
    const ctx = await browser.newContext({ ...PHONE, locale: 'th-TH' });
    const page = await openHoldingThai(ctx, `${base}/titles/100007`, 'h1');
    expect(await page.locator('h1').textContent()).toMatch(/[\u0e00-\u0e7f]/);
    await page.screenshot({ path: `${SHOTS}/phone-th-title.png` });
    for (const sel of ['h1', '.favorite__button']) {
      const r = await thaiDrawn(page, sel);
      expect(r.ok, `${sel}: ${JSON.stringify(r.fonts)}`).toBe(true);
    }
    await ctx.close();
  });

  it('desktop, Thai interface: the list heading and the search field’s placeholder', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH' });
    const page = await openHoldingThai(ctx, `${base}/manga_list/ongoing`, 'h1');
    const heading = await thaiDrawn(page, 'h1');
    expect(heading.ok, JSON.stringify(heading.fonts)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/desktop-th-list.png` });
    await page.close();
    const featured = await openHoldingThai(ctx, `${base}/featured`, 'header input');
    const placeholder = await thaiDrawn(featured, 'header input');
    expect(placeholder.ok, JSON.stringify(placeholder.fonts)).toBe(true);
    await ctx.close();
  });

  it('English interface: the Thai language chip on a title page', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await openHoldingThai(ctx, `${base}/titles/100007`, '.title-languages a[lang="th"]');
    const chip = await thaiDrawn(page, '.title-languages a[lang="th"]');
    expect(chip.ok, JSON.stringify(chip.fonts)).toBe(true);
    await page.locator('.title-languages').screenshot({ path: `${SHOTS}/desktop-en-thai-chip.png` });
    await ctx.close();
  });
});

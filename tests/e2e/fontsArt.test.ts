import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from './harness';
import { e2eBase } from './base';

const SHOTS = '.tmp/screenshots/issue15/art';
const THAI_FILE = /noto-sans-thai-thai-\d00-normal-[\w-]+\.woff2$/;

/** The fonts Chromium really draws an element's text with (DevTools protocol), e.g. [{ familyName, isCustomFont }]. */
async function fontsOf(page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

/** Our fonts (web/fonts.css, served from the build) and the drawn label logo, in Chromium against the real server. */
describe('the fonts we ship, and the title page’s label logo', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a Thai page draws its Thai text with our Noto Sans Thai (a web font, loaded, served immutable); an English page never asks for the Thai file', async () => {
    // English first: nothing on the page is Thai, so the Thai face is never fetched.
    const enCtx = await newContext(browser, 'desktop', base);
    const en = await enCtx.newPage();
    const enFonts: string[] = [];
    en.on('request', (r) => {
      if (/\.woff2$/.test(r.url())) enFonts.push(r.url());
    });
    await en.goto(`${base}/manga_list/ongoing`);
    await en.locator('.title-card').first().waitFor();
    await en.waitForLoadState('networkidle');
    await en.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await en.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(enFonts.filter((u) => THAI_FILE.test(u))).toEqual([]);
    await enCtx.close();

    // A Thai visitor (browser locale th-TH): the interface is Thai.
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH' });
    const page = await ctx.newPage();
    const thai = page.waitForResponse((r) => THAI_FILE.test(r.url()));
    await page.goto(`${base}/manga_list/ongoing`);
    await page.locator('html[lang="th"]').waitFor({ state: 'attached' });
    const h1 = page.getByRole('heading', { level: 1 });
    await h1.waitFor();
    expect(await h1.textContent()).toMatch(/[\u0e00-\u0e7f]/);
    const res = await thai;
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toMatch(/max-age=31536000.*immutable/);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // The Thai face is a web font of ours, loaded (FontFace status), and it draws the heading's Thai glyphs.
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Noto Sans Thai').map((f) => f.status),
    );
    expect(faces).toContain('loaded');
    const used = await fontsOf(page, 'h1');
    expect(used.find((f) => f.familyName === 'Noto Sans Thai')).toMatchObject({ isCustomFont: true });
    await page.screenshot({ path: `${SHOTS}/thai-manga-list.png` });

    // The home's drawn banners of every language come in Thai (their URL carries the language) and load.
    await page.goto(`${base}/`);
    const banner = page.locator('section.carousel img[src*="/img/banner/"]').first();
    await banner.waitFor({ state: 'attached' });
    const srcs = await page
      .locator('section.carousel img[src*="/img/banner/"]')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(srcs.filter((s) => /\/img\/banner\/\d+\/th\.webp$/.test(s)).length).toBeGreaterThan(0);
    expect(srcs.filter((s) => /\/img\/banner\/\d+\/(?!th\.)[a-z]{2}\.webp$/.test(s))).toEqual([]);
    expect(await banner.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
    // (The home popup, shown once, is closed before the picture.)
    await page.waitForLoadState('networkidle');
    const dialog = page.getByRole('dialog');
    if (await dialog.count()) {
      await dialog.locator('.popup__close').click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.locator('section.carousel').screenshot({ path: `${SHOTS}/thai-home-banners.png` });
    await ctx.close();
  });

  it('the title page shows the publisher label as its logo image, which the server draws (200 image/webp)', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    const page = await ctx.newPage();
    await page.goto(`${base}/manga_list/ongoing`);
    const href = await page.locator('.title-card a[href^="/titles/"], a.title-card[href^="/titles/"]').first().getAttribute('href');
    await page.goto(`${base}${href!}`);
    const logo = page.locator('.title-hero img.title-hero__label');
    await logo.waitFor();
    const { src, alt, natural } = await logo.evaluate((img: HTMLImageElement) =>
      img.decode().then(() => ({ src: img.src, alt: img.alt, natural: img.naturalWidth })),
    );
    expect(src).toMatch(/\/img\/label\/[A-Z_]+\.webp$/);
    expect(alt.length).toBeGreaterThan(0);
    expect(natural).toBe(240);
    const r = await fetch(src);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/webp');
    // It sits in the title's meta line and is shown at its drawn proportions.
    const box = (await logo.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([80, 32]);
    await page.locator('.title-hero').screenshot({ path: `${SHOTS}/title-label-logo.png` });
    await ctx.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleShared } from './base';
import { launchBrowser, newContext } from './harness';
import { newMember, settled } from './consoleSupport';

/**
 * The console's own pages under its own CSP, in Chromium on the worker's shared console server: the preview of a
 * picked image (a `blob:` URL the page makes) is drawn before it is sent; the rich-text editor runs without an
 * injected <style>; Thai typed into a field is drawn with the shipped Noto Sans Thai (web/fonts.css), as in the
 * reader. Every CSP refusal on those pages is recorded (securitypolicyviolation) and must be none.
 */
const OWNER = { name: 'Pim Page', password: 'lantern-orchard-softly-58' };

let browser: Browser;
let ctx: BrowserContext;
let page: Page;

/** The CSP refusals the page met since it was loaded: directive and blocked URL. */
const refusals = (p: Page) => p.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

beforeAll(async () => {
  const shared = consoleShared();
  browser = await launchBrowser();
  ctx = await newContext(browser, 'desktop', shared.url);
  await ctx.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  page = await ctx.newPage();
  await newMember(shared, page, ['owner'], OWNER);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
});

describe("the console's own pages under its CSP", () => {
  it('draws the preview of a picked title image before it is sent', async () => {
    await page.goto('/console/series/1');
    await settled(page);
    const png = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#c03050' } })
      .png()
      .toBuffer();
    const input = page.locator('.c-image--portrait input[type=file]');
    await input.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByAltText('New image (not sent yet)');
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(60);
    expect(await refusals(page)).toEqual([]);
  });

  it('runs the rich-text editor and draws Thai with the shipped face', async () => {
    await page.goto('/console/announcements');
    await settled(page, 'Announcements');
    await page.getByRole('button', { name: 'New announcement' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('ประกาศปิดปรับปรุงระบบ');
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('สวัสดี readers');
    await expect.poll(() => editor.textContent()).toContain('สวัสดี');
    // The editor's base styles came from the console's CSS: its text keeps its spaces as typed.
    expect(await editor.evaluate((e) => getComputedStyle(e).whiteSpace)).toBe('break-spaces');
    const thaiFace = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Noto Sans Thai' && f.status === 'loaded');
      });
    await expect.poll(thaiFace).toBe(true);
    expect(await refusals(page)).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleShared } from './base';
import { launchBrowser, newContext } from './harness';
import { newMember, settled } from './consoleSupport';

/**
 * Issue 47 in Chromium on the worker's shared console server: the Menu button only at phone width (beside
 * the desktop sidebar it opened nothing), the home preview in Thai as the reader in Thai, its chrome (search
 * box, beta note) included, without touching this browser's own reader languages; then screenshots of the
 * fixed screens in English and Japanese, desktop and phone, with Thai content (.tmp/screenshots/issue47/).
 */
const OWNER = { name: 'Tida Truthful', password: 'meadow-copper-quietly-83' };
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/screenshots/issue47/console');
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const TH = { search: 'ค้นหาชื่อเรื่องหรือผู้แต่ง', beta: 'เบต้า:' };

let browser: Browser;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  const shared = consoleShared();
  browser = await launchBrowser();
  ctx = await newContext(browser, 'desktop', shared.url);
  page = await ctx.newPage();
  await newMember(shared, page, ['owner'], OWNER);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
});

/** Opens the home preview for `language` and waits for the reader's home in its frame. */
async function previewIn(language: string) {
  await page.goto('/console/preview');
  await settled(page);
  await page.locator('#console-main select').first().selectOption(language);
  await page.locator('#console-main form button[type=submit]').click();
  const frame = page.frameLocator('iframe.c-preview');
  await frame.locator('header input').first().waitFor({ timeout: 60_000 });
  return frame;
}

describe('issue 47: the console says what is true', () => {
  it('shows the Menu button only at phone width, where it opens the navigation', async () => {
    await page.setViewportSize(SIZES.desktop);
    await page.goto('/console');
    await settled(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation');
    expect(await nav.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    await page.setViewportSize(SIZES.phone);
    await menu.waitFor();
    expect(await nav.isVisible()).toBe(false);
    await menu.click();
    expect(await nav.isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.setViewportSize(SIZES.desktop);
  }, 60_000);

  it("previews the Thai home as the reader in Thai, its chrome included, and leaves this browser's own reader languages as they were", async () => {
    const frame = await previewIn('th');
    const search = frame.locator('header input').first();
    await expect.poll(() => search.getAttribute('placeholder'), { timeout: 30_000 }).toBe(TH.search);
    expect(await frame.locator('html').getAttribute('lang')).toBe('th');
    await frame.getByText(TH.beta).first().waitFor();
    // Its heading marked as a preview for staff.
    await page.getByRole('heading', { name: /^Preview The home in ภาษาไทย at .*2026/ }).waitFor();
    // The page the server sent is already the Thai reader (its first view rendered in the previewed language).
    const sent = await page.evaluate(() => fetch('/updates?preview=th', { credentials: 'same-origin' }).then((r) => r.text()));
    expect(sent).toMatch(/<html lang="th"/);
    expect(sent).toContain(TH.search);
    // Nothing of it was stored for the reader this browser runs outside the preview.
    const stored = await page.evaluate(() => ({ lang: localStorage.getItem('service_lang'), cookie: document.cookie }));
    expect(stored.lang).not.toBe('tha');
    expect(stored.cookie).not.toMatch(/mr_lang=tha/);
  }, 120_000);

  it('screenshots of the fixed screens, English and Japanese, desktop and phone', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const lang of ['en', 'ja'] as const) {
      await page.evaluate((l) => localStorage.setItem('console.lang', l), lang);
      for (const [kind, size] of Object.entries(SIZES)) {
        await page.setViewportSize(size);
        for (const slug of ['feedback', 'banners', 'popups', 'surveys', 'announcements']) {
          await page.goto(`/console/${slug}`);
          await settled(page);
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: path.join(SHOTS, `${lang}-${kind}-${slug}.png`), fullPage: true });
        }
        await page.goto('/console/banners');
        await settled(page);
        await page.locator('#console-main button.c-button:not(.c-button--quiet)').first().click();
        await page.locator('form[aria-labelledby="banner-editor"] .c-period select').selectOption('Asia/Bangkok');
        await page.screenshot({ path: path.join(SHOTS, `${lang}-${kind}-banner-editor.png`), fullPage: true });
        await page.goto('/console/surveys');
        await settled(page);
        await page.locator('#console-main td.c-actions button').first().click();
        await page.locator('form[aria-labelledby="survey-editor"]').waitFor();
        await page.screenshot({ path: path.join(SHOTS, `${lang}-${kind}-survey-editor.png`), fullPage: true });
        await previewIn('th');
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(SHOTS, `${lang}-${kind}-preview-th.png`), fullPage: true });
      }
    }
    await page.evaluate(() => localStorage.setItem('console.lang', 'en'));
  }, 300_000);
});

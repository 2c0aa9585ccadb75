import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, startServer } from './harness';
import { attachViewerHarness } from './viewerHarness';
import { e2eBase } from './base';

/** What a reader does: browse, open a title, favorite it, read a chapter, see its comments. */
describe('reading flow in Chromium against the real server', () => {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('home → title → favorite → favorites → viewer pages → comments', async () => {
    const ctx = await newContext(browser, 'desktop', base);
    // The viewer's figures (window.__viewerDebug) for when the reader gets there.
    await attachViewerHarness(ctx, { clocks: 'real' });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/`);
    await page.waitForURL(/\/updates$/);
    await page.locator('.home-group .title-card').first().waitFor();
    await page.screenshot({ path: '.tmp/screenshots/e2e-home.png' });

    // A title with ended middle chapters: open it from the manga list.
    await page.goto(`${base}/manga_list/ongoing`);
    await page.locator('[data-testid="title-grid"] .title-card').first().click();
    await page.waitForURL(/\/titles\/\d+$/);
    const titleName = (await page.locator('.title-hero__name').textContent())!;
    expect(titleName.length).toBeGreaterThan(0);
    expect(await page.title()).toContain(titleName);

    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await page.getByRole('button', { name: 'Favorited' }).waitFor();
    await page.screenshot({ path: '.tmp/screenshots/e2e-title.png', fullPage: true });

    await page.getByRole('link', { name: 'Favorited', exact: true }).first().click();
    await page.waitForURL(/\/favorited$/);
    await page.locator('.favorite-item .title-card__name', { hasText: titleName }).waitFor();

    await page.goBack();
    await page.locator('.chapter__main').first().click();
    await page.waitForURL(/\/viewer\/\d+$/);
    const stage = page.getByTestId('viewer-stage');
    await stage.waitFor();
    // The first page is fetched, decrypted and decoded off the main thread, then drawn.
    await page.waitForFunction(
      () =>
        (window as unknown as { __viewerDebug?: { pageState(i: number): { status: string } } }).__viewerDebug?.pageState(0).status ===
        'decoded',
    );
    await page.screenshot({ path: '.tmp/screenshots/e2e-viewer.png' });
    const before = Number(await stage.getAttribute('data-index'));
    await page.keyboard.press('PageDown');
    await page.waitForFunction(
      (b) => Number(document.querySelector('[data-testid="viewer-stage"]')!.getAttribute('data-index')) > b,
      before,
    );

    const chapterId = page.url().split('/').pop();
    await page.goto(`${base}/comments/${chapterId}`);
    await page.getByRole('tab', { name: 'Likes' }).waitFor();
    await page.screenshot({ path: '.tmp/screenshots/e2e-comments.png' });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('search and not-found', async () => {
    const ctx = await newContext(browser, 'phone', base);
    const page = await ctx.newPage();
    await page.goto(`${base}/search_result?keyword=zzzzzz`);
    await page.getByTestId('no-results').waitFor();
    expect(await page.getByTestId('no-results').textContent()).toBe('Sorry, no results were found. Try searching for something else.');
    await page.goto(`${base}/titles/99999999`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.goto(`${base}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await ctx.close();
  });

  it('maintenance and region blocking replace the screens', async () => {
    for (const [env, shot] of [
      [{ MAINTENANCE: '1' }, 'maintenance'],
      [{ BLOCKED_REGIONS: 'XX', REGION_HEADER: 'x-client-region' }, 'blocking'],
    ] as const) {
      const srv = await startServer({ ...env, DATA_DIR: `.tmp/e2e-data-${shot}` });
      try {
        const ctx = await newContext(browser, 'desktop', srv.url);
        if (shot === 'blocking') await ctx.setExtraHTTPHeaders({ 'x-client-region': 'XX' });
        const page = await ctx.newPage();
        await page.goto(`${srv.url}/ranking/hottest`);
        await page.locator(`.error-screen img[src*="${shot}"]`).waitFor();
        await page.screenshot({ path: `.tmp/screenshots/e2e-${shot}.png` });
        // Home, whose first view the server renders into its page: not rendered from an error answer.
        const res = await page.goto(`${srv.url}/updates`);
        expect(await res!.text()).toContain('<div id="root"></div>');
        await page.locator(`.error-screen img[src*="${shot}"]`).waitFor();
        await ctx.close();
      } finally {
        await srv.stop();
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { viewerBrowser } from './viewerBrowser';

/**
 * The end page's favorite in the real viewer (favoriteToggleMachine, as on
 * title detail): the reader pages to the end, favorites the title and sees
 * LOADING then "Favorited"; the server has it (the end page after a reload
 * says so); a failed call shows the server's message on the end page, the
 * button back as it was; paging away and back keeps the saved choice. The
 * counter under the chapter counts its pages (as the pages' names do), and
 * the end page's card is no taller than its content.
 * Screenshot: .tmp/screenshots/issue18/end-favorite-failed.png.
 */
const SHOTS = '.tmp/screenshots/issue18';
const CHAPTER = 1000013;

describe('viewer: the end page favorite', () => {
  const vb = viewerBrowser(SHOTS);
  const base = vb.base;

  async function toEnd(page: Page) {
    await page.locator('[data-testid=viewer-stage]').waitFor();
    await page.waitForFunction(() => (window.__viewerDebug?.position().count ?? 0) > 0);
    await page.keyboard.press('End');
    await page.getByTestId('viewer-last-page').waitFor();
    await page.waitForFunction(() => !!window.__viewerDebug?.settled());
  }

  it('the counter counts the chapter’s pages as their names do, on the end page too', async () => {
    const { ctx, page } = await vb.open();
    await page.goto(`/viewer/${CHAPTER}`);
    await page.locator('[data-testid=viewer-stage]').waitFor();
    await page.waitForFunction(() => (window.__viewerDebug?.position().count ?? 0) > 0);
    const label = page.locator('.viewer-page-label').first();
    await label.waitFor({ state: 'attached' });
    // "Page 1 of N, …" over the first page, "1 / N" under it: N counts pages, not the items (the inserted banners, the end page).
    const [, first, total] = /^Page (\d+) of (\d+),/.exec((await label.getAttribute('aria-label'))!)!;
    const items = await page.evaluate(() => window.__viewerDebug!.position().count);
    expect(Number(total)).toBeLessThan(items);
    expect(await page.getByTestId('viewer-counter').textContent()).toBe(`${first} / ${total}`);
    expect(await page.getByTestId('viewer-slider').getAttribute('aria-valuetext')).toBe(`Page ${first} of ${total}`);
    // On the end page (not a page): the last page's number.
    await toEnd(page);
    expect(await page.getByTestId('viewer-counter').textContent()).toBe(`${total} / ${total}`);
    await ctx.close();
  });

  it('the end page is as tall as its content', async () => {
    const { ctx, page } = await vb.open();
    await page.goto(`/viewer/${CHAPTER}`);
    await toEnd(page);
    const end = await page.getByTestId('viewer-last-page').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const content = Math.max(...[...el.children].map((c) => c.getBoundingClientRect().bottom));
      return {
        x: r.x + r.width / 2,
        top: r.top,
        bottom: r.bottom,
        below: r.bottom - content,
        padding: parseFloat(getComputedStyle(el).paddingBottom) * (r.width / (el as HTMLElement).offsetWidth),
      };
    });
    // No empty box under its text: below the last line, its padding and nothing more...
    expect(end.below).toBeLessThanOrEqual(end.padding + 2);
    // ...and under the card, the stage as beside it (not the card's colour: the canvas's box for its slot is covered).
    const pixel = async (x: number, y: number) => {
      const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
      return [...(await sharp(png).raw().toBuffer())].slice(0, 3);
    };
    const under = end.bottom + 40;
    expect(under).toBeLessThan(700);
    expect(await pixel(end.x, under)).toEqual(await pixel(60, under));
    expect(await pixel(end.x, under)).not.toEqual(await pixel(end.x, end.top + 8));
    await page.screenshot({ path: `${SHOTS}/end-page-desktop.png` });
    await ctx.close();
  });

  it('favorite, reload, a failure shown, paging away and back', async () => {
    const { ctx, page } = await vb.open();
    await page.goto(`/viewer/${CHAPTER}`);
    await toEnd(page);
    const end = page.getByTestId('viewer-last-page');
    // Hold the call to see the waiting button.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/title_list/bookmark**', async (route) => {
      await held;
      await route.continue();
    });
    await end.getByRole('button', { name: 'Add to favorites' }).click();
    const waiting = end.getByRole('button', { name: 'LOADING' });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    release();
    await end.getByRole('button', { name: 'Favorited' }).waitFor();
    expect(await end.getByRole('button', { name: 'Favorited' }).getAttribute('aria-pressed')).toBe('true');
    await page.unroute('**/api/title_list/bookmark**');

    // The server has it: the chapter loaded again says so.
    await page.reload();
    await toEnd(page);
    await end.getByRole('button', { name: 'Favorited' }).waitFor();

    // A failed call: the server's error envelope, shown on the end page; the button back as it was.
    await page.route('**/api/title_list/bookmark**', (route) => route.continue({ url: `${base}/api/__no_such_route__`, method: 'GET' }));
    await end.getByRole('button', { name: 'Favorited' }).click();
    const alert = end.getByRole('alert');
    await alert.waitFor();
    expect(((await alert.textContent()) ?? '').replace('×', '').trim().length).toBeGreaterThan(10);
    expect(await end.getByRole('button', { name: 'Favorited' }).isEnabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/end-favorite-failed.png` });
    await alert.getByRole('button', { name: 'Close' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.unroute('**/api/title_list/bookmark**');

    // Unfavorite, page away and back: the end page starts from the saved choice, not the chapter's old answer.
    await end.getByRole('button', { name: 'Favorited' }).click();
    await end.getByRole('button', { name: 'Add to favorites' }).waitFor();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => !!window.__viewerDebug?.settled());
    await toEnd(page);
    await end.getByRole('button', { name: 'Add to favorites' }).waitFor();
    await ctx.close();
  });
});

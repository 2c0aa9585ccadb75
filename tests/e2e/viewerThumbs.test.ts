import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE } from '../../core/storageKeys';
import { generateCatalog } from '../../server/catalog/generate';
import { loadConfig } from '../../server/config';
import { axe, report, serious } from './routeSweep';
import { viewerBrowser, viewerItemsShown } from './viewerBrowser';

/**
 * Page thumbnails (issue 48) in Chromium, at phone and desktop width, on
 * the demo catalog's 320-page chapter: hovering the page slider shows the
 * thumbnail and number of the page under the pointer (a click there jumps to
 * it); the strip of every page opens from the footer; axe-core finds no
 * serious or critical violation with either up; in English and in Thai.
 * Screenshots: .tmp/screenshots/thumbs/.
 */
const SHOTS = '.tmp/screenshots/thumbs';
const longId = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable.longChapterId;

/** `lang`: the service language's code (core/languages.ts: eng, tha, ...), which the interface speaks. */
async function openLong(vb: ReturnType<typeof viewerBrowser>, window: 'phone' | 'desktop', lang = 'eng'): Promise<Page> {
  const { ctx, page } = await vb.open({
    window,
    prepare: async (c) => {
      await c.addInitScript(
        `localStorage.setItem('${STORAGE.viewerMode}', 'horizontal'); localStorage.setItem('${STORAGE.serviceLang}', '${lang}');`,
      );
      await c.addCookies([{ name: 'mr_lang', value: lang, url: vb.base }]);
    },
  });
  void ctx;
  await page.goto(`/viewer/${longId}`);
  await viewerItemsShown(page);
  return page;
}

const decoded = (page: Page) =>
  page.evaluate(() => {
    const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid=thumb-preview] img')];
    return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  });

describe('page thumbnails: the slider preview and the strip', () => {
  const vb = viewerBrowser(SHOTS);

  it('desktop: hovering the slider shows the page under the pointer, a click jumps there; axe finds nothing serious', async () => {
    const page = await openLong(vb, 'desktop');
    const slider = page.getByTestId('viewer-slider');
    const box = (await slider.boundingBox())!;
    const x = box.x + box.width * 0.6;
    await page.mouse.move(x, box.y + box.height / 2);
    const preview = page.getByTestId('thumb-preview');
    await preview.waitFor();
    await expect.poll(() => decoded(page), { timeout: 60_000 }).toBe(true);
    const slot = Number(await preview.getAttribute('data-slot'));
    const count = Number(await slider.getAttribute('max'));
    // (A right-to-left book's slider runs from the right.)
    const f = (await slider.getAttribute('dir')) === 'rtl' ? 0.4 : 0.6;
    expect(Math.abs(slot - Math.round(f * (count - 1))), 'the spread under the pointer').toBeLessThanOrEqual(Math.ceil(count * 0.02));
    // Over the pointer, on screen.
    const pb = (await preview.boundingBox())!;
    expect(pb.y + pb.height).toBeLessThanOrEqual(box.y);
    expect(pb.x).toBeGreaterThanOrEqual(0);
    expect(pb.x + pb.width).toBeLessThanOrEqual(1280);
    expect(report('thumbs', serious(await axe(page)))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/preview-desktop.png` });
    const label = (await preview.textContent()) ?? '';
    await page.mouse.down();
    await page.mouse.up();
    await expect
      .poll(() => page.getByTestId('viewer-stage').getAttribute('data-index'))
      .toBe(String(Number(await slider.inputValue()) - 1));
    // The counter says the pages the preview named.
    const counter = (await page.getByTestId('viewer-counter').textContent()) ?? '';
    expect(label.replace(/^Pages? /, '')).toBe(counter.replace(/ \/ 320$/, ''));
    await page.context().close();
  });

  for (const [window, lang] of [
    ['desktop', 'eng'],
    ['phone', 'eng'],
    ['phone', 'tha'],
  ] as const) {
    it(`${window}, ${lang}: the strip of every page, the reader's page focused and marked; axe finds nothing serious`, async () => {
      const page = await openLong(vb, window, lang);
      await page.getByTestId('thumbs-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // In the interface's language.
      expect(await dialog.getByRole('heading').textContent()).toBe(lang === 'tha' ? 'ทุกหน้า' : 'All pages');
      const current = dialog.locator('[aria-current=page]');
      await expect.poll(() => current.evaluate((e) => e === document.activeElement)).toBe(true);
      await current.locator('img').waitFor({ timeout: 60_000 });
      expect(await dialog.locator('.thumbs__entry').count()).toBeGreaterThan(150);
      expect(report('thumbs', serious(await axe(page)))).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/strip-${window}-${lang}.png` });
      // The next entry in reading direction, then Enter: the viewer there, the strip closed.
      const rtl = (await page.locator('[data-testid=thumbs-grid]').getAttribute('dir')) === 'rtl';
      await page.keyboard.press(rtl ? 'ArrowLeft' : 'ArrowRight');
      const slot = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.slot);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('viewer-stage').getAttribute('data-index')).toBe(slot);
      await page.context().close();
    });
  }
});

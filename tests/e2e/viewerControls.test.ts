import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE } from '../../core/storageKeys';
import { TAP_LAYOUTS } from '../../core/viewer/tapZones';
import { dbg, openSettings, poll, viewerBrowser, waitFor } from './viewerDriver';

/**
 * The reader's controls on the real viewer: a remapped key pages and survives a
 * reload, a refused key says why, the key help lists the current keys; each tap-zone layout's
 * preview, tapped at the centre of each zone, turns the page (or toggles the bar) as the zone's
 * label says; the mouse's back and forward buttons open the previous and next chapter; reduced
 * motion (the system's, or the setting) moves the camera in one jump, with no position between.
 * Screenshots of the Controls section, the key help and each zone preview at phone and desktop
 * sizes go to .tmp/screenshots/issue17/controls/.
 */
const SHOTS = '.tmp/screenshots/issue17/controls';
const PAGES = ['S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'last'] as const;
const HORIZONTAL = { [STORAGE.viewerMode]: 'horizontal' };
const index = (page: Page) => dbg<{ index: number }>(page, 'd.position()').then((p) => p.index);
const dialog = (page: Page) => page.getByRole('dialog');

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({ state: 'detached' });
}

describe('viewer: controls your way', () => {
  const { openViewer, closeViewer } = viewerBrowser();

  it('a remapped key pages and survives a reload; a refused key says why; the key help lists the keys', async () => {
    const page = await openViewer({ fixture: { pages: [...PAGES] }, storage: HORIZONTAL });
    await openSettings(page);
    const change = dialog(page).getByRole('button', { name: /change the key for “Next page”/ });
    await change.click();
    await page.keyboard.press('s');
    await expect.poll(() => page.getByTestId('viewer-keys-status').textContent()).toContain('already the key for “Settings”');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('viewer-keys-status').textContent()).toContain('kept for paging');
    await page.keyboard.press('n');
    await expect.poll(() => page.getByTestId('viewer-keys-status').textContent()).toBe('Key saved.');
    expect(await change.textContent()).toBe('N');
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.getByTestId('viewer-keys').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/settings-keys-desktop.png` });
    await closeDialog(page);
    await page.keyboard.press('n');
    await poll(() => index(page)).toBe(1);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('ArrowRight');
    await poll(() => index(page)).toBe(2);
    await page.reload();
    await waitFor(page, `(window.__viewerDebug?.position().count ?? 0) > 0`);
    const at = await index(page);
    await page.keyboard.press('n');
    await poll(() => index(page)).toBe(at + 1);
    // The key help shows the key as it is now.
    await page.keyboard.press('?');
    const help = page.getByTestId('viewer-key-help');
    await help.waitFor();
    expect(
      await help
        .getByRole('row', { name: /Next page/ })
        .first()
        .textContent(),
    ).toContain('N');
    await page.screenshot({ path: `${SHOTS}/help-desktop.png` });
    await closeDialog(page);
    await closeViewer(page);
  });

  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ])
    it(`each tap-zone layout turns pages as previewed (${size.name})`, async () => {
      const page = await openViewer({ fixture: { pages: [...PAGES] }, storage: HORIZONTAL, viewport: size });
      for (const layout of TAP_LAYOUTS) {
        await openSettings(page);
        await dialog(page).locator(`input[name="viewer-tap-layout"][value="${layout}"]`).check();
        await closeDialog(page);
        const preview = page.getByTestId('viewer-tap-preview');
        await preview.waitFor();
        await page.screenshot({ path: `${SHOTS}/zones-${layout}-${size.name}.png` });
        const zones = await preview.locator('.viewer-zone').evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { action: el.getAttribute('data-action')!, x: r.x + r.width / 2, y: r.y + r.height / 2 };
          }),
        );
        expect(zones.length).toBeGreaterThan(0);
        for (const z of zones) {
          await dbg(page, `d.send({ type: 'page.goto', index: 3 })`);
          await poll(() => index(page)).toBe(3);
          const nav = (await dbg<{ nav: string }>(page, 'd.state()')).nav;
          await page.mouse.click(z.x, z.y);
          if (z.action === 'menu') await poll(() => dbg<{ nav: string }>(page, 'd.state()').then((s) => s.nav !== nav)).toBe(true);
          else await poll(() => index(page)).toBe(z.action === 'next' ? 4 : 2);
        }
        await preview.getByRole('button', { name: 'Close the tap zones' }).click();
        await preview.waitFor({ state: 'detached' });
        // The bar back for the next layout's settings.
        if ((await dbg<{ nav: string }>(page, 'd.state()')).nav === 'hidden') await page.getByTestId('viewer-stage').press('m');
      }
      await closeViewer(page);
    });

  it('the mouse’s back and forward buttons open the previous and the next chapter', async () => {
    const page = await openViewer({ fixture: { pages: [...PAGES], nextChapterId: 9002 }, storage: HORIZONTAL });
    const cdp = await page.context().newCDPSession(page);
    const press = async (button: 'back' | 'forward') => {
      for (const type of ['mousePressed', 'mouseReleased'] as const)
        await cdp.send('Input.dispatchMouseEvent', { type, x: 640, y: 400, button, clickCount: 1 });
    };
    await press('back');
    await poll(() => new URL(page.url()).pathname).toBe('/viewer/9000');
    await waitFor(page, `(window.__viewerDebug?.position().count ?? 0) > 0`);
    // Chapter 9000's next is 9002 in the fixture (its end page names it).
    await press('forward');
    await poll(() => new URL(page.url()).pathname).toBe('/viewer/9002');
    await closeViewer(page);
  });

  /** The camera's distinct x positions over one page turn. */
  async function turnTrace(page: Page): Promise<number[]> {
    await waitFor(page, 'window.__viewerDebug.settled()');
    await dbg(page, 'd.traceCamera()');
    await page.keyboard.press('ArrowRight');
    await waitFor(page, `window.__viewerDebug.settled() && window.__viewerDebug.cameraTrace().length > 1`);
    const xs = await dbg<Array<{ x: number }>>(page, 'd.cameraTrace()');
    return [...new Set(xs.map((c) => Math.round(c.x)))];
  }

  /** The settings say whether motion is reduced now (the system's preference arrives as it changes). */
  async function expectMotion(page: Page, said: string) {
    await openSettings(page);
    await poll(() => page.getByTestId('viewer-motion-effective').textContent()).toBe(said);
    await closeDialog(page);
  }

  it('reduced motion, from the system or the setting: a page turn is one jump, no positions between', async () => {
    const page = await openViewer({ fixture: { pages: [...PAGES] }, storage: HORIZONTAL });
    expect((await turnTrace(page)).length).toBeGreaterThan(2);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectMotion(page, 'Motion is reduced now: pages change at once.');
    expect(await turnTrace(page)).toHaveLength(2);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expectMotion(page, 'Pages glide when they change.');
    expect((await turnTrace(page)).length).toBeGreaterThan(2);
    await openSettings(page);
    await dialog(page).locator('input[name="viewer-motion"][value="reduce"]').check();
    await closeDialog(page);
    expect(await turnTrace(page)).toHaveLength(2);
    await closeViewer(page);
  });
});

import axeCore from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE } from '../../core/storageKeys';
import { dbg, openSettings, poll, viewerBrowser } from './viewerDriver';

/**
 * The viewer for screen readers and keyboards: the DOM layer names each page on screen
 * ("Page 2 of 8, <chapter>, <title>") over where it is drawn, the live region says the page the
 * reader turned to, the settings dialog keeps Tab inside and gives focus back; axe-core finds no
 * serious or critical violation with the settings modal, the key help or the tap-zone preview
 * open, at phone and desktop sizes.
 */
const AXE = axeCore.source;
const PAGES = ['S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'last'] as const;
const HORIZONTAL = { [STORAGE.viewerMode]: 'horizontal' };

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: unknown[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP stays as served.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const vs = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } };
    const r = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3) }));
  });
  return vs
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

describe('viewer: screen readers and keyboards', () => {
  const { openViewer, closeViewer } = viewerBrowser();

  it('names the pages on screen over where they are drawn and announces page changes', async () => {
    const page = await openViewer({ fixture: { pages: [...PAGES] }, storage: HORIZONTAL });
    const labels = () => page.locator('[data-page-label]');
    await poll(() => labels().count()).toBeGreaterThan(0);
    const name = await labels().first().getAttribute('aria-label');
    expect(name).toMatch(/^Page 1 of 8, .+, .+$/);
    // Over the page as drawn.
    const rects = await dbg<Array<{ item: number; x: number; y: number; w: number; h: number }>>(page, 'd.rects()');
    const box = (await labels().first().boundingBox())!;
    const r = rects.find((x) => x.item === 0)!;
    const stage = (await page.getByTestId('viewer-stage').boundingBox())!;
    expect(Math.abs(box.x - stage.x - r.x)).toBeLessThan(2);
    expect(Math.abs(box.width - r.w)).toBeLessThan(2);
    await page.keyboard.press('ArrowRight');
    await poll(() => page.getByTestId('viewer-announcer').textContent()).toBe('Page 2 of 8');
    await poll(() => labels().first().getAttribute('aria-label')).toMatch(/^Page 2 of 8/);
    await closeViewer(page);
  });

  it('the settings dialog keeps Tab inside and gives focus back', async () => {
    const page = await openViewer({ fixture: { pages: [...PAGES] }, storage: HORIZONTAL });
    await page.getByTestId('viewer-settings-button').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('viewer-settings-button');
    await closeViewer(page);
  });

  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ])
    it(`axe: no serious or critical violation with the settings, the key help or the tap-zone preview open (${size.name})`, async () => {
      const page = await openViewer({ fixture: { pages: [...PAGES] }, storage: HORIZONTAL, viewport: size });
      await openSettings(page);
      // Nothing in the dialog runs past its edge (fieldsets are as wide as their content unless told otherwise).
      const overflow = await page.getByRole('dialog').evaluate((d) => {
        const edge = d.getBoundingClientRect().right;
        return [...d.querySelectorAll('fieldset, .viewer-range')]
          .filter((el) => el.getBoundingClientRect().right > edge + 0.5)
          .map((el) => el.getAttribute('data-testid') ?? el.className);
      });
      expect(overflow).toEqual([]);
      await page.getByTestId('viewer-controls').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/screenshots/issue17/controls/settings-controls-${size.name}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('dialog').locator('input[name="viewer-tap-layout"][value="kindle"]').check();
      await page.keyboard.press('Escape');
      await page.getByTestId('viewer-tap-preview').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Close the tap zones' }).click();
      await page.keyboard.press('?');
      await page.getByTestId('viewer-key-help').waitFor();
      await page.screenshot({ path: `.tmp/screenshots/issue17/controls/help-${size.name}.png` });
      expect(await seriousViolations(page)).toEqual([]);
      await closeViewer(page);
    });
});

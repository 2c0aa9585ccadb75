import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE } from '../../core/storageKeys';
import { autoScrollMachine } from '../../machines/autoScrollMachine';
import { runInBrowser, type BrowserDriver, type Ev } from './browserModel';
import { dbg, viewerBrowser, waitFor } from './viewerDriver';

/**
 * Auto-scroll on the real viewer: the machine's paths run as a
 * reader would (the bar's play, − and + buttons, a tap on the page, the
 * chapter menu opened and closed, the direction key, the system's reduced
 * motion, End), and at each step the bar says what the model says (Start,
 * Stop or Resume; the speed), a steady scroll moves the page down, a timed
 * turn goes to the next page. Every state and transition is covered.
 */
const PAGES = ['S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'S', 'last'] as const;
type In = { mode: 'vertical' | 'horizontal'; reduced: boolean; level: number };
const INPUT: In = { mode: 'vertical', reduced: false, level: 9 };

const pos = (page: Page) => dbg<{ index: number; count: number; scrollY: number; mode: string }>(page, 'd.position()');

/** The bar shown (the page tap that paused may have hidden it). */
async function showBar(page: Page) {
  const hidden = () => page.getByTestId('reader-tools').evaluate((el) => el.classList.contains('is-hidden'));
  // The bar key toggles: pressed again if a press landed while the bar was changing (bounded: 3 presses, 1 s each).
  for (let press = 0; await hidden(); press++) {
    if (press >= 3) throw new Error('the bar never showed (3 presses of m)');
    await page.keyboard.press('m');
    for (let i = 0; i < 20 && (await hidden()); i++) await page.waitForTimeout(50);
  }
}

/** What the events so far leave: the mode and motion the viewer has, whether the last pause was the menu's. */
function replay(before: Ev[]) {
  let mode = INPUT.mode as string;
  let reduced = INPUT.reduced;
  let menu = false;
  for (const e of before) {
    if (e.type === 'mode.changed') mode = e.mode as string;
    if (e.type === 'motion.changed') reduced = e.reduced as boolean;
    if (e.type === 'autoscroll.pause') menu = e.reason === 'menu';
    if (e.type === 'autoscroll.resume' || e.type === 'autoscroll.toggle') menu = false;
  }
  return { mode, reduced, menu };
}

describe('auto-scroll on the real viewer', () => {
  const { openViewer, closeViewer } = viewerBrowser();

  it('runs every path of the auto-scroll machine', async () => {
    const click = async (page: Page, id: string) => {
      // Scrolling hides the bar: under load it could hide between showing it and a press at its place, which then
      // fell through to the page as a tap. The press is made in the page in the same task that sees the bar shown
      // (bounded: 5 tries).
      for (let tries = 0; ; tries++) {
        if (tries >= 5) throw new Error(`the bar hid before ${id} could be pressed (5 tries)`);
        await showBar(page);
        const pressed = await page.evaluate((testId) => {
          if (document.querySelector('[data-testid=reader-tools]')?.classList.contains('is-hidden')) return false;
          (document.querySelector(`[data-testid=${testId}]`) as HTMLButtonElement).click();
          return true;
        }, id);
        if (pressed) return;
      }
    };
    const driver: BrowserDriver<In> = {
      open: () =>
        openViewer({
          fixture: { pages: [...PAGES] },
          storage: { [STORAGE.viewerMode]: 'vertical', [STORAGE.autoScrollLevel]: String(INPUT.level) },
        }),
      close: closeViewer,
      describe: async (page) => ({ position: await pos(page), bar: await page.getByTestId('autoscroll').textContent() }),
      events: {
        'autoscroll.toggle': (page) => click(page, 'autoscroll-toggle'),
        'autoscroll.faster': (page) => click(page, 'autoscroll-faster'),
        'autoscroll.slower': (page) => click(page, 'autoscroll-slower'),
        'autoscroll.pause': async (page, e) => {
          if (e.reason === 'menu') {
            await page.keyboard.press('c');
            await page.getByTestId('viewer-chapter-menu').waitFor();
            return;
          }
          const b = (await page.getByTestId('viewer-stage').boundingBox())!;
          await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
        },
        'autoscroll.resume': async (page) => {
          await page.keyboard.press('Escape');
          await page.getByTestId('viewer-chapter-menu').waitFor({ state: 'detached' });
        },
        'autoscroll.elapsed': async (page) => {
          const from = (await pos(page)).index;
          await waitFor(page, `window.__viewerDebug.position().index > ${from}`);
        },
        'autoscroll.ended': async (page) => {
          await page.keyboard.press('End');
        },
        'mode.changed': async (page, e, _input, before) => {
          if (replay(before).mode === e.mode) return;
          await page.keyboard.press('d');
          await waitFor(page, `window.__viewerDebug.position().mode === '${String(e.mode)}'`);
        },
        'motion.changed': async (page, e) => {
          await page.emulateMedia({ reducedMotion: e.reduced ? 'reduce' : 'no-preference' });
        },
      },
      check: async (page, s) => {
        const value = JSON.stringify(s.value);
        const label = value === '"off"' ? 'Start auto-scroll' : value.includes('paused') ? 'Resume auto-scroll' : 'Stop auto-scroll';
        await waitFor(page, `document.querySelector('[data-testid=autoscroll-toggle]')?.getAttribute('aria-label') === '${label}'`);
        expect(await page.getByTestId('autoscroll-level').textContent()).toBe(`Speed ${(s.context as { level: number }).level}`);
        if (value.includes('scrolling')) {
          const y = (await pos(page)).scrollY;
          await waitFor(page, `window.__viewerDebug.position().scrollY > ${y}`);
        }
      },
    };
    const n = await runInBrowser(
      autoScrollMachine,
      {
        name: 'autoScroll',
        inputs: [INPUT],
        events: [
          { type: 'autoscroll.toggle' },
          { type: 'autoscroll.faster' },
          { type: 'autoscroll.slower' },
          { type: 'autoscroll.pause', reason: 'tap' },
          { type: 'autoscroll.pause', reason: 'menu' },
          { type: 'autoscroll.resume' },
          { type: 'autoscroll.elapsed' },
          { type: 'autoscroll.ended' },
          { type: 'mode.changed', mode: 'horizontal' },
          { type: 'mode.changed', mode: 'vertical' },
          { type: 'motion.changed', reduced: true },
          { type: 'motion.changed', reduced: false },
        ],
        // States differ by where the machine is; one long walk takes every way out of each.
        serializeState: (st) => JSON.stringify(st.value),
        sequences: () => [
          [
            { type: 'mode.changed', mode: 'horizontal' },
            { type: 'mode.changed', mode: 'vertical' },
            { type: 'motion.changed', reduced: true },
            { type: 'motion.changed', reduced: false },
            { type: 'autoscroll.slower' },
            { type: 'autoscroll.faster' },
            { type: 'autoscroll.toggle' },
            { type: 'autoscroll.faster' },
            { type: 'autoscroll.slower' },
            { type: 'motion.changed', reduced: true },
            { type: 'motion.changed', reduced: false },
            { type: 'mode.changed', mode: 'horizontal' },
            { type: 'autoscroll.faster' },
            { type: 'autoscroll.slower' },
            { type: 'autoscroll.elapsed' },
            { type: 'autoscroll.pause', reason: 'tap' },
            { type: 'autoscroll.toggle' },
            { type: 'mode.changed', mode: 'vertical' },
            { type: 'autoscroll.pause', reason: 'tap' },
            { type: 'autoscroll.pause', reason: 'menu' },
            { type: 'autoscroll.resume' },
            { type: 'autoscroll.pause', reason: 'tap' },
            { type: 'autoscroll.toggle' },
            { type: 'autoscroll.toggle' },
            { type: 'autoscroll.toggle' },
            { type: 'autoscroll.ended' },
          ],
        ],
        skipStep: (from, e, _input, before) => {
          const { menu } = replay(before);
          // With the chapter menu open only closing it (or the system's motion) reaches the viewer.
          if (from.includes('paused') && menu) return !['autoscroll.resume', 'motion.changed'].includes(e.type);
          // Only the menu closing resumes; a paused viewer runs no frame or timer to see the chapter's end.
          if (e.type === 'autoscroll.resume' || (from.includes('paused') && e.type === 'autoscroll.ended')) return true;
          // At the chapter's end a new start ends at once (the reader goes back first).
          return e.type === 'autoscroll.toggle' && before.some((x) => x.type === 'autoscroll.ended');
        },
      },
      driver,
    );
    expect(n).toBeGreaterThanOrEqual(3);
  });

  it('is in the reader key map: a, - and + by default, listed in the key help', async () => {
    const page = await openViewer({
      fixture: { pages: [...PAGES] },
      storage: { [STORAGE.viewerMode]: 'vertical', [STORAGE.autoScrollLevel]: '5' },
    });
    const label = () => page.getByTestId('autoscroll-toggle').getAttribute('aria-label');
    await page.keyboard.press('a');
    await expect.poll(label).toBe('Stop auto-scroll');
    await page.keyboard.press('-');
    await expect.poll(() => page.getByTestId('autoscroll-level').textContent()).toBe('Speed 4');
    await page.keyboard.press('+');
    await expect.poll(() => page.getByTestId('autoscroll-level').textContent()).toBe('Speed 5');
    await page.keyboard.press('a');
    await expect.poll(label).toBe('Start auto-scroll');
    await page.keyboard.press('?');
    const help = page.getByTestId('viewer-key-help');
    await help.waitFor();
    expect(
      await help
        .getByRole('row', { name: /Start or stop auto-scroll/ })
        .locator('kbd')
        .textContent(),
    ).toMatch(/^a$/i);
    expect(
      await help
        .getByRole('row', { name: /Auto-scroll faster/ })
        .locator('kbd')
        .textContent(),
    ).toBe('+');
    await closeViewer(page);
  });
});

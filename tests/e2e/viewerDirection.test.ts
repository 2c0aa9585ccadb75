import { describe, expect, it } from 'vitest';
import { viewerModeMachine } from '../../machines/viewerModeMachine';
import { modeOf } from '../../core/viewer/viewerMode';
import { STORAGE } from '../../core/storageKeys';
import { runInBrowser, type BrowserDriver, type Ev } from './browserModel';
import { closeMenu, dbg, openSettings, poll, viewerBrowser, waitFor } from './viewerDriver';

/**
 * The reading-direction (viewer mode) machine's paths run in Chromium on the real viewer with a controlled
 * chapter (viewerDriver.ts): the stored choice, chapters forced to one direction, the settings toggle and its
 * toast (its timer driven by hand), refetched chapter data.
 * At every step the viewer's own state and what it shows must be what the
 * model says; every state and transition of the machine is covered.
 */
describe('viewer machines on the real viewer: reading direction', () => {
  const { openViewer, closeViewer, of } = viewerBrowser();

  it('reading direction: stored choice, forced directions, the settings toggle and its toast, refetched data', async () => {
    type In = { stored?: 'horizontal' | null; verticalOnly?: boolean; horizontalOnly?: boolean };
    const driver: BrowserDriver<In> = {
      open: (input) =>
        openViewer({
          fixture: {
            pages: ['S', 'S', 'S', 'S', 'S', 'S', 'last'],
            verticalOnly: !!input.verticalOnly,
            horizontalOnly: !!input.horizontalOnly,
          },
          storage: input.stored ? { [STORAGE.viewerMode]: input.stored } : {},
        }),
      close: closeViewer,
      describe: (page) => dbg(page, 'd.state()'),
      events: {
        'mode.set': async (page, e) => {
          await openSettings(page);
          await page
            .getByTestId('viewer-direction')
            .locator(`input[value=${String(e.mode)}]`)
            .check();
          await closeMenu(page);
        },
        // New data for the same chapter: a resolution change refetches it.
        'chapter.loaded': async (page) => {
          const n = of(page).fx.viewerQueries.length;
          await openSettings(page);
          const low = page.getByTestId('viewer-resolution').locator('input[value=low]');
          await ((await low.isChecked()) ? page.getByTestId('viewer-resolution').locator('input[value=medium]') : low).check();
          await closeMenu(page);
          await poll(() => of(page).fx.viewerQueries.length).toBe(n + 1);
          await waitFor(page, `document.querySelector('main[data-screen=viewer]')?.dataset.state === 'ready'`);
        },
        'toast.elapsed': (page) => dbg(page, 'd.elapseToastTimer()'),
      },
      async check(page, s, _input, before) {
        const value = String(s.value);
        await waitFor(page, `window.__viewerDebug?.state().mode === ${JSON.stringify(value)}`);
        const mode = modeOf(value);
        expect(await page.locator('.viewer__frame').getAttribute('data-mode')).toBe(mode);
        await waitFor(page, `window.__viewerDebug.position().mode === ${JSON.stringify(mode)}`);
        const { toast } = s.context as { toast: boolean };
        expect(await page.locator('.viewer__toast').count()).toBe(toast ? 1 : 0);
        if (toast) expect(await page.locator('.viewer__toast').textContent()).toMatch(mode === 'vertical' ? /vertical/i : /horizontal/i);
        if (before.some((b) => b.type === 'mode.set'))
          expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE.viewerMode)).toBe(value);
        // The settings offer only what the chapter allows.
        if (value === 'verticalOnly' || value === 'horizontalOnly') {
          await openSettings(page);
          const other = page
            .getByTestId('viewer-direction')
            .locator(`input[value=${value === 'verticalOnly' ? 'horizontal' : 'vertical'}]`);
          expect(await other.isDisabled()).toBe(true);
          await closeMenu(page);
        }
      },
    };
    const loaded = (verticalOnly: boolean, horizontalOnly: boolean): Ev => ({ type: 'chapter.loaded', verticalOnly, horizontalOnly });
    const flags = (i: In) => [!!i.verticalOnly, !!i.horizontalOnly] as const;
    await runInBrowser(
      viewerModeMachine,
      {
        name: 'viewerMode',
        inputs: [{ stored: null }, { stored: 'horizontal' }, { verticalOnly: true }, { horizontalOnly: true }] satisfies In[],
        events: [
          { type: 'mode.set', mode: 'horizontal' },
          { type: 'mode.set', mode: 'vertical' },
          loaded(false, false),
          loaded(true, false),
          loaded(false, true),
          { type: 'toast.elapsed' },
        ],
        // Refetched data is the same chapter's: its constraints do not change.
        skipStep: (_from, e, input) =>
          e.type === 'chapter.loaded' && (e.verticalOnly !== flags(input as In)[0] || e.horizontalOnly !== flags(input as In)[1]),
        sequences: (input) => {
          const i = input as In;
          const [v, h] = flags(i);
          return i.stored === null
            ? [[{ type: 'mode.set', mode: 'horizontal' }, { type: 'toast.elapsed' }, loaded(v, h)]]
            : [[loaded(v, h)]];
        },
      },
      driver,
    );
  });
});

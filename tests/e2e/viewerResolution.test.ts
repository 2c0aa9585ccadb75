import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageResolutionMachine } from '../../machines/pageResolutionMachine';
import { QUALITY_OF } from '../../core/viewer/imageQuality';
import { STORAGE } from '../../core/storageKeys';
import { runInBrowser, type BrowserDriver, type Ev } from './browserModel';
import { FIXTURE_ERROR } from './viewerFixture';
import { closeMenu, openSettings, poll, viewerBrowser, waitFor } from './viewerDriver';

/**
 * The page-resolution machine's paths run in Chromium on the real viewer with a controlled
 * chapter (viewerDriver.ts): the first chapter load (held and released by the test), its failure alert and
 * retry, another resolution from the settings, another chapter from the chapter menu.
 * At every step the viewer's own state and what it shows must be what the
 * model says; every state and transition of the machine is covered.
 */
describe('viewer machines on the real viewer: page resolution', () => {
  const { openViewer, closeViewer, of } = viewerBrowser();

  it('page resolution: first load, its failure alert and retry, another resolution, another chapter', async () => {
    const ready = (page: Page) => page.locator('main[data-screen=viewer]');
    const driver: BrowserDriver<{ chapterId: number; stored: null }> = {
      open: () => openViewer({ fixture: { pages: ['S', 'S', 'S', 'S', 'last'], holdViewer: true }, waitLoaded: false }),
      close: closeViewer,
      describe: async (page) => ({
        state: await ready(page).getAttribute('data-state'),
        pending: of(page).fx.pendingViewer(),
        alerts: of(page).alerts,
      }),
      events: {
        'viewer.loaded': async (page) => {
          await poll(() => of(page).fx.pendingViewer()).toBeGreaterThan(0);
          of(page).fx.releaseViewer(true);
        },
        'viewer.failed': async (page) => {
          await poll(() => of(page).fx.pendingViewer()).toBeGreaterThan(0);
          const n = of(page).alerts.length;
          of(page).fx.releaseViewer(false);
          await poll(() => of(page).alerts.length).toBe(n + 1);
        },
        'viewer.retry': async (page) => {
          const bar = page.getByTestId('viewer-failbar');
          if (await bar.count()) await bar.getByRole('button').click();
          else await page.getByTestId('viewer-retry').click();
        },
        'resolution.set': async (page, e) => {
          await openSettings(page);
          await page
            .getByTestId('viewer-resolution')
            .locator(`input[value=${String(e.resolution)}]`)
            .check();
          await closeMenu(page);
        },
        'chapter.open': async (page, e) => {
          await page.getByTestId('viewer-chapter-button').click();
          await page.getByTestId('viewer-chapter-menu').getByRole('button', { name: '#002' }).click();
          await page.waitForURL(`**/viewer/${String(e.chapterId)}`);
        },
      },
      async check(page, s, _input, before) {
        const value = String(s.value);
        const ctx = s.context as { resolution: 'low' | 'medium' | 'high'; chapterId: number };
        await waitFor(page, `document.querySelector('main[data-screen=viewer]')?.dataset.state === ${JSON.stringify(value)}`);
        const { fx, alerts } = of(page);
        const quality = QUALITY_OF[ctx.resolution];
        const shown = before.some((b) => b.type === 'viewer.loaded');
        if (value === 'loading') {
          // The request for this chapter at this quality is out (held by the test).
          await poll(() => fx.pendingViewer()).toBeGreaterThan(0);
          const q = fx.viewerQueries.at(-1)!;
          expect([q.get('chapter_id'), q.get('img_quality'), q.get('split')]).toEqual([String(ctx.chapterId), quality, 'yes']);
          if (shown && before.at(-1)?.type !== 'chapter.open') await page.locator('.viewer__spinner').waitFor();
          else await page.locator('.viewer__status[aria-busy=true]').waitFor();
        } else if (value === 'ready') {
          await page.getByTestId('viewer-stage').waitFor();
          await waitFor(page, `(window.__viewerDebug?.position().count ?? 0) > 0`);
          expect(fx.viewerQueries.at(-1)!.get('img_quality')).toBe(quality);
          expect(new URL(page.url()).pathname).toBe(`/viewer/${ctx.chapterId}`);
          expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE.pageResolution)).toBe(
            ctx.resolution === 'medium' && !before.some((b) => b.type === 'resolution.set') ? null : ctx.resolution,
          );
          expect(await page.getByTestId('viewer-failbar').count()).toBe(0);
        } else {
          // The alert said the English popup's body (the service language is English), and a retry is offered
          // (the failure is the server's error answer, which retrying can cure), with a way home on the error page.
          expect(alerts.at(-1)).toBe(FIXTURE_ERROR.english);
          const bar = page.getByTestId('viewer-failbar');
          if (await bar.count()) expect(await bar.getByRole('button').isVisible()).toBe(true);
          else {
            expect(await page.getByTestId('viewer-retry').isVisible()).toBe(true);
            expect(await page.getByTestId('viewer-back-home').isVisible()).toBe(true);
          }
        }
      },
    };
    const set = (resolution: string): Ev => ({ type: 'resolution.set', resolution });
    await runInBrowser(
      pageResolutionMachine,
      {
        name: 'pageResolution',
        inputs: [{ chapterId: 9001, stored: null }],
        events: [
          { type: 'viewer.loaded' },
          { type: 'viewer.failed' },
          { type: 'viewer.retry' },
          set('low'),
          set('high'),
          { type: 'chapter.open', chapterId: 9000 },
        ],
        // The chapter menu and the settings live on a shown chapter.
        skipStep: (from, e, _input, before) =>
          (e.type === 'chapter.open' && from !== 'ready') ||
          (e.type === 'resolution.set' && from === 'failed' && !before.some((b) => b.type === 'viewer.loaded')),
        sequences: [
          [{ type: 'viewer.loaded' }, set('low'), { type: 'viewer.failed' }, set('high'), { type: 'viewer.loaded' }],
          [{ type: 'viewer.loaded' }, { type: 'chapter.open', chapterId: 9000 }, { type: 'viewer.loaded' }],
        ],
      },
      driver,
    );
  });
});

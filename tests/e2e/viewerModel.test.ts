import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AnyStateMachine } from 'xstate';
import { viewerNavBarMachine } from '../../machines/viewerNavBarMachine';
import { viewerMenusMachine } from '../../machines/viewerMenusMachine';
import { recordCoverage, stateKeys, transitionKeys, type CoverageExceptions } from '../model/coverage';
import { generatePaths, type UiModelOptions } from '../model/uiModel';
import { launchBrowser, newContext } from './harness';
import { attachViewerHarness } from './viewerHarness';
import type { ViewerDebug } from '../../src/viewer/testing/harness';
import { e2eBase } from './base';

/**
 * Paths generated from the viewer's machines, executed in Chromium on the
 * real viewer with a demo chapter: each step is done as a reader would
 * (tap the centre, open a menu, press End), then the viewer's own state
 * (window.__viewerDebug.state()) and what is on screen must match.
 */
/** The harness's figures (src/viewer/testing/harness.ts) as the page has them. */
type Dbg = ViewerDebug;

async function runInBrowser(
  browser: Browser,
  url: string,
  machine: AnyStateMachine,
  opts: UiModelOptions,
  events: Record<string, (page: Page, e: Record<string, unknown>) => Promise<unknown>>,
  check: (page: Page, value: string) => Promise<void>,
) {
  const paths = generatePaths(machine, opts);
  for (const p of paths) {
    const ctx = await newContext(browser, 'desktop', url);
    // The viewer's timers are driven by the test (__viewerDebug.elapseNavTimer).
    await attachViewerHarness(ctx, { clocks: 'manual' });
    const page = await ctx.newPage();
    await page.goto(url);
    // The chapter is laid out (its pages counted) before the reader acts.
    await page.waitForFunction(() => ((window as unknown as { __viewerDebug?: Dbg }).__viewerDebug?.position().count ?? 0) > 0);
    for (const step of p.steps) {
      const ev = step.event as Record<string, unknown> & { type: string };
      const s = step.state as { value: unknown; _nodes?: Array<{ always?: unknown[] }> };
      try {
        if (!ev.type.startsWith('xstate.')) await events[ev.type](page, ev);
        if (s._nodes?.some((n) => (n.always?.length ?? 0) > 0)) continue;
        await check(page, String(s.value));
      } catch (e) {
        const now = await page.evaluate(() => (window as unknown as { __viewerDebug?: Dbg }).__viewerDebug?.state()).catch(() => null);
        throw new Error(
          `${opts.name}: ${JSON.stringify(ev)} → expected ${String(s.value)}, viewer says ${JSON.stringify(now)}; path ${p.steps.map((x) => x.event.type).join(' → ')}: ${(e as Error).message.split('\n')[0]}`,
          { cause: e },
        );
      }
    }
    await ctx.close();
  }
  const ex: CoverageExceptions = opts.exceptions ?? {};
  const got = recordCoverage(opts.name, machine, paths, ex);
  expect(stateKeys(machine).filter((s) => !got.states.includes(s) && !ex.states?.[s])).toEqual([]);
  expect(transitionKeys(machine).filter((t) => !got.transitions.includes(t) && !ex.transitions?.[t])).toEqual([]);
}

describe('viewer machines on the real viewer', () => {
  const base = e2eBase();
  let browser: Browser;
  let url = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    const r = await fetch(`${base}/api/title_detailV3?format=json&title_id=100017`);
    const d = (await r.json()) as {
      success: { titleDetailView: { chapterListGroup: Array<{ firstChapterList: Array<{ chapterId: number }> }> } };
    };
    url = `${base}/viewer/${d.success.titleDetailView.chapterListGroup[0].firstChapterList[0].chapterId}`;
  });
  afterAll(async () => {
    await browser?.close();
  });

  const dbgState = (page: Page) => page.evaluate(() => (window as unknown as { __viewerDebug: Dbg }).__viewerDebug.state());
  const waitState = async (page: Page, key: 'nav' | 'menus', value: string) => {
    await page.waitForFunction(([k, v]) => (window as unknown as { __viewerDebug: Dbg }).__viewerDebug.state()[k] === v, [
      key,
      value,
    ] as const);
  };
  const tapCentre = async (page: Page) => {
    const box = (await page.getByTestId('viewer-stage').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  };

  it('navigation bar: opening, auto-hide after 2 s, tap toggles, forced near the end', async () => {
    await runInBrowser(
      browser,
      url,
      viewerNavBarMachine,
      {
        name: 'viewerNavBar',
        inputs: [{}],
        events: [
          { type: 'navbar.tap' },
          { type: 'navbar.elapsed' },
          { type: 'menu.toggled' },
          { type: 'page.changed', nearEnd: true },
          { type: 'page.changed', nearEnd: false },
        ],
        skipStep: (from, e) => from === 'hidden' && e.type === 'menu.toggled',
        exceptions: {
          transitions: {
            'viewerNavBar.hidden menu.toggled#0':
              'the menus open from the header, which is hidden in this state; no reader action sends it',
          },
        },
      },
      {
        'navbar.tap': (page) => tapCentre(page),
        // The 2000 ms auto-hide timer, fired by hand.
        'navbar.elapsed': (page) =>
          page.evaluate(() => (window as unknown as { __viewerDebug: { elapseNavTimer(): boolean } }).__viewerDebug.elapseNavTimer()),
        'menu.toggled': async (page) => {
          await page.getByTestId('viewer-settings-button').click();
          await page.keyboard.press('Escape');
        },
        'page.changed': (page, e) => page.keyboard.press(e.nearEnd ? 'End' : 'Home'),
      },
      async (page, value) => {
        await waitState(page, 'nav', value);
        const hidden = await page.getByTestId('viewer-header').getAttribute('aria-hidden');
        expect(hidden).toBe(value === 'hidden' ? 'true' : 'false');
      },
    );
  });

  it('menus: settings, language and chapter menu, mutually exclusive', async () => {
    const opener: Record<string, string> = {
      settings: 'viewer-settings-button',
      language: 'viewer-language-button',
      chapters: 'viewer-chapter-button',
    };
    await runInBrowser(
      browser,
      url,
      viewerMenusMachine,
      {
        name: 'viewerMenus',
        events: [
          { type: 'menu.open', menu: 'settings' },
          { type: 'menu.open', menu: 'language' },
          { type: 'menu.open', menu: 'chapters' },
          { type: 'menu.close' },
        ],
        sequences: [
          [{ type: 'menu.open', menu: 'settings' }, { type: 'menu.close' }],
          [{ type: 'menu.open', menu: 'language' }, { type: 'menu.close' }],
          [{ type: 'menu.open', menu: 'chapters' }, { type: 'menu.close' }],
        ],
      },
      {
        'menu.open': async (page, e) => {
          // The header must be showing to reach its buttons: tap it back if it hid.
          if ((await dbgState(page)).nav === 'hidden') await tapCentre(page);
          await page.getByTestId(opener[e.menu as string]).click();
        },
        'menu.close': async (page) => {
          if ((await dbgState(page)).menus === 'chapters')
            await page.getByTestId('viewer-chapter-menu').getByRole('button', { name: 'Close' }).click();
          else await page.keyboard.press('Escape');
        },
      },
      async (page, value) => {
        await waitState(page, 'menus', value);
        const dialogs = await page.getByRole('dialog').count();
        const side = await page.getByTestId('viewer-chapter-menu').count();
        expect(dialogs + side).toBe(value === 'closed' ? 0 : 1);
        if (value === 'chapters') expect(side).toBe(1);
        // What the machine allows is what the reader can do: with a menu open, no header button can be
        // pressed (the menu or its backdrop is what sits on each one), so an open menu only closes.
        if (value !== 'closed')
          for (const id of Object.values(opener)) {
            const covered = await page.getByTestId(id).evaluate((b) => {
              const r = b.getBoundingClientRect();
              const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
              return !top || !b.contains(top);
            });
            expect(covered, id).toBe(true);
          }
      },
    );
  });
});

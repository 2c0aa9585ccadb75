import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { installFixture, sourceColor, type FixtureOptions } from './viewerFixture';
import { viewerBrowser } from './viewerBrowser';

/**
 * Reading a chapter as a person would, in Chromium on the real viewer with a
 * controlled chapter (flat-colour quadrant pages, so the canvas can be read
 * back and compared with the decrypted source): what is drawn, swipes with
 * the mouse and with a finger on a right-to-left chapter, keys, tap zones,
 * the slider, resuming, the end page, the auto-hiding bar on Playwright's
 * clock. Screenshots go to .tmp/screenshots/viewer/.
 */
type Rect = { item: number; x: number; y: number; w: number; h: number; image: boolean };
const SHOTS = '.tmp/screenshots/viewer';

describe('reading a chapter', () => {
  const vb = viewerBrowser(SHOTS);

  const dbg = <T>(page: Page, expr: string): Promise<T> =>
    page.evaluate<T>(`(() => { const d = window.__viewerDebug; return d ? (${expr}) : undefined; })()`);
  const until = async (page: Page, expr: string) => {
    for (let i = 0; ; i++) {
      if (await page.evaluate(`(() => { try { return !!(${expr}); } catch { return false; } })()`)) return;
      if (i > 300) throw new Error(`never held: ${expr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  async function open(o: FixtureOptions, kind: 'desktop' | 'phone' = 'desktop'): Promise<{ page: Page; ctx: BrowserContext }> {
    const { ctx, page } = await vb.open({
      window: kind,
      prepare: async (c) => {
        await c.addInitScript(
          `if (!sessionStorage.getItem('__seeded')) { sessionStorage.setItem('__seeded', '1'); localStorage.setItem('viewer_mode', 'horizontal'); }`,
        );
        await installFixture(c, o);
      },
    });
    await page.goto(`/viewer/${o.chapterId ?? 9001}`);
    await until(page, `(window.__viewerDebug?.position().count ?? 0) > 0`);
    return { page, ctx };
  }

  /** Waits until the items are drawn from their images and the camera rests; returns their screen rects. */
  async function drawn(page: Page, items: number[]): Promise<Rect[]> {
    await until(
      page,
      `(() => { const r = window.__viewerDebug.rects(); return ${JSON.stringify(items)}.every((i) => r.some((x) => x.item === i && x.image)) && window.__viewerDebug.settled(); })()`,
    );
    const rects = await dbg<Rect[]>(page, 'd.rects()');
    return items.map((i) => rects.find((r) => r.item === i)!);
  }

  /** The canvas at the centre of each quadrant of the page equals the source image there. */
  async function expectPage(page: Page, r: Rect) {
    for (const [u, v] of [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ] as const) {
      const px = await dbg<number[]>(page, `d.samplePixel(${r.x + r.w * u}, ${r.y + r.h * v})`);
      const want = sourceColor(r.item, u, v);
      for (let k = 0; k < 3; k++)
        expect(
          Math.abs(px[k] - want[k]),
          `page ${r.item} at (${u}, ${v}): drew ${px.join(',')}, source ${want.join(',')}`,
        ).toBeLessThanOrEqual(8);
    }
  }

  it('draws each decrypted page where the spread puts it: a pair side by side, a DOUBLE alone', async () => {
    const { page, ctx } = await open({ pages: ['S', 'S', 'S', 'D', 'S', 'last'] });
    const [p0] = await drawn(page, [0]);
    await expectPage(page, p0);
    await page.keyboard.press('ArrowRight');
    await until(page, `window.__viewerDebug.position().index === 1`);
    const [a, b] = await drawn(page, [1, 2]);
    // Left to right: page 2 on the left, page 3 on the right, together filling the height.
    expect(a.x + a.w).toBeLessThanOrEqual(b.x + 1);
    await expectPage(page, a);
    await expectPage(page, b);
    await page.screenshot({ path: `${SHOTS}/spread-desktop.png` });
    await page.keyboard.press('ArrowRight');
    const [d] = await drawn(page, [3]);
    expect(d.w / d.h).toBeCloseTo(960 / 672, 1);
    await expectPage(page, d);
    await ctx.close();
  });

  it('right to left: mouse drags, finger swipes, keys, tap zones and the slider all read leftwards', async () => {
    const pages: FixtureOptions['pages'] = ['S', 'S', 'S', 'S', 'S', 'S', 'S', 'last'];
    const { page, ctx } = await open({ pages, rtl: true });
    expect(await page.locator('.viewer__frame').getAttribute('data-rtl')).toBe('yes');
    const stage = (await page.getByTestId('viewer-stage').boundingBox())!;
    const y = stage.y + stage.height / 2;
    const drag = async (from: number, to: number) => {
      await page.mouse.move(from, y);
      await page.mouse.down();
      await page.mouse.move(to, y, { steps: 12 });
      await page.mouse.up();
    };
    // Dragging the page to the right reads on; the first of the pair sits on the right.
    await drag(stage.x + 300, stage.x + 900);
    await until(page, `window.__viewerDebug.position().index === 1`);
    const [first, second] = await drawn(page, [1, 2]);
    expect(first.x).toBeGreaterThan(second.x);
    await expectPage(page, first);
    await page.screenshot({ path: `${SHOTS}/rtl-desktop.png` });
    await drag(stage.x + 900, stage.x + 300);
    await until(page, `window.__viewerDebug.position().index === 0`);
    // A short, slow drag springs back (12 steps of 40 ms: about 0.17 px/ms,
    // under the flick speed that turns a page however short the drag).
    await page.mouse.move(stage.x + 600, y);
    await page.mouse.down();
    for (let k = 1; k <= 12; k++) {
      await page.mouse.move(stage.x + 600 + (80 * k) / 12, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    await page.mouse.up();
    await until(page, `window.__viewerDebug.position().index === 0 && window.__viewerDebug.state().paging.pointer === 'idle'`);
    // Keys follow the reading direction: left is next.
    await page.keyboard.press('ArrowLeft');
    await until(page, `window.__viewerDebug.position().index === 1`);
    await page.keyboard.press('ArrowRight');
    await until(page, `window.__viewerDebug.position().index === 0`);
    // Tap zones: the left third reads on, the right third goes back, the centre toggles the bar.
    await page.mouse.click(stage.x + stage.width * 0.1, y);
    await until(page, `window.__viewerDebug.position().index === 1`);
    await page.mouse.click(stage.x + stage.width * 0.9, y);
    await until(page, `window.__viewerDebug.position().index === 0`);
    const nav = await dbg<{ nav: string }>(page, 'd.state()');
    await page.mouse.click(stage.x + stage.width / 2, y);
    await until(page, `window.__viewerDebug.state().nav !== ${JSON.stringify(nav.nav)}`);
    if ((await dbg<{ nav: string }>(page, 'd.state()')).nav === 'hidden') await page.mouse.click(stage.x + stage.width / 2, y);
    // The slider runs right to left and jumps.
    const slider = page.getByTestId('viewer-slider');
    expect(await slider.getAttribute('dir')).toBe('rtl');
    await slider.fill('3');
    await until(page, `window.__viewerDebug.position().index === 2`);
    // The third spread: pages 4 and 5 of 7 (the first page alone).
    await expect.poll(() => page.getByTestId('viewer-counter').textContent()).toBe('4–5 / 7');
    await ctx.close();
  });

  it('a finger swipe on a phone turns one page at a time, right to left', async () => {
    const { page, ctx } = await open({ pages: ['S', 'S', 'S', 'S', 'last'], rtl: true }, 'phone');
    const cdp = await ctx.newCDPSession(page);
    const swipe = async (x0: number, x1: number) => {
      const y = 420;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
      for (let k = 1; k <= 8; k++)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + ((x1 - x0) * k) / 8, y }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const [p0] = await drawn(page, [0]);
    expect(p0.w).toBeLessThanOrEqual(390);
    await swipe(80, 320);
    await until(page, `window.__viewerDebug.position().index === 1`);
    const [p1] = await drawn(page, [1]);
    await expectPage(page, p1);
    await page.screenshot({ path: `${SHOTS}/rtl-phone.png` });
    await swipe(80, 320);
    await until(page, `window.__viewerDebug.position().index === 2`);
    await swipe(320, 80);
    await until(page, `window.__viewerDebug.position().index === 1`);
    await ctx.close();
  });

  it('resumes where the reader left off, and the end page offers the next chapter and the comments', async () => {
    const { page, ctx } = await open({ pages: ['S', 'S', 'S', 'S', 'S', 'last'], nextChapterId: 9002 });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await until(page, `window.__viewerDebug.position().index === 2`);
    await page.reload();
    await until(page, `(window.__viewerDebug?.position().count ?? 0) > 0 && window.__viewerDebug.position().index === 2`);
    await page.keyboard.press('End');
    const last = page.getByTestId('viewer-last-page');
    await last.waitFor();
    await expect.poll(() => page.getByTestId('viewer-next-chapter').textContent()).toContain('#004');
    await until(page, 'window.__viewerDebug.settled()');
    // At rest, the card stands in the middle of the screen.
    const card = (await last.boundingBox())!;
    expect(Math.abs(card.x + card.width / 2 - 640)).toBeLessThan(2);
    await page.screenshot({ path: `${SHOTS}/last-page-desktop.png` });
    await page.getByTestId('viewer-comments-button').click();
    await page.waitForURL('**/comments/9001');
    await page.goBack();
    await until(page, `(window.__viewerDebug?.position().count ?? 0) > 0`);
    await page.getByTestId('viewer-last-page').waitFor();
    await page.getByTestId('viewer-next-chapter').click();
    await page.waitForURL('**/viewer/9002');
    await until(page, `(window.__viewerDebug?.position().count ?? 0) > 0 && window.__viewerDebug.position().index === 0`);
    await ctx.close();
  });

  it("the bar hides itself 2 s after opening (Playwright clock), and the language modal lists the title's languages", async () => {
    const { ctx, page } = await vb.open({ noHarness: true, prepare: (c) => installFixture(c, { pages: ['S', 'S', 'S', 'last'] }) });
    // Time stands still but for the test's steps: the 2 s count from the bar's first showing, however slow the machine.
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
    await page.goto('/viewer/9001');
    const header = page.getByTestId('viewer-header');
    await header.waitFor();
    await expect.poll(() => header.getAttribute('aria-hidden')).toBe('false');
    await page.clock.runFor(1500);
    expect(await header.getAttribute('aria-hidden')).toBe('false');
    await page.clock.runFor(700);
    await expect.poll(() => header.getAttribute('aria-hidden')).toBe('true');
    // Back with a tap in the middle; the language modal from the header.
    const box = (await page.getByTestId('viewer-stage').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.clock.runFor(400);
    await expect.poll(() => header.getAttribute('aria-hidden')).toBe('false');
    await page.getByTestId('viewer-language-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The title's languages; the current one disabled; another leads to that title's page.
    const langs = dialog.getByTestId('viewer-languages');
    await expect
      .poll(() => langs.locator('label').allTextContents())
      .toEqual([expect.stringMatching(/English/), expect.stringMatching(/Español/), expect.stringMatching(/Français/)]);
    expect(await langs.locator('input[value="501"]').isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/language-modal-desktop.png` });
    await langs.locator('input[value="503"]').click();
    await page.waitForURL('**/titles/503');
    await ctx.close();
  });
});

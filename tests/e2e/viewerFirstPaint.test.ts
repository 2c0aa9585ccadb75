import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../server/catalog/generate';
import { loadConfig } from '../../server/config';
import { planFirstView } from '../../core/viewer/firstViewPlan';
import { plainPageUrl } from '../../core/viewer/plainPages';
import {
  countingProxy,
  DESKTOP,
  firstCanvas,
  firstPaintBrowser,
  handedOver,
  maxDiff,
  meanDiff,
  pixiColors,
  POINTS,
  SHOTS,
  sourceColors,
  visiblePoints,
} from './firstPaintDriver';
import { PHONE } from './harness';

/**
 * A chapter's first pages drawn before the viewer's code loads
 * (src/boot/chapterStartDrawing.ts, from the chapter the server put in the
 * page): the decrypted pages at the places the viewer then draws them
 * itself, on a desktop, a phone, a right-to-left spread, a reader resuming;
 * no second chapter call. Real demo chapters. Screenshots go to
 * .tmp/screenshots/viewer/.
 */
const notable = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable;

describe('first pages drawn ahead of the viewer', () => {
  const { open, base } = firstPaintBrowser();

  it('a first visit on a desktop: the decrypted first page drawn before the app loads, then the viewer draws it at the same place, asking nothing again', async () => {
    // (Through a proxy that counts what reaches the server.)
    const proxy = await countingProxy(base);
    const o = await open(notable.longChapterId, 'desktop', '', {}, undefined, proxy.url);
    expect(o.boot?.chapter?.shape.pages.length).toBeGreaterThan(300);
    expect(o.boot?.session).toMatch(/^[0-9a-f]{32}$/);
    const plan = planFirstView(o.boot!.chapter!.shape, DESKTOP.viewport, null, 0);
    expect(plan.mode).toBe('vertical');
    // An 800 px column: the first page fills the window's height.
    expect(plan.pages.map((p) => p.item)).toEqual([0]);
    const points = visiblePoints(plan.pages, DESKTOP.viewport.height);
    const drawn = await firstCanvas(o.page, plan.pages, points);
    expect(drawn.items).toEqual([0]);
    expect(drawn.box).toEqual([1280, 800]);
    expect(maxDiff(drawn.colors, await sourceColors(o.page, plan.pages, points))).toBeLessThanOrEqual(2);
    // The app's code has not run: what is on screen is the entry's drawing.
    expect(await o.page.evaluate('!!window.__viewerDebug')).toBe(false);
    await o.page.screenshot({ path: `${SHOTS}/first-paint-desktop.png` });

    const [r0] = await handedOver(o, [0]);
    for (const k of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(r0[k] - plan.pages[0][k]), k).toBeLessThanOrEqual(1);
    // The same page in the same place (Pixi filters a little differently).
    expect(meanDiff(await pixiColors(o.page, plan.pages, points), drawn.colors)).toBeLessThanOrEqual(12);
    // The chapter came with the page, for the session it was made for, which the app keeps.
    expect(o.calls).toEqual([]);
    // The first page was fetched once: the page's preload of its plain image (its only one, the
    // chapter's view token in it), which the entry's <img> used; the viewer took its bitmap, its
    // decode worker fetched nothing, the encrypted page not at all.
    const plain = plainPageUrl(plan.pages[0].url, o.boot!.chapter!.token!)!;
    expect(
      [...o.html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)].map((x) => x[1].replace(/&amp;/g, '&')),
    ).toEqual([plain]);
    expect(o.images.filter((u) => u === plain)).toHaveLength(1);
    expect(o.images.filter((u) => u === plan.pages[0].url)).toEqual([]);
    const { pathname, search } = new URL(plain);
    expect(proxy.hits(`${pathname}${search}`)).toBe(1);
    expect(proxy.hits(new URL(plan.pages[0].url).pathname)).toBe(0);
    // Drawn by the page's script: the entry took its drawing over and loaded no drawing code of its own.
    expect(o.drawCode).toEqual([]);
    expect(await o.page.evaluate(`localStorage.getItem('session_id')`)).toBe(o.boot!.session);
    expect((await o.ctx.cookies()).find((c) => c.name === 'mr_sid')?.value).toBe(o.boot!.session);
    await o.ctx.close();
    await proxy.close();
  });

  it('a phone: both pages the column shows are drawn; a reader coming back resumes on the page they left, drawn ahead too', async () => {
    const o = await open(notable.longChapterId, 'phone');
    const plan = planFirstView(o.boot!.chapter!.shape, PHONE.viewport, null, 0);
    expect(plan.pages.map((p) => p.item)).toEqual([0, 1]);
    const points = visiblePoints(plan.pages, PHONE.viewport.height);
    const drawn = await firstCanvas(o.page, plan.pages, points);
    expect(drawn.items).toEqual([0, 1]);
    expect(maxDiff(drawn.colors, await sourceColors(o.page, plan.pages, points))).toBeLessThanOrEqual(2);
    await o.page.screenshot({ path: `${SHOTS}/first-paint-phone.png` });
    await handedOver(o, [0, 1]);
    // The second page, not preloaded (a wider screen shows only the first), asked by the page's script once, plain.
    const second = plainPageUrl(plan.pages[1].url, o.boot!.chapter!.token!)!;
    expect(o.html).not.toContain(new URL(second).pathname);
    expect(o.images.filter((u) => u === second)).toHaveLength(1);
    expect(o.images.filter((u) => u === plan.pages[1].url)).toEqual([]);
    await o.ctx.close();

    const back = await open(
      notable.longChapterId,
      'desktop',
      `localStorage.setItem('viewer_last_page', JSON.stringify({ '${notable.longChapterId}': 7 }));`,
    );
    const resumed = planFirstView(back.boot!.chapter!.shape, DESKTOP.viewport, null, 7);
    expect(resumed.pages.map((p) => p.item)).toEqual([7]);
    const shown = await firstCanvas(back.page, resumed.pages, visiblePoints(resumed.pages, 800));
    expect(shown.items).toEqual([7]);
    const [r7] = await handedOver(back, [7]);
    expect(Math.abs(r7.y - resumed.pages[0].y)).toBeLessThanOrEqual(1);
    expect(await back.page.evaluate('window.__viewerDebug.position().index')).toBe(7);
    await back.ctx.close();
  });

  it('horizontal, right to left (stored and mirrored in a cookie): the first spread drawn where the viewer puts it', async () => {
    const h = await open(notable.rtlChapterId, 'desktop', `localStorage.setItem('viewer_mode', 'horizontal');`, { mr_vmode: 'horizontal' });
    const boot = h.boot!;
    expect(boot.chapter!.shape.startFromRight).toBe(true);
    const plan = planFirstView(boot.chapter!.shape, DESKTOP.viewport, 'horizontal', 0);
    expect(plan.mode).toBe('horizontal');
    expect(plan.pages.length).toBeGreaterThan(0);
    const drawn = await firstCanvas(h.page, plan.pages, POINTS);
    expect(maxDiff(drawn.colors, await sourceColors(h.page, plan.pages, POINTS))).toBeLessThanOrEqual(2);
    const rects = await handedOver(
      h,
      plan.pages.map((p) => p.item),
    );
    rects.forEach((r, i) => expect(Math.abs(r.x - plan.pages[i].x)).toBeLessThanOrEqual(1));
    // (This chapter is horizontal-only as well: forced alike ahead and in the viewer.)
    expect(await h.page.evaluate('window.__viewerDebug.state().mode')).toMatch(/^horizontal/);
    await h.ctx.close();
  });
});

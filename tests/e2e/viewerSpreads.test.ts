import { describe, expect, it } from 'vitest';
import type { ReaderSettings } from '../../core/viewer/readerSettings';
import { STORAGE } from '../../core/storageKeys';
import { dbg, poll, viewerBrowser, waitFor } from './viewerDriver';
import { drawn, expectQuadrants } from './viewerPixels';

/**
 * Spread pairing, drawn: six single pages (flat-colour quadrants, each page
 * its own colours) with the spread offset and "first page alone" given
 * through the harness, both reading directions. For each spread the canvas
 * must show the right page on the right side: read back at the centre of
 * each quadrant of each page. The counter counts a spread's pages, not the
 * items inserted among them.
 */
const PAGES = ['S', 'S', 'S', 'S', 'S', 'S', 'last'] as const;
const VIEW = { width: 1280, height: 800 };

describe('viewer: spread offset and the first page alone', () => {
  const { openViewer, closeViewer } = viewerBrowser();

  const cases: { name: string; rtl: boolean; settings: Partial<ReaderSettings>; spreads: number[][] }[] = [
    { name: 'first page alone (default)', rtl: false, settings: {}, spreads: [[0], [1, 2], [3, 4], [5]] },
    { name: 'first page alone + offset', rtl: false, settings: { spreadOffset: true }, spreads: [[0], [1], [2, 3], [4, 5]] },
    {
      name: 'pairs from the first page',
      rtl: false,
      settings: { firstPageAlone: false },
      spreads: [
        [0, 1],
        [2, 3],
        [4, 5],
      ],
    },
    {
      name: 'offset alone, right to left',
      rtl: true,
      settings: { firstPageAlone: false, spreadOffset: true },
      spreads: [[0], [1, 2], [3, 4], [5]],
    },
    { name: 'first page alone + offset, right to left', rtl: true, settings: { spreadOffset: true }, spreads: [[0], [1], [2, 3], [4, 5]] },
  ];

  it('the counter shows the pages of each spread, never the inserted items; an ad or the end page keeps the page before', async () => {
    // Spreads (first page alone): [0] [1, 2] [ad] [4, 5] [6] [end]; six pages.
    const page = await openViewer({
      fixture: { pages: ['S', 'S', 'S', 'ad', 'S', 'S', 'S', 'last'] },
      storage: { [STORAGE.viewerMode]: 'horizontal' },
      viewport: VIEW,
    });
    expect(await dbg<number>(page, 'd.position().count')).toBe(6);
    const shown: string[] = [];
    for (let si = 0; si < 6; si++) {
      await dbg(page, `d.send({ type: 'page.goto', index: ${si} })`);
      await waitFor(page, `window.__viewerDebug.position().index === ${si}`);
      shown.push((await page.getByTestId('viewer-counter').textContent())!);
    }
    expect(shown).toEqual(['1 / 6', '2–3 / 6', '3 / 6', '4–5 / 6', '6 / 6', '6 / 6']);
    // The pages' names on the spread say the same.
    await dbg(page, `d.send({ type: 'page.goto', index: 1 })`);
    await poll(async () =>
      (await page.locator('.viewer-page-label').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.split(',')[0]))).sort(),
    ).toEqual(['Page 2 of 6', 'Page 3 of 6']);
    await closeViewer(page);
  });

  for (const c of cases) {
    it(`${c.name}: ${JSON.stringify(c.spreads)}, the first of a pair on the ${c.rtl ? 'right' : 'left'}`, async () => {
      const page = await openViewer({
        fixture: { pages: [...PAGES], rtl: c.rtl },
        storage: { [STORAGE.viewerMode]: 'horizontal' },
        viewport: VIEW,
        harness: { settings: c.settings },
      });
      const slots = await dbg<number[]>(page, `[0, 1, 2, 3, 4, 5].map((i) => d.spreadOfItem(i))`);
      expect(slots).toEqual([0, 1, 2, 3, 4, 5].map((i) => c.spreads.findIndex((s) => s.includes(i))));
      for (const [si, s] of c.spreads.entries()) {
        await dbg(page, `d.send({ type: 'page.goto', index: ${si} })`);
        const rects = await drawn(page, s);
        if (s.length === 2) {
          const [first, second] = rects;
          // Reading order: left to right, or right to left.
          if (c.rtl) expect(second.x + second.w).toBeLessThanOrEqual(first.x + 1);
          else expect(first.x + first.w).toBeLessThanOrEqual(second.x + 1);
        } else {
          // Alone: centred.
          expect(Math.abs(rects[0].x + rects[0].w / 2 - VIEW.width / 2)).toBeLessThanOrEqual(1);
        }
        for (const r of rects) await expectQuadrants(page, r);
      }
      await closeViewer(page);
    });
  }
});

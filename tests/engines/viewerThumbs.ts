/**
 * Page thumbnails (issue 48) in one engine, on the demo catalog's 320-page
 * chapter: a mouse drag along the page slider shows a preview that follows
 * it (recorded as it changes) and jumps to where it is let go; a key on the
 * slider shows the thumbnail of the page it moves to, and that picture is
 * the page's (its pixels compared, as composited, with the page itself
 * drawn small: likelier it than another page); the strip of every page opens
 * from the footer, the reader's own entry focused, an arrow key in reading
 * direction moves and Enter jumps. Called by viewerSuite.ts.
 */
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { THUMB_HEIGHT } from '../../core/viewer/pageThumbs';
import { STORAGE } from '../../core/storageKeys';
import { hexToBytes, xorInPlace } from '../../src/viewer/xor';
import { until, type EngineName, type EnginePage } from './drivers';
import { DESKTOP, type EngineBrowser } from './engineBrowser';
import { compare, dbg, grey } from './pixels';

interface MangaPage {
  imageUrl: string;
  encryptionKey: string;
  width: number;
  height: number;
}

async function mangaPages(base: string, chapterId: number): Promise<{ rtl: boolean; pages: MangaPage[] }> {
  const res = await fetch(`${base}/api/manga_viewer?chapter_id=${chapterId}&split=yes&img_quality=high&viewer_mode=horizontal&format=json`);
  const mv = ((await res.json()) as { success: { mangaViewer: { startFromRight?: boolean; pages: { mangaPage?: MangaPage }[] } } }).success
    .mangaViewer;
  return { rtl: !!mv.startFromRight, pages: mv.pages.flatMap((p) => (p.mangaPage ? [p.mangaPage] : [])) };
}

const PREVIEW = `document.querySelector('[data-testid=thumb-preview]')`;
/** The preview's pictures, once each is a decoded image: page number and box (CSS px). */
const PICTURES = `(() => { const p = ${PREVIEW}; const imgs = p ? [...p.querySelectorAll('[data-thumb-page]')] : []; return imgs.length && imgs.every((i) => i.tagName === 'IMG' && i.complete && i.naturalWidth > 0) ? imgs.map((i) => { const r = i.getBoundingClientRect(); return { n: Number(i.dataset.thumbPage), x: r.x, y: r.y, w: r.width, h: r.height }; }) : null; })()`;

/** Correlation of the picture on screen at `box` with page `p` drawn to fit the box as the server draws it. */
async function likeness(
  shot: Buffer,
  k: number,
  box: { x: number; y: number; w: number; h: number },
  p: MangaPage,
  base: string,
): Promise<number> {
  const f = Math.min(box.w / p.width, THUMB_HEIGHT / p.height);
  const [fw, fh] = [Math.round(p.width * f), Math.round(p.height * f)];
  const cut = {
    left: Math.round((box.x + (box.w - fw) / 2) * k) + 1,
    top: Math.round((box.y + (box.h - fh) / 2) * k) + 1,
    width: Math.floor(fw * k) - 2,
    height: Math.floor(fh * k) - 2,
  };
  const drawn = await grey(sharp(await sharp(shot).extract(cut).png().toBuffer()), cut.width, cut.height);
  const bytes = xorInPlace(new Uint8Array(await (await fetch(new URL(p.imageUrl, base))).arrayBuffer()), hexToBytes(p.encryptionKey));
  const want = await grey(sharp(await sharp(bytes).resize(cut.width, cut.height, { fit: 'fill' }).png().toBuffer()), cut.width, cut.height);
  return compare(drawn, want).correlation;
}

async function sliderBox(page: EnginePage): Promise<{ x: number; y: number; w: number }> {
  await until(
    page,
    `(() => { const r = document.querySelector('[data-testid=viewer-slider]').getBoundingClientRect(); return r.width > 100 && r.bottom <= innerHeight; })()`,
    'the slider on screen',
  );
  return page.eval(
    `(() => { const r = document.querySelector('[data-testid=viewer-slider]').getBoundingClientRect(); return { x: r.x, y: r.y + r.height / 2, w: r.width }; })()`,
  );
}

export function thumbsCases(b: EngineBrowser, name: EngineName, chapterId: number): void {
  it("the 320-page chapter: scrubbing the slider shows each page's thumbnail and jumps to it; the strip by keys", async () => {
    const { rtl, pages } = await mangaPages(b.proxy.url, chapterId);
    expect(pages.length).toBe(320);
    const page = await b.open(`/viewer/${chapterId}`, DESKTOP, { [STORAGE.viewerMode]: 'horizontal' });
    await until(page, 'window.__viewerDebug && window.__viewerDebug.position().count > 0', 'the chapter laid out');
    const s = await sliderBox(page);
    // Every preview shown while the drag goes on, as the page changes it.
    await page.eval(
      `(window.__previews = [], new MutationObserver(() => { const p = ${PREVIEW}; if (p) window.__previews.push([Number(p.dataset.slot), p.textContent]); }).observe(document.querySelector('[data-testid=viewer-footer]'), { subtree: true, childList: true, attributes: true, characterData: true }), true)`,
    );
    const [from, to] = rtl ? [s.x + s.w - 4, s.x + s.w * 0.63] : [s.x + 4, s.x + s.w * 0.37];
    await page.drag(from, s.y, to, s.y, 24);
    await until(
      page,
      `window.__viewerDebug.position().index === Number(document.querySelector('[data-testid=viewer-slider]').value) - 1`,
      'the viewer at the spread the slider was let go at',
    );
    const index = (await dbg<{ index: number }>(page, 'd.position()')).index;
    const seen = await page.eval<[number, string][]>('window.__previews');
    console.log(`${name}: the drag went to spread ${index}, ${new Set(seen.map(([k]) => k)).size} previews on the way`);
    expect(index, `${name}: jumped along the slider`).toBeGreaterThan(40);
    expect(new Set(seen.map(([k]) => k)).size, `${name}: the preview followed the drag`).toBeGreaterThan(3);
    // (A hover may follow the release, a slot off where the thumb is drawn inset.)
    expect(Math.abs((seen.at(-1)?.[0] ?? -9) - index), `${name}: the last preview is the spread jumped to`).toBeLessThanOrEqual(1);
    expect(seen.at(-1)?.[1]).toMatch(/^Pages? \d+/);

    // A key on the slider: the preview of the next spread, its picture the page's.
    await page.eval(`(document.querySelector('[data-testid=viewer-slider]').focus(), true)`);
    await page.press('ArrowUp');
    await until(page, `window.__viewerDebug.position().index === ${index + 1}`, 'the key moved on a spread');
    await until(page, `${PICTURES} !== null`, "the preview's pictures loaded");
    // (decoding="async": an image can be complete a frame or more before it is painted; under load, more.)
    await page.eval(
      `(window.__picsPainted = false, Promise.all([...${PREVIEW}.querySelectorAll('img[data-thumb-page]')].map((i) => i.decode())).then(() => requestAnimationFrame(() => requestAnimationFrame(() => { window.__picsPainted = true; }))), true)`,
    );
    await until(page, 'window.__picsPainted', "the preview's pictures decoded and painted");
    const pics = await page.eval<{ n: number; x: number; y: number; w: number; h: number }[]>(PICTURES);
    const counter = await page.eval<string>(`document.querySelector('[data-testid=viewer-counter]').textContent`);
    const ns = pics.map((p) => p.n);
    const [lo, hi] = [Math.min(...ns), Math.max(...ns)];
    expect(counter, `${name}: the preview shows the counter's pages`).toBe(lo === hi ? `${lo} / 320` : `${lo}–${hi} / 320`);
    const shot = await page.screenshot();
    expect(await page.eval(PICTURES), `${name}: the preview did not change while it was read back`).toEqual(pics);
    await b.shot(page, 'thumbs-preview-desktop'); // (kept where the comparison fails)
    const k = (await sharp(shot).metadata()).width / (await page.eval<number>('innerWidth'));
    for (const pic of pics) {
      const own = await likeness(shot, k, pic, pages[pic.n - 1], b.proxy.url);
      const other = await likeness(shot, k, pic, pages[(pic.n + 7) % 320], b.proxy.url);
      console.log(
        `${name}: thumbnail of page ${pic.n}: correlation ${own.toFixed(3)} with it, ${other.toFixed(3)} with page ${((pic.n + 7) % 320) + 1}`,
      );
      expect(own, `${name}: page ${pic.n}'s thumbnail is like it`).toBeGreaterThan(0.8);
      expect(own, `${name}: page ${pic.n}'s thumbnail is likelier it than another page`).toBeGreaterThan(other);
    }
    await page.press('Escape');
    await until(page, `!${PREVIEW}`, 'Escape put the preview away');

    // The strip: the reader's own entry focused, the next by an arrow in reading direction, Enter jumps.
    await page.eval(`(document.querySelector('[data-testid=thumbs-button]').click(), true)`);
    await until(
      page,
      `(() => { const a = document.activeElement; return !!a && a.getAttribute('aria-current') === 'page' && Number(a.dataset.slot) <= ${index + 1}; })()`,
      "the strip open at the reader's spread",
    );
    const own = Number(await page.eval<string>('document.activeElement.dataset.slot'));
    await until(page, `!!document.activeElement.querySelector('img.thumbs__picture')`, "the reader's entry has its picture");
    await b.shot(page, 'thumbs-strip-desktop');
    await page.press(rtl ? 'ArrowLeft' : 'ArrowRight');
    const next = Number(await page.eval<string>('document.activeElement.dataset.slot'));
    expect(next, `${name}: the arrow moved on`).toBeGreaterThan(own);
    await page.press('Enter');
    await until(
      page,
      `!document.querySelector('[role=dialog]') && window.__viewerDebug.position().index === ${next}`,
      'Enter jumped there',
    );
    await page.close();
  });
}

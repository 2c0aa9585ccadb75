/**
 * Pixels, not structure: what an engine composited for a viewer item,
 * compared with the page itself. The page's bytes are fetched and decrypted
 * here (its address and key from the viewer's test harness), decoded and
 * drawn by sharp at the size the viewer drew it (device px); the engine's
 * screenshot is cut at the item's place on screen; both are brought to a
 * small grey picture (area filter) and compared:
 *
 *  - correlation of the two greys (1: the same picture; a page drawn from
 *    the wrong place, a band repeated down the page as Firefox drew cropped
 *    bitmaps, falls far below; a black or empty stage has none);
 *  - mean absolute difference (0-255), which a page drawn too dark or
 *    washed out fails though its shapes correlate.
 *
 * The thresholds leave room for what differs between a GPU's linear
 * sampling, the worker's area filter and sharp's, and for JPEG/WebP edges;
 * a garbled or black page fails them by far (the closing checks print both
 * figures).
 */
import sharp, { type Sharp } from 'sharp';
import { expect } from 'vitest';
import { hexToBytes, xorInPlace } from '../../src/viewer/xor';
import type { DrawnRect } from '../../src/viewer/session/environment';
import { until, type EnginePage } from './drivers';

const MIN_CORRELATION = 0.9;
const MAX_MEAN_DIFFERENCE = 24;
/** The compared greys are this many px across (their height in proportion). */
const GREY_WIDTH = 48;

export interface Likeness {
  item: number;
  correlation: number;
  meanDifference: number;
}

/** window.__viewerDebug as `d` in `expr` (undefined until the viewer's session is up). */
export const dbg = <T>(page: EnginePage, expr: string): Promise<T> =>
  page.eval<T>(`(() => { const d = window.__viewerDebug; return d ? (${expr}) : undefined; })()`);

/**
 * No transition or finite animation running in the page: the bars slid away, a dialog faded out (a
 * screenshot while the footer slid down once compared its bar with the page under it).
 */
const NO_TRANSITION = `document.getAnimations().every((a) => a.playState !== 'running' || !a.effect || a.effect.getComputedTiming().endTime === Infinity)`;

/** Waits until every item in `items` is drawn whole from its image and the camera rests, the bars hidden and still. */
export async function settled(page: EnginePage, items: number[]): Promise<void> {
  await until(page, 'window.__viewerDebug', 'the viewer harness is up');
  // Manual clocks (the harness): the navigation bar and the direction toast go when their timers are fired.
  await until(
    page,
    `(() => { const d = window.__viewerDebug; d.elapseNavTimer(); d.elapseToastTimer(); const r = d.rects(); return d.state().nav === 'hidden' && ${JSON.stringify(items)}.every((i) => r.some((x) => x.item === i && x.image)) && d.settled() && ${NO_TRANSITION}; })()`,
    `items ${items.join(', ')} drawn whole and settled`,
  );
  // A frame for the compositor to show the canvas's last render.
  await page.eval('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))');
}

export async function grey(img: Sharp, w: number, h: number): Promise<Float64Array> {
  const gw = GREY_WIDTH;
  const gh = Math.max(8, Math.round((GREY_WIDTH * h) / w));
  const { data } = await img
    .removeAlpha()
    .greyscale()
    .resize(gw, gh, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Float64Array.from(data);
}

export function compare(a: Float64Array, b: Float64Array): { correlation: number; meanDifference: number } {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let k = 0; k < n; k++) [ma, mb] = [ma + a[k] / n, mb + b[k] / n];
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  let diff = 0;
  for (let k = 0; k < n; k++) {
    const [da, db] = [a[k] - ma, b[k] - mb];
    [sab, saa, sbb, diff] = [sab + da * db, saa + da * da, sbb + db * db, diff + Math.abs(a[k] - b[k]) / n];
  }
  // A flat picture (a black stage) correlates with nothing.
  const correlation = saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
  return { correlation, meanDifference: diff };
}

/** How like its page the engine's drawing of `item` is (the part of it on screen). */
async function likeness(page: EnginePage, base: string, item: number): Promise<Likeness> {
  const info = await dbg<{ r: DrawnRect; src: { url: string; key: string }; vw: number; vh: number }>(
    page,
    `({ r: d.rects().find((x) => x.item === ${item}), src: d.pageSource(${item}), vw: innerWidth, vh: innerHeight })`,
  );
  if (!info?.r || !info.src) throw new Error(`${page.engine}: item ${item} is not drawn or has no image`);
  const { r, src, vw, vh } = info;
  const shot = sharp(await page.screenshot());
  const meta = await shot.metadata();
  const k = meta.width / vw;
  // The part of the item on screen, CSS px, then device px of the screenshot.
  const x0 = Math.max(0, r.x);
  const y0 = Math.max(0, r.y);
  const x1 = Math.min(vw, r.x + r.w);
  const y1 = Math.min(vh, r.y + r.h);
  if (x1 - x0 < 16 || y1 - y0 < 16) throw new Error(`${page.engine}: item ${item} is not on screen (${JSON.stringify(r)})`);
  const cut = {
    left: Math.ceil(x0 * k),
    top: Math.ceil(y0 * k),
    width: Math.floor((x1 - x0) * k) - 1,
    height: Math.floor((y1 - y0) * k) - 1,
  };
  const drawn = await grey(sharp(await shot.extract(cut).png().toBuffer()), cut.width, cut.height);

  const res = await fetch(new URL(src.url, base));
  if (!res.ok) throw new Error(`page ${item}: HTTP ${res.status}`);
  const bytes = xorInPlace(new Uint8Array(await res.arrayBuffer()), hexToBytes(src.key));
  const full = { width: Math.round(r.w * k), height: Math.round(r.h * k) };
  const sized = await sharp(bytes).resize(full.width, full.height, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer();
  const part = {
    left: Math.min(full.width - cut.width, Math.max(0, Math.round((x0 - r.x) * k))),
    top: Math.min(full.height - cut.height, Math.max(0, Math.round((y0 - r.y) * k))),
    width: cut.width,
    height: cut.height,
  };
  const want = await grey(sharp(sized).extract(part), cut.width, cut.height);
  return { item, ...compare(drawn, want) };
}

/** Fails unless the engine drew `item` like its page (the figures in the message). */
export async function expectLikePage(page: EnginePage, base: string, item: number, what: string): Promise<Likeness> {
  const l = await likeness(page, base, item);
  const figures = `${page.engine} ${what}: item ${item} correlation ${l.correlation.toFixed(3)}, mean difference ${l.meanDifference.toFixed(1)}`;
  // One line a comparison: the figures of a whole run, for the record.
  console.log(figures);
  expect(l.correlation, figures).toBeGreaterThanOrEqual(MIN_CORRELATION);
  expect(l.meanDifference, figures).toBeLessThanOrEqual(MAX_MEAN_DIFFERENCE);
  return l;
}

/**
 * Pure page geometry for the viewer: where each item sits in world
 * coordinates, in which slot, with which part of its image (border crop),
 * and what is visible. Pairing into spreads: spreads.ts; scaling and crop
 * rules: fit.ts. No pixi import here, so every rule is testable in node.
 *
 * Horizontal: one slot per spread, side by side (later spreads to the left
 * when reading right to left). A slot is the window's size, or larger when
 * the fit mode makes its spread larger (`width` on a tall spread, `height`
 * on a wide one, `original`): the reader pans inside it (camera.ts). The
 * spread is centred in its slot. Vertical: one slot per item, stacked in a
 * column; manga pages at the column width, other items at their nominal
 * widths.
 */
import { NO_CROP, type ImageCrop } from './crop';
import { columnCrop, columnWidth, croppedSize, fitScale, isNoCrop, pairCrops, usableCrop } from './fit';
import type { ColumnFit, HorizontalFit } from './readerSettings';
import { buildSpreads, type Item, type ItemKind, type Spread } from './spreads';
import { splitWidePages } from './splitWide';
import type { Layout, Mode, Placement, Rect, Viewport } from './layoutTypes';

export type { Layout, Mode, Placement, Rect, Viewport };

/** Business constants (documents: section 9). */
export const VIEWER = {
  verticalMargin: 30,
  verticalOnlyMargin: 0,
  startPage: 1,
  singleSpread: true,
  joinPages: true,
  navAutoHideMs: 2000,
  insertBannerImpressionMinWidth: 1100,
  widths: { banner: 300, insertBanner: 800, last: 400, adPhone: 500, adDesktop: 700 },
  adMinHeight: 400,
  /** Widest column for manga pages in vertical mode. */
  verticalColumn: 800,
  /** Gap between two pages of a spread that are not halves of one image (per 1000 px of the spread's height). */
  gutter: 8,
} as const;

export interface LayoutOptions {
  mode: Mode;
  rtl: boolean;
  viewport: Viewport;
  verticalOnly?: boolean;
  /** The first manga page stands alone (a cover). */
  singleSpread?: boolean;
  joinPages?: boolean;
  /** Horizontal: how a spread is scaled into the window (default 'screen'). */
  fit?: HorizontalFit;
  /** Vertical: the column (default: VIEWER.verticalColumn wide, no padding). */
  column?: ColumnFit;
  /** Horizontal: the first page that would start a pair stands alone (default false). */
  spreadOffset?: boolean;
  /** Measured borders of item i's image; undefined: not known, no crop. */
  crops?: (item: number) => ImageCrop | undefined;
  /** Horizontal, one page at a time: wide pages as their two halves (splitWide.ts). */
  splitWide?: boolean;
}

/** One page at a time on narrow portrait screens. */
function isNarrow(v: Viewport): boolean {
  return v.width < v.height && v.width < 1024;
}

/** Width a non-manga item takes (documents: page widths). */
export function nominalWidth(kind: ItemKind, phone: boolean): number {
  switch (kind) {
    case 'bannerList':
    case 'banner':
      return VIEWER.widths.banner;
    case 'insertBanner':
      return VIEWER.widths.insertBanner;
    case 'last':
      return VIEWER.widths.last;
    case 'ad':
      return phone ? VIEWER.widths.adPhone : VIEWER.widths.adDesktop;
    default:
      return 0;
  }
}

export function adHeight(width: number): number {
  return Math.max(VIEWER.adMinHeight, Math.round(width * 0.75));
}

type Crops = LayoutOptions['crops'];

interface Box {
  /** The spread's size on screen. */
  w: number;
  h: number;
  /** Each item's rect inside the box and the crop drawn, same order as the spread's items. */
  rects: Rect[];
  crops: ImageCrop[];
}

/** A spread's items laid out in a box at (0, 0), scaled by the fit mode. */
function spreadBox(spread: Spread, items: Item[], v: Viewport, phone: boolean, fit: HorizontalFit, crops: Crops): Box {
  const [i0, i1] = spread.items;
  const it = items[i0];
  if (i1 === undefined) {
    if (it.kind !== 'manga') {
      // Banners, ads, the end page: their nominal size, only ever shrunk to the window.
      const nw = nominalWidth(it.kind, phone);
      const s = nw > 0 && it.height > 0 ? Math.min(1, v.width / nw, v.height / it.height) : 0;
      return { w: nw * s, h: it.height * s, rects: [{ x: 0, y: 0, w: nw * s, h: it.height * s }], crops: [NO_CROP] };
    }
    const c = usableCrop(crops?.(i0)) ?? NO_CROP;
    const { width: cw, height: ch } = croppedSize(it.width, it.height, c);
    const side = spread.sides[0];
    // A half page alone keeps its half of the spread, as if its partner were blank.
    const half = side === 'left' || side === 'right';
    const s = fitScale(fit, half ? 2 * cw : cw, ch, v);
    const w = cw * s;
    const h = ch * s;
    return { w: half ? 2 * w : w, h, rects: [{ x: side === 'right' ? w : 0, y: 0, w, h }], crops: [c] };
  }
  const b = items[i1];
  // The pages on screen left and right; both crops known, or none cut.
  const leftFirst = spread.sides[0] === 'left';
  const [li, ri] = leftFirst ? [i0, i1] : [i1, i0];
  const cl = usableCrop(crops?.(li));
  const cr = usableCrop(crops?.(ri));
  const [pl, pr] = cl && cr ? pairCrops(cl, cr, spread.joined) : [NO_CROP, NO_CROP];
  const L = leftFirst ? it : b;
  const R = leftFirst ? b : it;
  const sl = croppedSize(L.width, L.height, pl);
  const sr = croppedSize(R.width, R.height, pr);
  // Both pages at one height (the taller's), the gutter in proportion, then the pair fitted.
  const H = Math.max(sl.height, sr.height, 1);
  const wl = (sl.width / Math.max(1, sl.height)) * H;
  const wr = (sr.width / Math.max(1, sr.height)) * H;
  const gap = spread.joined ? 0 : (VIEWER.gutter * H) / 1000;
  const s = fitScale(fit, wl + wr + gap, H, v);
  const h = H * s;
  const rl = { x: 0, y: 0, w: wl * s, h };
  const rr = { x: (wl + gap) * s, y: 0, w: wr * s, h };
  const w = (wl + wr + gap) * s;
  return leftFirst ? { w, h, rects: [rl, rr], crops: [pl, pr] } : { w, h, rects: [rr, rl], crops: [pr, pl] };
}

function place(item: number, slot: number, x: number, y: number, w: number, h: number, crop: ImageCrop): Placement {
  const p: Placement = { item, slot, x, y, w, h };
  if (!isNoCrop(crop)) p.crop = crop;
  return p;
}

function verticalLayout(items: Item[], o: LayoutOptions, phone: boolean): Layout {
  const v = o.viewport;
  const margin = o.verticalOnly ? VIEWER.verticalOnlyMargin : VIEWER.verticalMargin;
  const colW = columnWidth(o.column ?? { maxWidth: VIEWER.verticalColumn, padding: 0 }, v);
  let firstManga = -1;
  let lastManga = -1;
  items.forEach((it, i) => {
    if (it.kind !== 'manga') return;
    if (firstManga < 0) firstManga = i;
    lastManga = i;
  });
  const placements: Placement[] = [];
  const slots: Rect[] = [];
  const spreads: Spread[] = [];
  const slotOfItem: number[] = [];
  let y = 0;
  items.forEach((it, i) => {
    let w: number;
    let h: number;
    let crop = NO_CROP;
    if (it.kind === 'manga') {
      crop = o.crops ? columnCrop(o.crops(i), i === firstManga, i === lastManga) : NO_CROP;
      const c = croppedSize(it.width, it.height, crop);
      w = colW;
      h = (w * c.height) / Math.max(1, c.width);
    } else {
      const nw = nominalWidth(it.kind, phone);
      w = Math.min(v.width, nw);
      h = (w * it.height) / Math.max(1, nw);
    }
    if (i > 0) y += margin;
    placements.push(place(i, i, (v.width - w) / 2, y, w, h, crop));
    slots.push({ x: 0, y, w: v.width, h });
    spreads.push({ items: [i], sides: ['center'], joined: false });
    slotOfItem.push(i);
    y += h;
  });
  return { mode: 'vertical', rtl: o.rtl, viewport: v, spreads, placements, slots, contentHeight: y, slotOfItem };
}

export function buildLayout(items: Item[], o: LayoutOptions): Layout {
  const v = o.viewport;
  const phone = v.width < 768;
  if (o.mode === 'vertical') return verticalLayout(items, o, phone);
  const spreads = buildSpreads(items, {
    rtl: o.rtl,
    narrow: isNarrow(v),
    singleSpread: o.singleSpread ?? VIEWER.singleSpread,
    spreadOffset: o.spreadOffset ?? false,
    joinPages: o.joinPages ?? VIEWER.joinPages,
  });
  const fit = o.fit ?? 'screen';
  const slotOfItem = new Array<number>(items.length).fill(0);
  const placements: Placement[] = [];
  const slots: Rect[] = [];
  // Left edge of the slot before (LTR) or of the last one placed (RTL).
  let edge = 0;
  spreads.forEach((sp, si) => {
    const box = spreadBox(sp, items, v, phone, fit, o.crops);
    const w = Math.max(v.width, box.w);
    const h = Math.max(v.height, box.h);
    const x = o.rtl ? (si === 0 ? 0 : edge - w) : edge;
    edge = o.rtl ? x : x + w;
    slots.push({ x, y: 0, w, h });
    const ox = x + (w - box.w) / 2;
    const oy = (h - box.h) / 2;
    sp.items.forEach((item, k) => {
      const r = box.rects[k];
      placements.push(place(item, si, ox + r.x, oy + r.y, r.w, r.h, box.crops[k]));
      slotOfItem[item] = si;
    });
  });
  const layout: Layout = { mode: 'horizontal', rtl: o.rtl, viewport: v, spreads, placements, slots, contentHeight: v.height, slotOfItem };
  return o.splitWide && isNarrow(v) ? splitWidePages(layout, items) : layout;
}

/** Top of each vertical slot (for paging and the slider). */
export function slotTops(layout: Layout): number[] {
  return layout.slots.map((s) => s.y);
}

/** The vertical slot under a line at y (binary search over the tops). */
export function slotAtY(tops: number[], y: number): number {
  let lo = 0;
  let hi = tops.length - 1;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (tops[mid] <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Placements whose rect meets the world rectangle (x, y, w, h), plus `extra` slots either side. */
export function visiblePlacements(layout: Layout, view: Rect, extra = 1): Placement[] {
  const hit = new Set<number>();
  for (const p of layout.placements) {
    if (p.x < view.x + view.w && p.x + p.w > view.x && p.y < view.y + view.h && p.y + p.h > view.y) hit.add(p.slot);
  }
  if (hit.size === 0) return [];
  const lo = Math.max(0, Math.min(...hit) - extra);
  const hi = Math.min(layout.spreads.length - 1, Math.max(...hit) + extra);
  return layout.placements.filter((p) => p.slot >= lo && p.slot <= hi);
}

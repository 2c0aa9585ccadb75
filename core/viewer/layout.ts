/**
 * Pure page geometry for the viewer: which pages share a spread, where each
 * item sits in world coordinates, what is visible. No pixi import here, so
 * every rule is testable in node.
 */

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
  /** Gap between two pages of a spread that are not halves of one image. */
  gutter: 8,
} as const;

export type MangaType = 'single' | 'left' | 'right' | 'double';
export type ItemKind = 'manga' | 'bannerList' | 'insertBanner' | 'banner' | 'ad' | 'last';

/** One entry of the chapter's page list, as the layout sees it. */
export interface Item {
  kind: ItemKind;
  /** manga pages only */
  type?: MangaType;
  /** Natural size; for non-manga items the nominal height at the nominal width. */
  width: number;
  height: number;
}

type Side = 'left' | 'right' | 'center';

export interface Spread {
  /** Item indices in reading order. */
  items: number[];
  /** Side of each item, same order as items. */
  sides: Side[];
  /** Halves of one image shown edge to edge. */
  joined: boolean;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Placement extends Rect {
  item: number;
  /** Spread (horizontal) or item (vertical) index the rect belongs to. */
  slot: number;
}

export type Mode = 'horizontal' | 'vertical';

export interface LayoutOptions {
  mode: Mode;
  rtl: boolean;
  viewport: Viewport;
  verticalOnly?: boolean;
  singleSpread?: boolean;
  joinPages?: boolean;
}

export interface Layout {
  mode: Mode;
  rtl: boolean;
  viewport: Viewport;
  /** Horizontal: spreads in reading order. Vertical: one per item. */
  spreads: Spread[];
  placements: Placement[];
  /** Vertical: full column height. Horizontal: viewport height. */
  contentHeight: number;
  /** item index → slot index */
  slotOfItem: number[];
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

/** A page may sit on the reading-first side of a spread. */
function fitsFirst(t: MangaType | undefined, rtl: boolean): boolean {
  return t === 'single' || t === (rtl ? 'right' : 'left');
}
function fitsSecond(t: MangaType | undefined, rtl: boolean): boolean {
  return t === 'single' || t === (rtl ? 'left' : 'right');
}

/**
 * Pairs items into spreads in reading order. DOUBLE pages, non-manga items
 * and (with singleSpread) the first page stand alone; a page typed LEFT or
 * RIGHT only ever sits on its own side; on narrow screens every page is alone.
 */
export function buildSpreads(
  items: Item[],
  rtl: boolean,
  narrow: boolean,
  singleSpread: boolean = VIEWER.singleSpread,
  joinPages: boolean = VIEWER.joinPages,
): Spread[] {
  const out: Spread[] = [];
  const first = rtl ? 'right' : 'left';
  const second = rtl ? 'left' : 'right';
  const alone = (i: number): Spread => {
    const it = items[i];
    const side: Side = it.kind === 'manga' && (it.type === 'left' || it.type === 'right') && !narrow ? it.type : 'center';
    return { items: [i], sides: [side], joined: false };
  };
  let firstManga = true;
  for (let i = 0; i < items.length; i++) {
    const a = items[i];
    if (a.kind !== 'manga' || a.type === 'double' || narrow) {
      out.push(alone(i));
      if (a.kind === 'manga') firstManga = false;
      continue;
    }
    if (firstManga && singleSpread) {
      firstManga = false;
      out.push(alone(i));
      continue;
    }
    firstManga = false;
    const b = items[i + 1];
    if (fitsFirst(a.type, rtl) && b && b.kind === 'manga' && fitsSecond(b.type, rtl)) {
      const halves = joinPages && a.type !== 'single' && b.type !== 'single';
      out.push({ items: [i, i + 1], sides: [first, second], joined: halves });
      i++;
      continue;
    }
    out.push(alone(i));
  }
  return out;
}

/** Scales (w,h) down (never up, unless grow) to fit the box. */
function fit(w: number, h: number, boxW: number, boxH: number, grow = true): { w: number; h: number } {
  if (w <= 0 || h <= 0) return { w: 0, h: 0 };
  let s = Math.min(boxW / w, boxH / h);
  if (!grow) s = Math.min(1, s);
  return { w: w * s, h: h * s };
}

/** Rects of a spread's items inside a viewport-sized slot at (0,0). */
function spreadRects(spread: Spread, items: Item[], v: Viewport, phone: boolean): Rect[] {
  const its = spread.items.map((i) => items[i]);
  if (its.length === 1) {
    const it = its[0];
    if (it.kind !== 'manga') {
      const nw = nominalWidth(it.kind, phone);
      const s = fit(nw, it.height, v.width, v.height, false);
      return [{ x: (v.width - s.w) / 2, y: (v.height - s.h) / 2, w: s.w, h: s.h }];
    }
    const side = spread.sides[0];
    if (side === 'left' || side === 'right') {
      // A half page alone keeps its half of the spread, as if its partner were blank.
      const s = fit(it.width, it.height, v.width / 2, v.height);
      const x = side === 'left' ? v.width / 2 - s.w : v.width / 2;
      return [{ x, y: (v.height - s.h) / 2, w: s.w, h: s.h }];
    }
    const s = fit(it.width, it.height, v.width, v.height);
    return [{ x: (v.width - s.w) / 2, y: (v.height - s.h) / 2, w: s.w, h: s.h }];
  }
  // Two pages scaled to one height, then the pair fitted into the viewport.
  const gap = spread.joined ? 0 : VIEWER.gutter;
  const H = 1000;
  const ws = its.map((it) => (it.width / it.height) * H);
  const total = ws[0] + ws[1] + gap;
  const s = Math.min(v.width / total, v.height / H);
  const h = H * s;
  const left = spread.sides[0] === 'left' ? 0 : 1;
  const wl = ws[left] * s;
  const wr = ws[1 - left] * s;
  const x0 = (v.width - (wl + wr + gap * s)) / 2;
  const y = (v.height - h) / 2;
  const rl = { x: x0, y, w: wl, h };
  const rr = { x: x0 + wl + gap * s, y, w: wr, h };
  return left === 0 ? [rl, rr] : [rr, rl];
}

/** World x of a horizontal slot: later spreads lie to the left when reading right to left. */
export function slotX(slot: number, v: Viewport, rtl: boolean): number {
  return (rtl ? -slot : slot) * v.width;
}

/** Height of an item drawn at width w in the vertical column. */
function columnSize(it: Item, v: Viewport, phone: boolean): { w: number; h: number } {
  if (it.kind === 'manga') {
    const w = Math.min(v.width, VIEWER.verticalColumn);
    return { w, h: (w * it.height) / Math.max(1, it.width) };
  }
  const nw = Math.min(v.width, nominalWidth(it.kind, phone));
  return { w: nw, h: (nw * it.height) / nominalWidth(it.kind, phone) };
}

export function buildLayout(items: Item[], o: LayoutOptions): Layout {
  const v = o.viewport;
  const phone = v.width < 768;
  const slotOfItem = new Array<number>(items.length).fill(0);
  const placements: Placement[] = [];
  if (o.mode === 'vertical') {
    const margin = o.verticalOnly ? VIEWER.verticalOnlyMargin : VIEWER.verticalMargin;
    let y = 0;
    const spreads: Spread[] = [];
    items.forEach((it, i) => {
      const s = columnSize(it, v, phone);
      if (i > 0) y += margin;
      placements.push({ item: i, slot: i, x: (v.width - s.w) / 2, y, w: s.w, h: s.h });
      spreads.push({ items: [i], sides: ['center'], joined: false });
      slotOfItem[i] = i;
      y += s.h;
    });
    return { mode: 'vertical', rtl: o.rtl, viewport: v, spreads, placements, contentHeight: y, slotOfItem };
  }
  const spreads = buildSpreads(items, o.rtl, isNarrow(v), o.singleSpread ?? VIEWER.singleSpread, o.joinPages ?? VIEWER.joinPages);
  spreads.forEach((sp, si) => {
    const rects = spreadRects(sp, items, v, phone);
    const ox = slotX(si, v, o.rtl);
    sp.items.forEach((item, k) => {
      const r = rects[k];
      placements.push({ item, slot: si, x: ox + r.x, y: r.y, w: r.w, h: r.h });
      slotOfItem[item] = si;
    });
  });
  return { mode: 'horizontal', rtl: o.rtl, viewport: v, spreads, placements, contentHeight: v.height, slotOfItem };
}

/** Top of each vertical slot (for paging and the slider). */
export function slotTops(layout: Layout): number[] {
  const tops = new Array<number>(layout.spreads.length).fill(0);
  for (const p of layout.placements) tops[p.slot] = p.y;
  return tops;
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

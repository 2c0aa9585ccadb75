/**
 * Pure camera maths shared by the paging machine and the renderer.
 * The camera is the world point drawn at the canvas's top-left corner plus a
 * scale: screen = (world - camera) * scale.
 *
 * Horizontal: the camera sits in the current slot, panned inside it when the
 * slot is larger than the window (a fit mode that makes the spread wider or
 * taller) or zoomed in. A slot opens at its start (top, and the right edge
 * when reading right to left) when turned to forward, at its end when turned
 * to backward.
 */
import { slotAtY, type Mode, type Rect, type Viewport } from './layout';

export const MAX_ZOOM = 4;
export const DOUBLE_TAP_ZOOM = 2.5;
/** A horizontal drag turns the page past this share of the width... */
export const SNAP_DISTANCE = 0.18;
/** ...or when released faster than this (px/ms) in the same direction. */
export const SNAP_VELOCITY = 0.35;
/** Vertical inertia: velocity decays with this time constant (ms). */
export const INERTIA_TAU = 325;
export const INERTIA_MIN = 0.02;

export interface Geometry {
  mode: Mode;
  rtl: boolean;
  viewport: Viewport;
  /** Number of slots: spreads (horizontal) or items (vertical). */
  count: number;
  /** Vertical: top of each slot. */
  tops: number[];
  contentHeight: number;
  /** Horizontal: world rect of each slot (at least the window); absent: window-sized slots side by side. */
  slots?: Rect[];
}

export interface Position {
  index: number;
  scale: number;
  /** Camera offset inside the slot (horizontal) or column (vertical x). */
  panX: number;
  panY: number;
  /** Vertical: camera top in world units. */
  scrollY: number;
  /** Horizontal drag offset in screen px (positive: content moved right). */
  dragDx: number;
}

export interface Camera {
  x: number;
  y: number;
  scale: number;
}

export const HOME: Position = { index: 0, scale: 1, panX: 0, panY: 0, scrollY: 0, dragDx: 0 };

/** World rect of horizontal slot i. */
export function slotRect(g: Geometry, i: number): Rect {
  const { width, height } = g.viewport;
  return g.slots?.[i] ?? { x: (g.rtl ? -i : i) * width, y: 0, w: width, h: height };
}

/** How far the camera may pan inside the current horizontal slot at a scale. */
function panRange(g: Geometry, index: number, scale: number): { x: number; y: number } {
  const r = slotRect(g, index);
  return { x: Math.max(0, r.w - g.viewport.width / scale), y: Math.max(0, r.h - g.viewport.height / scale) };
}

export function cameraFor(g: Geometry, p: Position): Camera {
  if (g.mode === 'vertical') return { x: p.panX, y: p.scrollY, scale: p.scale };
  const r = slotRect(g, p.index);
  return { x: r.x + p.panX - p.dragDx / p.scale, y: r.y + p.panY, scale: p.scale };
}

export function maxScroll(g: Geometry, scale: number): number {
  return Math.max(0, g.contentHeight - g.viewport.height / scale);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keeps the zoomed view inside the slot / column. */
export function clampPosition(g: Geometry, p: Position): Position {
  const vw = g.viewport.width;
  const s = p.scale;
  if (g.mode === 'vertical') {
    const scrollY = clamp(p.scrollY, 0, maxScroll(g, s));
    return { ...p, panX: clamp(p.panX, 0, vw - vw / s), scrollY, index: verticalIndex(g, scrollY, s) };
  }
  const m = panRange(g, p.index, s);
  return { ...p, panX: clamp(p.panX, 0, m.x), panY: clamp(p.panY, 0, m.y) };
}

/** The vertical slot at the middle of the view; the last one once scrolled to the bottom. */
function verticalIndex(g: Geometry, scrollY: number, scale: number): number {
  if (g.count === 0) return 0;
  if (scrollY >= maxScroll(g, scale) - 1 && g.contentHeight > g.viewport.height / scale) return g.count - 1;
  return slotAtY(g.tops, scrollY + g.viewport.height / scale / 2);
}

/** Zooms to `scale` keeping the world point under the screen point (sx, sy) fixed. */
export function zoomAbout(g: Geometry, p: Position, scale: number, sx: number, sy: number): Position {
  const s1 = clamp(scale, 1, MAX_ZOOM);
  const cam = cameraFor(g, { ...p, dragDx: 0 });
  const wx = cam.x + sx / p.scale;
  const wy = cam.y + sy / p.scale;
  const cx = wx - sx / s1;
  const cy = wy - sy / s1;
  if (g.mode === 'vertical') return clampPosition(g, { ...p, scale: s1, panX: cx, scrollY: cy, dragDx: 0 });
  const r = slotRect(g, p.index);
  return clampPosition(g, { ...p, scale: s1, panX: cx - r.x, panY: cy - r.y, dragDx: 0 });
}

/**
 * A page turn: new slot, zoom reset. Vertical slots scroll to their top.
 * Horizontal slots open at their start (top, reading-first side), or with
 * `end` at their end (bottom, reading-last side).
 */
export function goTo(g: Geometry, p: Position, index: number, end = false): Position {
  const i = clamp(Math.round(index), 0, Math.max(0, g.count - 1));
  if (g.mode === 'vertical') {
    const scrollY = clamp(g.tops[i] ?? 0, 0, maxScroll(g, 1));
    return { ...HOME, index: i, scrollY };
  }
  const m = panRange(g, i, 1);
  return { ...HOME, index: i, panX: end !== g.rtl ? m.x : 0, panY: end ? m.y : 0 };
}

/**
 * Where the reader is after the same chapter is laid out again on the same
 * slot (crops arrived, the window resized, a setting changed): the same
 * place inside the slot, zoom reset. Horizontal: the same share of the
 * slot's pan range (the start side when the slot had none). Vertical: the
 * offset into the slot, scaled to its new height. Any other change (a new
 * mode or slot, the first layout, zoomed in): the slot's start.
 */
export function relaid(old: Geometry, p: Position, g: Geometry, index: number): Position {
  if (old.mode !== g.mode || old.count === 0 || p.index !== index || p.scale > 1.001) return goTo(g, HOME, index);
  if (g.mode === 'horizontal') {
    const mo = panRange(old, index, 1);
    const start = goTo(g, HOME, index);
    const m = panRange(g, index, 1);
    const panX = mo.x > 0 ? (p.panX / mo.x) * m.x : start.panX;
    return clampPosition(g, { ...start, panX, panY: mo.y > 0 ? (p.panY / mo.y) * m.y : 0 });
  }
  const height = (x: Geometry) => (x.tops[index + 1] ?? x.contentHeight) - (x.tops[index] ?? 0);
  const offset = p.scrollY - (old.tops[index] ?? 0);
  const ratio = height(old) > 0 ? height(g) / height(old) : 1;
  return clampPosition(g, { ...HOME, index, scrollY: (g.tops[index] ?? 0) + offset * ratio });
}

/** Share of the window one key press moves through a slot larger than the window. */
export const KEY_STEP = 0.9;

/**
 * A key press through a horizontal slot larger than the window (at zoom 1):
 * down by most of a window, then at the bottom back to the top one column
 * further in reading order (`dir` 1), or the way back (`dir` -1). Null when
 * the slot's end (or start) is already in view: the page turns.
 */
export function stepInSlot(g: Geometry, p: Position, dir: 1 | -1): Position | null {
  const m = panRange(g, p.index, 1);
  const { width: vw, height: vh } = g.viewport;
  const eps = 0.5;
  const dy = dir * vh * KEY_STEP;
  if (dir > 0 ? p.panY < m.y - eps : p.panY > eps) return { ...p, panY: clamp(p.panY + dy, 0, m.y) };
  // Reading on moves the camera right (left to right) or left (right to left).
  const dx = (g.rtl ? -dir : dir) * vw * KEY_STEP;
  const room = dx > 0 ? p.panX < m.x - eps : p.panX > eps;
  if (!room) return null;
  return { ...p, panX: clamp(p.panX + dx, 0, m.x), panY: dir > 0 ? 0 : m.y };
}

/**
 * A drag at zoom 1 in a horizontal slot: pans the slot, and what goes past
 * the slot's edge moves the page (dragDx; a rubber band past the first and
 * last slot).
 */
export function dragInSlot(g: Geometry, start: Position, dx: number, dy: number): Position {
  const m = panRange(g, start.index, 1);
  const want = start.panX - dx;
  const panX = clamp(want, 0, m.x);
  const over = panX - want;
  const forward = g.rtl ? over > 0 : over < 0;
  const edge = forward ? start.index >= g.count - 1 : start.index <= 0;
  return { ...start, panX, panY: clamp(start.panY - dy, 0, m.y), dragDx: edge ? over * 0.3 : over };
}

/** Vertical paging moves by most of a screen so tall pages are read whole. */
export function scrollBy(g: Geometry, p: Position, dy: number): Position {
  return clampPosition(g, { ...p, scrollY: p.scrollY + dy });
}

/** Which way a released horizontal drag goes: +1 next, -1 previous, 0 back. */
export function snapDirection(g: Geometry, dx: number, vx: number): 1 | -1 | 0 {
  const forward = g.rtl ? 1 : -1; // screen direction of a drag that reads on
  const far = Math.abs(dx) > g.viewport.width * SNAP_DISTANCE;
  const fast = Math.abs(vx) > SNAP_VELOCITY && Math.sign(vx) === Math.sign(dx);
  if (!far && !fast) return 0;
  return Math.sign(dx) === forward ? 1 : -1;
}

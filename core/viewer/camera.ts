/**
 * Pure camera maths shared by the paging machine and the renderer.
 * The camera is the world point drawn at the canvas's top-left corner plus a
 * scale: screen = (world - camera) * scale.
 */
import { slotAtY, slotX, type Mode, type Viewport } from './layout';

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

export function cameraFor(g: Geometry, p: Position): Camera {
  if (g.mode === 'vertical') return { x: p.panX, y: p.scrollY, scale: p.scale };
  return { x: slotX(p.index, g.viewport, g.rtl) + p.panX - p.dragDx / p.scale, y: p.panY, scale: p.scale };
}

export function maxScroll(g: Geometry, scale: number): number {
  return Math.max(0, g.contentHeight - g.viewport.height / scale);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keeps the zoomed view inside the slot / column. */
export function clampPosition(g: Geometry, p: Position): Position {
  const { width: vw, height: vh } = g.viewport;
  const s = p.scale;
  const panX = clamp(p.panX, 0, vw - vw / s);
  if (g.mode === 'vertical') {
    const scrollY = clamp(p.scrollY, 0, maxScroll(g, s));
    return { ...p, panX, scrollY, index: verticalIndex(g, scrollY, s) };
  }
  return { ...p, panX, panY: clamp(p.panY, 0, vh - vh / s) };
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
  return clampPosition(g, { ...p, scale: s1, panX: cx - slotX(p.index, g.viewport, g.rtl), panY: cy, dragDx: 0 });
}

/** A page turn: new slot, zoom reset. Vertical slots scroll to their top. */
export function goTo(g: Geometry, p: Position, index: number): Position {
  const i = clamp(Math.round(index), 0, Math.max(0, g.count - 1));
  if (g.mode === 'vertical') {
    const scrollY = clamp(g.tops[i] ?? 0, 0, maxScroll(g, 1));
    return { ...HOME, index: i, scrollY };
  }
  return { ...HOME, index: i };
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

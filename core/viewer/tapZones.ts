/**
 * Tap zones over the viewer's stage, as pure geometry in a unit square
 * (0..1 across and down): which action a tap at a point triggers for a
 * layout. Layouts are drawn for left-to-right reading ("next" on the right);
 * a right-to-left chapter read across mirrors them, and the reader's
 * inversion flips them across and/or down on top of that. Where no zone
 * lies a tap toggles the navigation bar (`menu`). The settings' preview
 * draws the same rects the taps use.
 *
 *   edges     left and right strips read on, the bottom middle goes back
 *   lshape    the top band and the left middle go back, the bottom band and
 *             the right middle read on (an L each); the default
 *   kindle    below a top band: the left third goes back, the rest reads on
 *   leftRight the left third goes back, the right third reads on
 *   off       taps never turn pages
 */
export const TAP_LAYOUTS = ['edges', 'lshape', 'kindle', 'leftRight', 'off'] as const;
export type TapLayout = (typeof TAP_LAYOUTS)[number];

export type TapAction = 'next' | 'prev' | 'menu';

/** A zone in the unit square. */
export interface TapRect {
  x: number;
  y: number;
  w: number;
  h: number;
  action: TapAction;
}

const T = 1 / 3;

const LAYOUTS: Record<TapLayout, TapRect[]> = {
  edges: [
    { x: 0, y: 0, w: T, h: 1, action: 'next' },
    { x: 2 * T, y: 0, w: T, h: 1, action: 'next' },
    { x: T, y: 2 * T, w: T, h: T, action: 'prev' },
  ],
  lshape: [
    { x: 0, y: 0, w: 1, h: T, action: 'prev' },
    { x: 0, y: T, w: T, h: T, action: 'prev' },
    { x: 2 * T, y: T, w: T, h: T, action: 'next' },
    { x: 0, y: 2 * T, w: 1, h: T, action: 'next' },
  ],
  kindle: [
    { x: 0, y: T, w: T, h: 2 * T, action: 'prev' },
    { x: T, y: T, w: 2 * T, h: 2 * T, action: 'next' },
  ],
  leftRight: [
    { x: 0, y: 0, w: T, h: 1, action: 'prev' },
    { x: 2 * T, y: 0, w: T, h: 1, action: 'next' },
  ],
  off: [],
};

export interface TapOrientation {
  /** Mirror across (a right-to-left chapter read across, or the reader's horizontal inversion). */
  flipX: boolean;
  /** Mirror down (the reader's vertical inversion). */
  flipY: boolean;
}

/** How a layout is turned: mirrored across for right-to-left reading across, and by the reader's inversion. */
export function tapOrientation(invertX: boolean, invertY: boolean, horizontalRtl: boolean): TapOrientation {
  return { flipX: invertX !== horizontalRtl, flipY: invertY };
}

/** The zones of a layout as drawn, `menu` zones included (the whole square is covered). */
export function tapZones(layout: TapLayout, o: TapOrientation): TapRect[] {
  const zones = LAYOUTS[layout].map((r) => ({
    ...r,
    x: o.flipX ? 1 - r.x - r.w : r.x,
    y: o.flipY ? 1 - r.y - r.h : r.y,
  }));
  return [...zones, ...menuRects(zones)];
}

/** The cells of a 3×3 grid no zone covers: the menu's, joined along rows, then equal runs down. */
function menuRects(zones: TapRect[]): TapRect[] {
  const rows: TapRect[] = [];
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 3; col++) {
      const [cx, cy] = [(col + 0.5) * T, (row + 0.5) * T];
      if (zones.some((z) => inside(z, cx, cy))) continue;
      const last = rows.at(-1);
      if (last && last.y === row * T && Math.abs(last.x + last.w - col * T) < 1e-9) last.w += T;
      else rows.push({ x: col * T, y: row * T, w: T, h: T, action: 'menu' });
    }
  const out: TapRect[] = [];
  for (const r of rows) {
    const above = out.find((o) => o.x === r.x && o.w === r.w && Math.abs(o.y + o.h - r.y) < 1e-9);
    if (above) above.h += r.h;
    else out.push(r);
  }
  return out;
}

const inside = (r: TapRect, x: number, y: number) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;

/** With large zones (e-ink), the menu keeps only a square of this share of each side in the middle of the stage. */
const LARGE_MENU = 0.2;

/** Distance from (u, v) to a zone (0 inside). */
const away = (r: TapRect, u: number, v: number) => Math.hypot(Math.max(r.x - u, 0, u - r.x - r.w), Math.max(r.y - v, 0, v - r.y - r.h));

/**
 * The action of a tap at (x, y) on a stage `width` × `height`. `large` (e-ink, where a missed turn costs a slow
 * redraw): a tap on the menu outside the middle square turns the page as the nearest turning zone would.
 */
export function tapAction(
  layout: TapLayout,
  o: TapOrientation,
  x: number,
  y: number,
  width: number,
  height: number,
  large = false,
): TapAction {
  const [u, v] = [Math.min(0.999999, Math.max(0, x / width)), Math.min(0.999999, Math.max(0, y / height))];
  const zones = tapZones(layout, o);
  const action = zones.find((r) => inside(r, u, v))?.action ?? 'menu';
  const middle = Math.abs(u - 0.5) <= LARGE_MENU / 2 && Math.abs(v - 0.5) <= LARGE_MENU / 2;
  if (!large || action !== 'menu' || middle) return action;
  const turns = zones.filter((r) => r.action !== 'menu').sort((a, b) => away(a, u, v) - away(b, u, v));
  return turns[0]?.action ?? 'menu';
}

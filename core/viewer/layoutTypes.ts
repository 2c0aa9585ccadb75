/**
 * The shapes of the viewer's page geometry: a layout, its slots and placements (built by layout.ts,
 * reworked by splitWide.ts). Types only, in a module of their own so both use them without importing
 * each other.
 */
import type { ImageCrop } from './crop';
import type { Spread } from './spreads';

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
  /** The share of the image cut off each side (absent: none): the rect shows the rest. */
  crop?: ImageCrop;
}

export type Mode = 'horizontal' | 'vertical';

export interface Layout {
  mode: Mode;
  rtl: boolean;
  viewport: Viewport;
  /** Horizontal: spreads in reading order. Vertical: one per item. */
  spreads: Spread[];
  placements: Placement[];
  /** World rect of each slot. Horizontal: at least the window's size. Vertical: the item's band of the column. */
  slots: Rect[];
  /** Vertical: full column height. Horizontal: viewport height. */
  contentHeight: number;
  /** item index → slot index */
  slotOfItem: number[];
}

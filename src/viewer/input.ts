/**
 * Pure input mapping: keys and tap positions to paging / nav-bar events,
 * following the reading direction.
 */
import type { PagingEvent } from '../../machines/pagingMachine';
import type { Mode } from '../../core/viewer/layout';

export type KeyAction = PagingEvent | null;

/** Vertical arrow keys scroll by this much; Space and Page keys by most of a screen. */
const ARROW_SCROLL = 120;

export function keyToEvent(key: string, shift: boolean, mode: Mode, rtl: boolean): KeyAction {
  const next: PagingEvent = { type: 'page.next' };
  const prev: PagingEvent = { type: 'page.prev' };
  switch (key) {
    case ' ':
    case 'Spacebar':
      return shift ? prev : next;
    case 'PageDown':
      return next;
    case 'PageUp':
      return prev;
    case 'Home':
      return { type: 'page.first' };
    case 'End':
      return { type: 'page.last' };
    case 'ArrowLeft':
      if (mode === 'vertical') return prev;
      return rtl ? next : prev;
    case 'ArrowRight':
      if (mode === 'vertical') return next;
      return rtl ? prev : next;
    case 'ArrowDown':
      return mode === 'vertical' ? { type: 'scroll.by', dy: ARROW_SCROLL } : next;
    case 'ArrowUp':
      return mode === 'vertical' ? { type: 'scroll.by', dy: -ARROW_SCROLL } : prev;
    default:
      return null;
  }
}

export type TapZone = 'prev' | 'next' | 'center';

/**
 * Outer thirds turn pages in the reading direction (left is "next" when
 * reading right to left); the centre toggles the navigation bar. Vertical
 * mode uses the top and bottom thirds.
 */
export function tapZone(x: number, y: number, width: number, height: number, mode: Mode, rtl: boolean): TapZone {
  if (mode === 'vertical') {
    if (y < height * 0.3) return 'prev';
    if (y > height * 0.7) return 'next';
    return 'center';
  }
  if (x < width * 0.3) return rtl ? 'next' : 'prev';
  if (x > width * 0.7) return rtl ? 'prev' : 'next';
  return 'center';
}

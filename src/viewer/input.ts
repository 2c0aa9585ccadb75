/**
 * Pure input mapping of the keys with a fixed meaning (Space and the arrow
 * keys, never remapped: core/viewer/controls.ts) to paging events, following
 * the reading direction. The remappable keys go through the reader's key map
 * (session/keys.ts).
 */
import type { PagingEvent } from '../../machines/pagingMachine';
import type { Mode } from '../../core/viewer/layout';

type KeyAction = PagingEvent | null;

/** Vertical arrow keys scroll by this much; Space by most of a screen. */
const ARROW_SCROLL = 120;

export function keyToEvent(key: string, shift: boolean, mode: Mode, rtl: boolean): KeyAction {
  const next: PagingEvent = { type: 'page.next' };
  const prev: PagingEvent = { type: 'page.prev' };
  switch (key) {
    case ' ':
    case 'Spacebar':
      return shift ? prev : next;
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

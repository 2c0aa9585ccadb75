/**
 * What a key press does in the viewer, as a pure rule: with a menu open only
 * Escape (it closes the menu); Escape lets go of a drag or leaves the zoom,
 * 0 resets the zoom; in horizontal reading O toggles the title's spread
 * offset (pairs shift by one page: fixes spreads that pair the wrong pages);
 * other keys page in the reading direction (input.ts).
 */
import type { PagingEvent } from '../../../machines/pagingMachine';
import type { ReaderSettingsEvent } from '../../../machines/readerSettingsMachine';
import type { Mode } from '../../../core/viewer/layout';
import { keyToEvent } from '../input';

/** A key press as the session needs it. */
export interface KeyInput {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  ctrlKey: boolean;
  /** The key went to a text field (it types there instead). */
  inField: boolean;
}

export interface KeyContext {
  menuOpen: boolean;
  dragging: boolean;
  zoomed: boolean;
  mode: Mode;
  rtl: boolean;
}

type KeyOutcome =
  | { to: 'menus' }
  | { to: 'settings'; event: ReaderSettingsEvent }
  /** `pages`: the key turned or scrolled pages (the browser must not scroll as well). */
  | { to: 'paging'; event: PagingEvent; pages: boolean }
  | null;

export function keyOutcome(k: KeyInput, c: KeyContext): KeyOutcome {
  if (c.menuOpen) return k.key === 'Escape' ? { to: 'menus' } : null;
  if (k.altKey || k.metaKey || k.ctrlKey || k.inField) return null;
  if (k.key === 'Escape' && c.dragging) return { to: 'paging', event: { type: 'drag.cancel' }, pages: false };
  if ((k.key === 'Escape' || k.key === '0') && c.zoomed) return { to: 'paging', event: { type: 'zoom.reset' }, pages: false };
  if (k.key.toLowerCase() === 'o' && c.mode === 'horizontal') return { to: 'settings', event: { type: 'spreadOffset.toggle' } };
  const event = keyToEvent(k.key, k.shiftKey, c.mode, c.rtl);
  return event ? { to: 'paging', event, pages: true } : null;
}

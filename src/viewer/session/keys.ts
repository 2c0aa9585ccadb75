/**
 * What a key press does in the viewer, as a pure rule: with a menu or the
 * help open only Escape (it closes it); Escape lets go of a drag or leaves
 * the zoom, 0 resets the zoom; Space and the arrows page in the reading
 * direction (input.ts); every other reader action is found through the
 * reader's key map (core/viewer/controls.ts): paging, the navigation bar, a
 * menu, the reading direction, the spread offset (horizontal reading only),
 * the zoom, and what the page around the session does (chapters, fullscreen,
 * help: `app`).
 */
import type { PagingEvent } from '../../../machines/pagingMachine';
import type { ReaderSettingsEvent } from '../../../machines/readerSettingsMachine';
import type { ViewerMenu } from '../../../machines/viewerMenusMachine';
import type { ViewerMode } from '../../../core/viewer/viewerMode';
import { actionOfKey, type KeyMap } from '../../../core/viewer/controls';
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
  keys: KeyMap;
  /** The stage's centre (the zoom key zooms there). */
  centre: { x: number; y: number };
}

/** Actions the page around the session carries out. */
export type AppAction = 'nextChapter' | 'prevChapter' | 'fullscreen' | 'help';

export type KeyOutcome =
  | { to: 'menus' }
  | { to: 'menu'; menu: ViewerMenu }
  | { to: 'settings'; event: ReaderSettingsEvent }
  /** `pages`: the key turned or scrolled pages (the browser must not scroll as well). */
  | { to: 'paging'; event: PagingEvent; pages: boolean }
  | { to: 'bar' }
  | { to: 'direction'; mode: Mode }
  | { to: 'app'; action: AppAction }
  | null;

const PAGING = { nextPage: 'page.next', prevPage: 'page.prev', firstPage: 'page.first', lastPage: 'page.last' } as const;

export function keyOutcome(k: KeyInput, c: KeyContext): KeyOutcome {
  if (c.menuOpen) return k.key === 'Escape' ? { to: 'menus' } : null;
  if (k.altKey || k.metaKey || k.ctrlKey || k.inField) return null;
  if (k.key === 'Escape' && c.dragging) return { to: 'paging', event: { type: 'drag.cancel' }, pages: false };
  if ((k.key === 'Escape' || k.key === '0') && c.zoomed) return { to: 'paging', event: { type: 'zoom.reset' }, pages: false };
  const fixed = keyToEvent(k.key, k.shiftKey, c.mode, c.rtl);
  if (fixed) return { to: 'paging', event: fixed, pages: true };
  const action = actionOfKey(c.keys, k.key);
  switch (action) {
    case null:
      return null;
    case 'nextPage':
    case 'prevPage':
    case 'firstPage':
    case 'lastPage':
      return { to: 'paging', event: { type: PAGING[action] }, pages: true };
    case 'zoom':
      return { to: 'paging', event: c.zoomed ? { type: 'zoom.reset' } : { type: 'zoom.toggle', ...c.centre }, pages: false };
    case 'spreadOffset':
      return c.mode === 'horizontal' ? { to: 'settings', event: { type: 'spreadOffset.toggle' } } : null;
    case 'toggleBar':
      return { to: 'bar' };
    case 'settings':
    case 'chapters':
    case 'language':
      return { to: 'menu', menu: action };
    case 'direction':
      return { to: 'direction', mode: c.mode === 'vertical' ? 'horizontal' : 'vertical' };
    case 'autoScroll':
    case 'autoScrollFaster':
    case 'autoScrollSlower':
      // Auto-scroll's hook (screens/viewer/useAutoScroll.ts) reads the same map and carries these out.
      return null;
    default:
      return { to: 'app', action };
  }
}

/** What a key's outcome is carried out on (the session). */
interface KeyTargets {
  closeMenu(): void;
  toggleMenu(menu: ViewerMenu): void;
  changeSetting(e: ReaderSettingsEvent): void;
  toggleBar(): void;
  setMode(mode: ViewerMode): void;
  readonly controls: { onApp(a: AppAction): void };
  send(e: PagingEvent): void;
}

/** Carries the outcome out; true when the key was the viewer's (the browser must not act on it as well). */
export function dispatchKey(out: KeyOutcome, to: KeyTargets): boolean {
  if (out?.to === 'menus') to.closeMenu();
  else if (out?.to === 'menu') to.toggleMenu(out.menu);
  else if (out?.to === 'settings') to.changeSetting(out.event);
  else if (out?.to === 'bar') to.toggleBar();
  else if (out?.to === 'direction') to.setMode(out.mode);
  else if (out?.to === 'app') to.controls.onApp(out.action);
  else if (out?.to === 'paging') to.send(out.event);
  return out !== null && (out.to !== 'paging' || out.pages);
}

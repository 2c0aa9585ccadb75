/**
 * The reader's controls, one set per visitor (the "Controls" section of the
 * viewer's settings modal): a key for every reader action (remappable; Space,
 * the arrow keys and Escape keep their fixed meaning and cannot be taken),
 * the tap-zone layout and its inversion (tapZones.ts), what the mouse wheel
 * does, and reduced motion (follow the system, always, never). Plain data
 * with defaults and a sanitising parser for the stored value; the
 * keyRemap, tapZone and reducedMotion machines change it.
 */
import { TAP_LAYOUTS, type TapLayout } from './tapZones';

/** Everything a reader can do in the viewer from the keyboard. */
export const READER_ACTIONS = [
  'nextPage',
  'prevPage',
  'firstPage',
  'lastPage',
  'nextChapter',
  'prevChapter',
  'toggleBar',
  'settings',
  'chapters',
  'language',
  'direction',
  'spreadOffset',
  'zoom',
  'fullscreen',
  'help',
  // Auto-scroll (carried out by its own hook in the viewer screen, with this same map).
  'autoScroll',
  'autoScrollFaster',
  'autoScrollSlower',
] as const;
export type ReaderAction = (typeof READER_ACTIONS)[number];

/** Action → its key (KeyboardEvent.key; a letter in lower case). */
export type KeyMap = Record<ReaderAction, string>;

export const DEFAULT_KEYS: KeyMap = {
  nextPage: 'PageDown',
  prevPage: 'PageUp',
  firstPage: 'Home',
  lastPage: 'End',
  nextChapter: ']',
  prevChapter: '[',
  toggleBar: 'm',
  settings: 's',
  chapters: 'c',
  language: 'l',
  direction: 'd',
  spreadOffset: 'o',
  zoom: 'z',
  fullscreen: 'f',
  help: '?',
  autoScroll: 'a',
  autoScrollFaster: '+',
  autoScrollSlower: '-',
};

/** Keys with a fixed meaning (paging, leaving a dialog or the zoom, moving focus): never remapped. */
const RESERVED_KEYS: readonly string[] = [' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Escape', 'Tab', 'Enter', '0'];

/** Keys that are only modifiers (pressed alone while recording: wait for the real key). */
const MODIFIERS = ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Dead', 'Unidentified', 'Process'];

/** `scroll`: the wheel scrolls vertical reading (and turns pages read across); `pages`: it always turns pages. */
export type WheelMode = 'scroll' | 'pages';
export const WHEEL_MODES: readonly WheelMode[] = ['scroll', 'pages'];

/** `auto` follows the system's prefers-reduced-motion. */
export type MotionSetting = 'auto' | 'reduce' | 'full';
export const MOTION_SETTINGS: readonly MotionSetting[] = ['auto', 'reduce', 'full'];

export interface TapSettings {
  layout: TapLayout;
  invertX: boolean;
  invertY: boolean;
}

export interface ControlSettings extends TapSettings {
  keys: KeyMap;
  wheel: WheelMode;
  motion: MotionSetting;
}

export const DEFAULT_TAPS: TapSettings = { layout: 'lshape', invertX: false, invertY: false };

export const DEFAULT_CONTROLS: ControlSettings = { keys: DEFAULT_KEYS, ...DEFAULT_TAPS, wheel: 'scroll', motion: 'auto' };

/** A key press as the key map stores it: letters in lower case; null for a lone modifier. */
export function normalKey(key: string): string | null {
  if (!key || MODIFIERS.includes(key)) return null;
  if (key === 'Spacebar') return ' ';
  return key.length === 1 ? key.toLowerCase() : key;
}

/** The action bound to a key, if any. */
export function actionOfKey(keys: KeyMap, key: string): ReaderAction | null {
  const k = normalKey(key);
  return k === null ? null : (READER_ACTIONS.find((a) => keys[a] === k) ?? null);
}

/** Why a key cannot go to `action`: reserved, or already the key of another action; null when it can. */
export function keyConflict(keys: KeyMap, action: ReaderAction, key: string): { reserved: true } | { with: ReaderAction } | null {
  if (RESERVED_KEYS.includes(key)) return { reserved: true };
  const other = READER_ACTIONS.find((a) => a !== action && keys[a] === key);
  return other ? { with: other } : null;
}

const oneOf = <T>(all: readonly T[], v: unknown, d: T): T => (all.includes(v as T) ? (v as T) : d);

/** The key map from a stored value: unknown actions dropped, missing, reserved or doubled keys back to their defaults. */
function parseKeys(raw: unknown): KeyMap {
  const o = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const keys = { ...DEFAULT_KEYS };
  for (const a of READER_ACTIONS) {
    const k = typeof o[a] === 'string' ? normalKey(o[a]) : null;
    if (k !== null && !RESERVED_KEYS.includes(k)) keys[a] = k;
  }
  const doubled = READER_ACTIONS.filter((a) => READER_ACTIONS.some((b) => b !== a && keys[b] === keys[a]));
  return doubled.length ? DEFAULT_KEYS : keys;
}

/** Control settings from a stored value (an older build's, or tampered with): each field sanitised. */
export function parseControls(raw: unknown): ControlSettings {
  const o = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const d = DEFAULT_CONTROLS;
  return {
    keys: parseKeys(o.keys),
    layout: oneOf(TAP_LAYOUTS, o.layout, d.layout),
    invertX: typeof o.invertX === 'boolean' ? o.invertX : d.invertX,
    invertY: typeof o.invertY === 'boolean' ? o.invertY : d.invertY,
    wheel: oneOf(WHEEL_MODES, o.wheel, d.wheel),
    motion: oneOf(MOTION_SETTINGS, o.motion, d.motion),
  };
}

/** Whether motion is reduced: the setting, or the system's preference when it follows it. */
export function motionReduced(setting: MotionSetting, system: boolean): boolean {
  return setting === 'auto' ? system : setting === 'reduce';
}

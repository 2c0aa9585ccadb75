import { STORAGE } from '../../../core/storageKeys';
import { parseControls, type ControlSettings } from '../../../core/viewer/controls';
import * as reader from '../../../core/viewer/readerSettings';
import { clampAutoScrollLevel } from '../../../core/viewer/autoScroll';
import { get, json, put, recentMap, saveRecent } from './browserStorage';

/**
 * What the viewer keeps for the reader: where each chapter resumes, the display settings, each
 * title's settings (parsed with core/viewer/readerSettings.ts's sanitisers) and the controls.
 */

/** The item index to resume a chapter at (0 when none). */
export function storedResumePosition(chapterId: number): number {
  const n = recentMap(STORAGE.resumePositions)[String(chapterId)];
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
}

export function saveResumePosition(chapterId: number, item: number): void {
  saveRecent(STORAGE.resumePositions, chapterId, item, 200);
}

/** The reader's display settings (defaults where none or damaged). */
export function storedDisplaySettings(): reader.DisplaySettings {
  return reader.parseDisplaySettings(json(get(STORAGE.displaySettings)));
}

export function saveDisplaySettings(s: reader.DisplaySettings): void {
  put(STORAGE.displaySettings, JSON.stringify(s));
}

/** A title's reader settings (defaults where none); a title back at the defaults is not kept. */
export function storedTitleSettings(titleId: number): reader.TitleSettings {
  return reader.parseTitleSettings(recentMap(STORAGE.titleSettings)[String(titleId)]);
}

export function saveTitleSettings(titleId: number, s: reader.TitleSettings): void {
  const plain = !s.spreadOffset && reader.isIdentityFilter(s.filter);
  saveRecent(STORAGE.titleSettings, titleId, plain ? null : s, 200);
}

/** The reader's controls (keys, tap zones, wheel, motion; defaults where none or damaged). */
export function storedControls(): ControlSettings {
  return parseControls(json(get(STORAGE.controls)));
}

export const saveControls = (p: Partial<ControlSettings>) => put(STORAGE.controls, JSON.stringify({ ...storedControls(), ...p }));

// Auto-scroll
/** Auto-scroll's level (the default where none or damaged). */
export function storedAutoScrollLevel(): number {
  return clampAutoScrollLevel(json(get(STORAGE.autoScrollLevel)));
}

export function saveAutoScrollLevel(level: number): void {
  put(STORAGE.autoScrollLevel, String(clampAutoScrollLevel(level)));
}

// Page bookmarks offline
/** The page bookmarks as last read from the server, and the changes made offline not yet sent. */
export interface StoredPageBookmarks {
  list: Array<Record<string, unknown>>;
  queue: Array<Record<string, unknown>>;
}

export function storedPageBookmarks(): StoredPageBookmarks {
  const v = json(get(STORAGE.pageBookmarks)) as Partial<StoredPageBookmarks> | null;
  const list = Array.isArray(v?.list) ? v.list.filter((x) => x && typeof x === 'object') : [];
  const queue = Array.isArray(v?.queue) ? v.queue.filter((x) => x && typeof x === 'object') : [];
  return { list, queue };
}

export function savePageBookmarks(s: StoredPageBookmarks): void {
  put(STORAGE.pageBookmarks, JSON.stringify(s));
}

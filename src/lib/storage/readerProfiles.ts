import { STORAGE } from '../../../core/storageKeys';
import { parseStoredProfiles, sameSettings, type ProfileSettings, type StoredProfiles } from '../../../core/viewer/readerProfiles';
import { get, json, put } from './browserStorage';
import { mirrorPrefsCookies, saveViewerMode, storedViewerMode } from './firstViewPrefs';
import {
  saveAutoScrollLevel,
  saveDisplaySettings,
  saveTitleSettings,
  storedAutoScrollLevel,
  storedControls,
  storedDisplaySettings,
  storedTitleSettings,
} from './readerState';

/**
 * The reading profiles (core/viewer/readerProfiles.ts) and applying one: every
 * setting it names written, or none.
 */
export function storedReaderProfiles(): StoredProfiles {
  return parseStoredProfiles(json(get(STORAGE.readerProfiles)));
}

export function saveReaderProfiles(s: StoredProfiles): void {
  put(STORAGE.readerProfiles, JSON.stringify(parseStoredProfiles(s)));
}

/** The settings in use now, as a profile would hold them (the colour filter: this title's). */
export function storedProfileSettings(titleId: number): ProfileSettings {
  return {
    mode: storedViewerMode() ?? 'vertical',
    display: storedDisplaySettings(),
    filter: storedTitleSettings(titleId).filter,
    controls: storedControls(),
    autoScrollLevel: storedAutoScrollLevel(),
  };
}

const PROFILE_KEYS = [
  STORAGE.viewerMode,
  STORAGE.displaySettings,
  STORAGE.titleSettings,
  STORAGE.controls,
  STORAGE.autoScrollLevel,
  STORAGE.readerProfiles,
] as const;

/**
 * Writes a profile's settings (the filter as this title's, its spread offset kept) and makes `id` the profile in
 * use; true when the browser kept them all. When it did not (storage full or blocked), every value goes back to
 * what it was: nothing is left half applied.
 */
export function applyProfileSettings(titleId: number, id: string, settings: ProfileSettings): boolean {
  const before = PROFILE_KEYS.map((k) => [k, get(k)] as const);
  saveViewerMode(settings.mode);
  saveDisplaySettings(settings.display);
  saveTitleSettings(titleId, { spreadOffset: storedTitleSettings(titleId).spreadOffset, filter: settings.filter });
  put(STORAGE.controls, JSON.stringify(settings.controls));
  saveAutoScrollLevel(settings.autoScrollLevel);
  saveReaderProfiles({ ...storedReaderProfiles(), active: id });
  const kept = storedViewerMode() === settings.mode && sameSettings(storedProfileSettings(titleId), settings);
  if (kept && storedReaderProfiles().active === id) return true;
  for (const [k, v] of before) if (get(k) !== v) put(k, v);
  mirrorPrefsCookies();
  return false;
}

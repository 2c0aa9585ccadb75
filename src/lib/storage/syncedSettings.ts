import { STORAGE } from '../../../core/storageKeys';
import { get, json, onLocalPut, put } from './browserStorage';
import { mirrorPrefsCookies } from './firstViewPrefs';

/**
 * The reader settings that follow a visitor to their linked devices (issue
 * 29; src/features/readerSettings/settingsSync.ts sends and fetches them):
 * the viewer mode, the image resolution, the display settings, the controls
 * (key map, tap zones, wheel, motion), auto-scroll's level and the reading
 * profiles (core/viewer/readerProfiles.ts), each as its
 * stored text. Per-title settings stay on each device (their map outgrows the
 * server's 16 KB: up to 200 titles).
 */
const SYNCED_KEYS: readonly string[] = [
  STORAGE.viewerMode,
  STORAGE.pageResolution,
  STORAGE.displaySettings,
  STORAGE.controls,
  STORAGE.autoScrollLevel,
  STORAGE.readerProfiles,
];

export type SyncedValues = Record<string, string | null>;

export function syncedValues(): SyncedValues {
  return Object.fromEntries(SYNCED_KEYS.map((k) => [k, get(k)]));
}

/** Whether this device holds any synced setting of its own (a device with none has nothing to offer its group). */
export const hasSyncedValues = () => SYNCED_KEYS.some((k) => get(k) !== null);

let applying = false;

/** Writes settings fetched from the server: known keys only, text only (each value's own parser sanitises it when read). */
export function applySyncedValues(values: unknown): void {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return;
  const v = values as Record<string, unknown>;
  applying = true;
  try {
    for (const k of SYNCED_KEYS) if (k in v && (typeof v[k] === 'string' || v[k] === null)) put(k, v[k]);
  } finally {
    applying = false;
  }
  mirrorPrefsCookies();
}

/** A synced setting changed here (not one written from the server). */
export function onSyncedChange(fn: () => void): () => void {
  return onLocalPut((key) => {
    if (!applying && SYNCED_KEYS.includes(key)) fn();
  });
}

/**
 * Where this device stands: the server's time of the settings last sent or applied here, whether they changed
 * since, and whether this device is linked to others (as the link screen last saw: only then are they synced).
 */
export interface SettingsSyncState {
  syncedAt: number;
  dirty: boolean;
  linked: boolean;
}

export function storedSettingsSync(): SettingsSyncState {
  const v = json(get(STORAGE.readerSettingsSync)) as Partial<SettingsSyncState> | null;
  return {
    syncedAt: typeof v?.syncedAt === 'number' && Number.isFinite(v.syncedAt) ? v.syncedAt : 0,
    dirty: v?.dirty === true,
    linked: v?.linked === true,
  };
}

export function saveSettingsSync(s: SettingsSyncState): void {
  put(STORAGE.readerSettingsSync, JSON.stringify(s));
}

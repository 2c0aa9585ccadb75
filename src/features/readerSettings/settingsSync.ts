/**
 * The reader settings follow the visitor's linked devices
 * (server/routes/api/reader_settings keeps one JSON object per visitor, or per
 * group once devices are linked). Only a linked device syncs (a visitor with
 * one device makes no call for it). A change here is sent a second later; the
 * server's copy is fetched when the app starts, when the tab comes back into
 * view and when the browser is back online, and applied when it is newer
 * than what this device last sent or applied (the server's clock decides, not
 * the devices'). A change not yet sent wins over the server's copy: it is
 * sent first. Screens read the applied settings the next time they open
 * (the viewer reads its settings as it opens a chapter).
 */
import { call } from '../../api/client';
import { applySyncedValues, hasSyncedValues, onSyncedChange, saveSettingsSync, storedSettingsSync, syncedValues } from '../../lib/storage';

const PATH = '/reader_settings';
const SEND_AFTER_MS = 1000;

let timer: ReturnType<typeof setTimeout> | undefined;
/** Changes made here since the app started: a send that began before the latest change leaves the settings dirty. */
let changes = 0;

async function send(): Promise<void> {
  const at = changes;
  // In the body: the reading profiles make the settings too long for a URL.
  const r = await call(PATH, { method: 'PUT', body: { settings: JSON.stringify({ v: 1, values: syncedValues() }) } });
  if (r.data.case === 'readerSettingsView')
    saveSettingsSync({ ...storedSettingsSync(), syncedAt: r.data.value.updatedAt, dirty: at !== changes });
}

/** Fetches the server's copy and applies it when it is newer than this device's; true when applied. */
async function fetchNewer(since: number): Promise<boolean> {
  const r = await call(PATH);
  if (r.data.case !== 'readerSettingsView' || !r.data.value.settings || r.data.value.updatedAt <= since) return false;
  let values: unknown;
  try {
    values = (JSON.parse(r.data.value.settings) as { values?: unknown }).values;
  } catch {
    return false;
  }
  applySyncedValues(values);
  saveSettingsSync({ ...storedSettingsSync(), syncedAt: r.data.value.updatedAt, dirty: false });
  return true;
}

/** Brings this device and the server level: sends a change not yet sent (or settings never sent), else fetches a newer copy. */
export async function syncSettings(): Promise<void> {
  const s = storedSettingsSync();
  if (!s.linked) return;
  try {
    if (s.dirty || (s.syncedAt === 0 && hasSyncedValues())) await send();
    else await fetchNewer(s.syncedAt);
  } catch {
    // Offline or refused: the change stays marked and goes with the next sync.
  }
}

/** Sends this device's settings now if the server may not have them (before it confirms a link: the group starts with them). */
export async function flushSettings(): Promise<void> {
  clearTimeout(timer);
  const s = storedSettingsSync();
  if (s.dirty || (s.syncedAt === 0 && hasSyncedValues())) await send().catch(() => undefined);
}

/** What the link screen sees: linked to other devices or not (an unlinked device stops syncing). */
export function setLinked(linked: boolean): void {
  const s = storedSettingsSync();
  if (s.linked !== linked) saveSettingsSync({ ...s, linked });
}

/** This device has just joined a group: it takes the group's settings (when the group has any) over its own. */
export async function adoptGroupSettings(): Promise<void> {
  clearTimeout(timer);
  setLinked(true);
  await fetchNewer(0).catch(() => false);
}

let started = false;
/** Starts following the settings (once, in the browser, as the app starts). */
export function startSettingsSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  onSyncedChange(() => {
    changes++;
    saveSettingsSync({ ...storedSettingsSync(), dirty: true });
    clearTimeout(timer);
    timer = setTimeout(() => void syncSettings(), SEND_AFTER_MS);
  });
  window.addEventListener('online', () => void syncSettings());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncSettings();
  });
  void syncSettings();
}

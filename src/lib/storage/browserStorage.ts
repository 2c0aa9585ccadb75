/**
 * The browser's storage itself: the only file in src/ that touches `localStorage` and
 * `sessionStorage` (ESLint bans them elsewhere). The modules beside it parse and write one value
 * each through these.
 */

export function json(raw: string | null): unknown {
  try {
    return raw == null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

type Area = 'localStorage' | 'sessionStorage';

/** Reads nothing where there is no such storage (server rendering) or it is blocked. */
function read(area: Area, key: string): string | null {
  try {
    return (globalThis as Partial<Record<Area, Storage>>)[area]?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a value (null removes it); a full or blocked storage loses it: everything stored is a convenience. */
function write(area: Area, key: string, value: string | null): void {
  try {
    const store = (globalThis as Partial<Record<Area, Storage>>)[area];
    if (value == null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Full or blocked.
  }
}

/** Told of every local write, with its key (the reader settings that follow the visitor's linked devices: syncedSettings.ts). */
const putListeners = new Set<(key: string) => void>();
export function onLocalPut(fn: (key: string) => void): () => void {
  putListeners.add(fn);
  return () => void putListeners.delete(fn);
}

export const get = (key: string) => read('localStorage', key);
export const put = (key: string, value: string | null) => {
  write('localStorage', key, value);
  for (const l of putListeners) l(key);
};
export const sessionGet = (key: string) => read('sessionStorage', key);
export const sessionPut = (key: string, value: string | null) => write('sessionStorage', key, value);

/** A stored JSON map id → value, the most recent last (resume positions, title settings). */
export function recentMap(key: string): Record<string, unknown> {
  const v = json(get(key));
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Puts `id` last in the map (null removes it); the oldest go once it holds more than `max`. */
export function saveRecent(key: string, id: number, value: unknown, max: number): void {
  const m = recentMap(key);
  if (JSON.stringify(m[String(id)] ?? null) === JSON.stringify(value)) return;
  delete m[String(id)];
  if (value !== null) m[String(id)] = value;
  const keys = Object.keys(m);
  for (const k of keys.slice(0, Math.max(0, keys.length - max))) delete m[k];
  put(key, JSON.stringify(m));
}

/** A stored time in seconds (null when none; a damaged value counts as none). */
export function seconds(key: string): number | null {
  const v = get(key);
  const n = v === null ? NaN : Number(v);
  return Number.isFinite(n) ? n : null;
}

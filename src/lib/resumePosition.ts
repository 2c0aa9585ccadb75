import { STORAGE } from '../../core/storageKeys';

/** Resume points: JSON map chapterId → item index last read (STORAGE.lastPageRead). */
const MAX_CHAPTERS = 200;

function readMap(): Record<string, number> {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE.lastPageRead) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function readLastPage(chapterId: number): number {
  const n = readMap()[String(chapterId)];
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
}

export function writeLastPage(chapterId: number, item: number): void {
  const m = readMap();
  if (m[String(chapterId)] === item) return;
  delete m[String(chapterId)];
  m[String(chapterId)] = item;
  // Oldest entries go first once the map grows.
  const keys = Object.keys(m);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_CHAPTERS))) delete m[k];
  try {
    localStorage.setItem(STORAGE.lastPageRead, JSON.stringify(m));
  } catch {
    // Storage full or blocked: resuming is a convenience.
  }
}

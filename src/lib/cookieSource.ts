import { PREFS_COOKIES } from '../../core/storageKeys';
import type { StoreSource } from './storage';

/**
 * The preference cookies of a request's Cookie header as a source keyed like
 * local storage (core/storageKeys.ts, PREFS_COOKIES: same value format), so
 * server rendering reads them with the parsers of src/lib/storage/:
 * `readStored(cookieSource(header))`.
 */
export function cookieSource(header: string | undefined): StoreSource {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    try {
      jar.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
    } catch {
      // A cookie that is not ours and not URL-encoded.
    }
  }
  const nameOf = new Map<string, string>(Object.entries(PREFS_COOKIES));
  return { getItem: (key) => jar.get(nameOf.get(key) ?? '') ?? null };
}

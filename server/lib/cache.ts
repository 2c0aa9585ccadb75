import type { ServerClock } from './clock.js';
import { opsCounters } from './opsCounters.js';

/**
 * A small time-bounded memo for computed views shared by every visitor
 * (per language, per title...). An entry is kept for ttlMs at most, and less
 * when its computation says when its answer changes (a chapter's start or
 * end time passing): compute gets expire(atMs) to shorten its own entry.
 * Concurrent misses share one computation; a failed computation is not kept.
 * Bounded: the oldest entries go first. Time is the server's clock (a test moves it).
 */
export class TtlCache<V> {
  private readonly map = new Map<string, { until: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly clock: Pick<ServerClock, 'now'>,
  ) {}

  get(key: string, compute: (expire: (atMs: number) => void) => Promise<V>): Promise<V> {
    const now = this.clock.now();
    const hit = this.map.get(key);
    if (hit && now < hit.until) {
      opsCounters.cacheHits++;
      return hit.value;
    }
    opsCounters.cacheMisses++;
    const entry = { until: now + this.ttlMs, value: undefined as unknown as Promise<V> };
    entry.value = compute((atMs) => {
      if (atMs < entry.until) entry.until = atMs;
    });
    this.map.delete(key);
    this.map.set(key, entry);
    entry.value.catch(() => {
      if (this.map.get(key) === entry) this.map.delete(key);
    });
    while (this.map.size > this.max) {
      const first = this.map.keys().next().value as string;
      this.map.delete(first);
    }
    return entry.value;
  }

  clear(): void {
    this.map.clear();
  }
}

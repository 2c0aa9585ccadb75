/**
 * A small time-bounded memo for computed views shared by every visitor
 * (per language, per title...). Concurrent misses share one computation;
 * a failed computation is not kept. Bounded: the oldest entries go first.
 */
export class TtlCache<V> {
  private readonly map = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
  ) {}

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.map.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = compute();
    this.map.delete(key);
    this.map.set(key, { at: now, value });
    value.catch(() => {
      if (this.map.get(key)?.value === value) this.map.delete(key);
    });
    while (this.map.size > this.max) {
      const first = this.map.keys().next().value as string;
      this.map.delete(first);
    }
    return value;
  }

  clear(): void {
    this.map.clear();
  }
}

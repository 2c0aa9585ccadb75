import { describe, expect, it } from 'vitest';
import type { DecodeCallbacks, DecodePool } from './decodePool';
import { PageStore } from './pageStore';

/** A pool that decodes at once into fake bitmaps that know when they are closed. */
function instantPool() {
  const closed = new Set<string>();
  const pool = {
    request(url: string, _key: string, cb: DecodeCallbacks) {
      cb.onStart();
      const bitmap = { url, close: () => closed.add(url) } as unknown as ImageBitmap;
      queueMicrotask(() => cb.onDone({ width: 100, height: 150, tiles: [{ x: 0, y: 0, w: 100, h: 150, pixels: bitmap }] }));
      return { cancel() {} };
    },
  } as unknown as DecodePool;
  return { pool, closed };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('page store', () => {
  it('keeps at most the cap decoded, and a released page has no bitmap left for the renderer to draw from', async () => {
    const { pool, closed } = instantPool();
    const sources = Array.from({ length: 40 }, (_, i) => ({ url: `p${i}`, key: '00' }));
    const seenOnRelease: Array<[number, boolean]> = [];
    let maxDecoded = 0;
    const store: PageStore = new PageStore(
      sources,
      pool,
      {
        onChange: () => {
          maxDecoded = Math.max(maxDecoded, store.decodedCount());
        },
        onRelease: (i) => seenOnRelease.push([i, store.bitmap(i) !== undefined]),
      },
      { ahead: 3, behind: 1, cap: 4 },
    );
    for (let at = 0; at < 40; at += 2) {
      store.setPosition(
        at,
        [at, at + 1].filter((i) => i < 40),
      );
      await flush();
      await flush();
    }
    expect(maxDecoded).toBeLessThanOrEqual(4);
    expect(seenOnRelease.length).toBeGreaterThan(20);
    // When the renderer is told to drop a texture, the bitmap is already out of the store (then closed).
    expect(seenOnRelease.filter(([, had]) => had)).toEqual([]);
    for (const [i] of seenOnRelease) expect(closed.has(`p${i}`)).toBe(true);
    store.destroy();
  });
});

import { describe, expect, it } from 'vitest';
import { IDLE_MS, MAX_CHAPTER_MS, readingTime } from './readingTime';

describe('reading time', () => {
  const at = (start = 0) => {
    let t = start;
    return { now: () => t, go: (ms: number) => (t += ms) };
  };

  it('counts time between moves, a rest up to IDLE_MS, and keeps the remainder of a second', () => {
    const c = at();
    const r = readingTime(c.now);
    c.go(10_500);
    r.moved();
    expect(r.take()).toBe(10);
    c.go(IDLE_MS * 5);
    r.moved();
    c.go(500);
    expect(r.take()).toBe(IDLE_MS / 1000 + 1);
    expect(r.take()).toBe(0);
  });

  it('stops while the page is hidden and starts again when it is shown', () => {
    const c = at();
    const r = readingTime(c.now);
    c.go(5000);
    r.hidden();
    c.go(60 * 60_000);
    r.shown();
    c.go(3000);
    expect(r.take()).toBe(8);
  });

  it("caps a chapter's time at MAX_CHAPTER_MS; a new chapter starts its own", () => {
    const c = at();
    const r = readingTime(c.now);
    for (let i = 0; i < 100; i++) {
      c.go(IDLE_MS);
      r.moved();
    }
    expect(r.take()).toBe(MAX_CHAPTER_MS / 1000);
    r.opened();
    c.go(4000);
    expect(r.take()).toBe(4);
  });
});

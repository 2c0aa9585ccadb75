/**
 * Auto-scroll's speed: one level the reader sets (1 slowest to
 * 10 fastest), read as a steady scroll in vertical mode and as seconds per
 * page turn in horizontal mode or under reduced motion.
 */
export const AUTO_SCROLL_MIN = 1;
export const AUTO_SCROLL_MAX = 10;
const AUTO_SCROLL_DEFAULT = 4;

/** A level kept within 1..10 (a stored or sent value of any other shape gives the default). */
export function clampAutoScrollLevel(level: unknown): number {
  if (typeof level !== 'number' || !Number.isFinite(level)) return AUTO_SCROLL_DEFAULT;
  return Math.min(AUTO_SCROLL_MAX, Math.max(AUTO_SCROLL_MIN, Math.round(level)));
}

/** Vertical scroll speed in CSS pixels per second: 20 at level 1, 200 at level 10. */
export function autoScrollPxPerSec(level: number): number {
  return 20 * clampAutoScrollLevel(level);
}

/** Time between page turns in milliseconds: 20 s at level 1 down to 2 s at level 10. */
export function autoTurnIntervalMs(level: number): number {
  return 2000 * (AUTO_SCROLL_MAX + 1 - clampAutoScrollLevel(level));
}

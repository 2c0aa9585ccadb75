/**
 * Cover tests' pure rules (issue 48): which variant a visitor sees, and how
 * sure the figures are that one variant draws more readers than another.
 * Shared by the server (assignment, the end of the period) and the console
 * (what its figures say).
 */

/** Variants of one test: the title's image and up to two others. */
export const MAX_VARIANTS = 3;
export const MIN_VARIANTS = 2;
/** Visitors a variant must have seen before its share is compared at all. */
export const MIN_VISITORS = 100;
/** Readers and non-readers each variant needs for the normal approximation of the test to hold. */
const MIN_OUTCOMES = 5;
/** The level at which a difference is called one (two-sided). */
const ALPHA = 0.05;

/** FNV-1a (32 bits) of a string: the same on every node and every run. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The variant (0 … n−1) a visitor sees in a test: from their id and the
 * test's, so the same on every visit and every node with no row stored per
 * visitor, and independent between tests.
 */
export function assignVariant(visitor: string, testId: number, n: number): number {
  if (n <= 1) return 0;
  return mix32(fnv1a(`cover-test:${testId}:${visitor}`)) % n;
}

/**
 * MurmurHash3's finalizer: every bit of the result depends on every bit of
 * the input. FNV-1a's low bits alone are the parity of the characters' low
 * bits, so `% 2` of it would split two tests' visitors the same way (or
 * exactly the other way).
 */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** What a variant's figures are compared on: visitors who saw it, and of them those who went on to read. */
export interface Share {
  visitors: number;
  readers: number;
}

/** The standard normal distribution's cumulative function (Abramowitz and Stegun 7.1.26 for erf, error under 1.5e−7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export type Verdict =
  /** Too few visitors or outcomes for the test to say anything. */
  | { kind: 'not-enough'; needVisitors: number }
  /** The test holds: z, the two-sided p-value, and whether the difference is one at ALPHA. */
  | { kind: 'tested'; z: number; p: number; confidence: number; significant: boolean };

/**
 * A two-proportion z-test of the reading shares of two variants (pooled
 * standard error). Below MIN_VISITORS visitors per variant, or fewer than
 * MIN_OUTCOMES readers or non-readers in either, it says not enough data.
 */
export function compareShares(a: Share, b: Share): Verdict {
  const enough = (s: Share) =>
    s.visitors >= MIN_VISITORS && s.readers >= MIN_OUTCOMES && s.visitors - Math.min(s.readers, s.visitors) >= MIN_OUTCOMES;
  if (!enough(a) || !enough(b)) return { kind: 'not-enough', needVisitors: Math.max(0, MIN_VISITORS - Math.min(a.visitors, b.visitors)) };
  const ra = Math.min(a.readers, a.visitors);
  const rb = Math.min(b.readers, b.visitors);
  const pooled = (ra + rb) / (a.visitors + b.visitors);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.visitors + 1 / b.visitors));
  const z = se > 0 ? (ra / a.visitors - rb / b.visitors) / se : 0;
  const p = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { kind: 'tested', z, p, confidence: 1 - p, significant: p < ALPHA };
}

/** A variant's reading share (0 with no visitors). */
export const shareOf = (s: Share): number => (s.visitors ? Math.min(s.readers, s.visitors) / s.visitors : 0);

/**
 * The variant that wins by reading share when the period ends: the highest
 * share; a tie (or no data) goes to the lowest index, the title's own image.
 */
export function winnerByShare(shares: readonly Share[]): number {
  let best = 0;
  for (let i = 1; i < shares.length; i++) if (shareOf(shares[i]) > shareOf(shares[best])) best = i;
  return best;
}

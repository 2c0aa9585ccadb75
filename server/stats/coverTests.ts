import type { DB } from '../db/index.js';
import { compareShares, shareOf, type Share } from '../../core/console/coverTests.js';
import type { Confidence } from '../../core/console/schemas/coverTests.js';
import { Hll } from '../lib/hll.js';
import { overlap, rollups, Tallies } from './query.js';

const HOUR = 3600;

/** A variant's figures as the rollups hold them (the console adds its image). */
export interface VariantCounts {
  index: number;
  impressions: number;
  taps: number;
  visitors: number;
  readers: number;
  share: number;
  chaptersPerReader: number;
  /** Of the visitors, those who tapped (estimated), and their share (a banner test's measure when its banner has no title). */
  tappers: number;
  tapShare: number;
  /** Seconds of reading a reader of the variant spent (ct.time: seconds sent by the viewer; 0 with none). */
  readingSecondsPerReader: number;
}

/** What a test's winner is picked by: reading share, or tap share for a banner with no title. */
export type Measure = 'reading' | 'taps';

/**
 * A cover test's figures per variant, from the rollups only (ct.imp, ct.tap,
 * ct.read, ct.time keyed by the test, the variant as the dim): impressions
 * and taps as counted; visitors, the union of those shown it or opening the
 * title (tapping the banner); readers, those of them who read a chapter of
 * the title; chapters per reader from the counted views, reading time per
 * reader from the seconds the viewer sent. Then how sure the leader's lead
 * over the runner-up is by the test's measure (a two-proportion z-test, or
 * not enough data yet).
 */
export async function coverTestFigures(
  db: DB,
  testId: number,
  variants: number,
  fromSec: number,
  toSec: number,
  measure: Measure = 'reading',
): Promise<{ variants: VariantCounts[]; confidence: Confidence }> {
  const rows = await rollups(db, ['ct.imp', 'ct.tap', 'ct.read', 'ct.time'], Math.floor(fromSec / HOUR), Math.floor(toSec / HOUR) + 1, {
    keys: [testId],
  });
  const t = new Tallies();
  for (const r of rows) t.of(`${r.metric}\n${r.dim}`).add(r);
  const out: VariantCounts[] = [];
  for (let i = 0; i < variants; i++) {
    const imp = t.get(`ct.imp\n${i}`);
    const tap = t.get(`ct.tap\n${i}`);
    const read = t.get(`ct.read\n${i}`);
    const time = t.get(`ct.time\n${i}`);
    const seen = new Hll();
    if (imp?.hll) seen.merge(imp.hll);
    if (tap?.hll) seen.merge(tap.hll);
    const visitors = seen.count();
    const readers = Math.min(visitors, overlap(seen, read?.hll ?? null));
    const readersAll = read?.readers ?? 0;
    const tappers = Math.min(visitors, overlap(seen, tap?.hll ?? null));
    out.push({
      index: i,
      impressions: imp?.n ?? 0,
      taps: tap?.n ?? 0,
      visitors,
      readers,
      share: shareOf({ visitors, readers }),
      chaptersPerReader: readersAll ? (read?.n ?? 0) / readersAll : 0,
      tappers,
      tapShare: shareOf({ visitors, readers: tappers }),
      readingSecondsPerReader: readersAll ? (time?.n ?? 0) / readersAll : 0,
    });
  }
  return { variants: out, confidence: confidenceOf(out, measure) };
}

/** A variant's outcome by the measure: its readers, or its tappers. */
export const measured = (x: VariantCounts, measure: Measure): Share => ({
  visitors: x.visitors,
  readers: measure === 'taps' ? x.tappers : x.readers,
});

/** The leader (highest share by the measure) against the runner-up: the test of their difference. */
function confidenceOf(v: readonly VariantCounts[], measure: Measure): Confidence {
  const by = (x: VariantCounts) => shareOf(measured(x, measure));
  const ranked = [...v].sort((a, b) => by(b) - by(a) || a.index - b.index);
  const [lead, next] = ranked;
  if (!lead || !next) return { kind: 'not-enough', needVisitors: 0 };
  const s = (x: VariantCounts): Share => measured(x, measure);
  const verdict = compareShares(s(lead), s(next));
  if (verdict.kind === 'not-enough') return verdict;
  return {
    kind: 'tested',
    leader: lead.index,
    runnerUp: next.index,
    z: verdict.z,
    p: verdict.p,
    confidence: verdict.confidence,
    significant: verdict.significant,
  };
}

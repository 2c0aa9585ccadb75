import type { CoverSlot, CoverTest, CoverTestState, CoverTestSummary } from '../../../core/console/schemas/coverTests.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { CoverTestRow } from '../../repos/console/coverTests.js';
import { imagesOf } from '../../repos/coverTests.js';
import type { DB } from '../../db/index.js';
import { coverTestFigures, type Measure } from '../../stats/coverTests.js';
import { problems } from '../problems.js';

/** The title column each slot tests. */
export const SLOT_COLUMN = { portrait: 'portrait_image_url', landscape: 'landscape_image_url' } as const satisfies Record<
  Exclude<CoverSlot, 'banner'>,
  string
>;

const slotOf = (s: string): CoverSlot => (s === 'landscape' || s === 'banner' ? s : 'portrait');
/** A banner with no title has no reading to measure: its winner is picked by tap share. */
export const measureOf = (r: CoverTestRow): Measure => (r.slot === 'banner' && !r.title_id ? 'taps' : 'reading');
const stateOf = (s: string): CoverTestState => (s === 'running' || s === 'ended' ? s : 'draft');
const endedByOf = (s: string): CoverTest['endedBy'] => (s === 'editor' || s === 'period' ? s : '');

export async function found(repos: ConsoleRepos, id: number): Promise<CoverTestRow> {
  const row = await repos.coverTests.row(id);
  if (!row) throw problems.notFound(`No cover test ${id}.`);
  return row;
}

/** What the audit log keeps of a test. */
export const auditShape = (r: CoverTestRow) => ({
  titleId: r.title_id,
  slot: r.slot,
  ...(r.banner_id ? { bannerId: r.banner_id } : {}),
  state: r.state,
  images: imagesOf(r.images),
  startsAt: Number(r.starts_at),
  endsAt: Number(r.ends_at),
  winner: r.winner,
});

export function summaryOf(r: CoverTestRow, titleName: string): CoverTestSummary {
  return {
    id: r.id,
    titleId: r.title_id,
    titleName,
    slot: slotOf(r.slot),
    bannerId: r.banner_id,
    measure: measureOf(r),
    state: stateOf(r.state),
    variants: imagesOf(r.images).length,
    startsAt: Number(r.starts_at),
    endsAt: Number(r.ends_at),
    winner: r.winner,
    version: r.version,
  };
}

/** A test with its figures (from the rollups, over its period so far: nothing before it started). */
export async function testView(db: DB, repos: ConsoleRepos, r: CoverTestRow, now: number): Promise<CoverTest> {
  const images = imagesOf(r.images);
  const title = r.title_id ? await repos.titles.row(r.title_id) : undefined;
  const started = Number(r.starts_at) > 0;
  const figures = started
    ? await coverTestFigures(db, r.id, images.length, Number(r.starts_at), Math.min(now, Number(r.ends_at) || now), measureOf(r))
    : { variants: [], confidence: { kind: 'not-enough' as const, needVisitors: 0 } };
  return {
    ...summaryOf(r, title?.name ?? ''),
    images,
    endedBy: endedByOf(r.ended_by),
    variants: images.map((image, index) => {
      const f = figures.variants[index];
      return {
        index,
        image,
        impressions: f?.impressions ?? 0,
        taps: f?.taps ?? 0,
        visitors: f?.visitors ?? 0,
        readers: f?.readers ?? 0,
        share: f?.share ?? 0,
        chaptersPerReader: f?.chaptersPerReader ?? 0,
        tapShare: f?.tapShare ?? 0,
        readingSecondsPerReader: f?.readingSecondsPerReader ?? 0,
      };
    }),
    confidence: figures.confidence,
  };
}

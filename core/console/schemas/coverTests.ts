import { Type, type Static } from '@sinclair/typebox';
import { Id, Seconds } from './common.js';
import { MAX_VARIANTS } from '../coverTests.js';

/**
 * Cover tests (issue 48): a title's cover (portrait) or thumbnail
 * (landscape) image against up to two others, for a period. Times integer
 * seconds UTC; every write carries the `version` it was based on.
 */
const Version = Type.Integer({ minimum: 0 });

/** draft (variants being added) → running (visitors split) → ended (a winner on the title). */
export const CoverTestState = Type.Union([Type.Literal('draft'), Type.Literal('running'), Type.Literal('ended')]);
export type CoverTestState = Static<typeof CoverTestState>;
/** Which image is tested: the title's cover in the lists, its thumbnail, or a home banner's image (migration 0025). */
export const CoverSlot = Type.Union([Type.Literal('portrait'), Type.Literal('landscape'), Type.Literal('banner')]);
export type CoverSlot = Static<typeof CoverSlot>;

const VariantFigures = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  image: Type.String(),
  /** Answers that carried this image (lists, the home, the title's page). */
  impressions: Type.Integer({ minimum: 0 }),
  /** Openings of the title's page. */
  taps: Type.Integer({ minimum: 0 }),
  /** Distinct visitors who saw it (estimated). */
  visitors: Type.Integer({ minimum: 0 }),
  /** Of them, those who went on to read a chapter of the title (estimated). */
  readers: Type.Integer({ minimum: 0 }),
  /** readers / visitors (0 with none). */
  share: Type.Number(),
  /** Chapters read per reader: the reading they spent, as counted views. */
  chaptersPerReader: Type.Number(),
  /** Of the visitors, the share who tapped (a banner test's measure when the banner has no title). */
  tapShare: Type.Number(),
  /** Seconds a reader spent reading (sent by the viewer as it is left; idle and hidden time left out). */
  readingSecondsPerReader: Type.Number(),
});

/**
 * What the winner is picked by at the period's end (and what the confidence
 * compares): reading share, or tap share for a banner with no title to read.
 */
const Measure = Type.Union([Type.Literal('reading'), Type.Literal('taps')]);

/** How sure the figures are: not enough data yet, or the test of the leader against the runner-up. */
export const Confidence = Type.Union([
  Type.Object({ kind: Type.Literal('not-enough'), needVisitors: Type.Integer({ minimum: 0 }) }),
  Type.Object({
    kind: Type.Literal('tested'),
    leader: Type.Integer({ minimum: 0 }),
    runnerUp: Type.Integer({ minimum: 0 }),
    z: Type.Number(),
    p: Type.Number(),
    confidence: Type.Number(),
    significant: Type.Boolean(),
  }),
]);
export type Confidence = Static<typeof Confidence>;

export const CoverTest = Type.Object({
  id: Id,
  /** The title (a banner test: the banner's title when it was made; 0: none). */
  titleId: Type.Integer({ minimum: 0 }),
  titleName: Type.String(),
  slot: CoverSlot,
  /** The banner tested (slot banner), else 0. */
  bannerId: Type.Integer({ minimum: 0 }),
  measure: Measure,
  state: CoverTestState,
  images: Type.Array(Type.String()),
  startsAt: Seconds,
  endsAt: Seconds,
  /** The winning variant (−1: none yet). */
  winner: Type.Integer({ minimum: -1 }),
  /** Who ended it: the editor, the end of the period, or nobody yet. */
  endedBy: Type.Union([Type.Literal(''), Type.Literal('editor'), Type.Literal('period')]),
  variants: Type.Array(VariantFigures),
  confidence: Confidence,
  version: Type.Integer(),
});
export type CoverTest = Static<typeof CoverTest>;

export const CoverTestSummary = Type.Object({
  id: Id,
  titleId: Type.Integer({ minimum: 0 }),
  titleName: Type.String(),
  slot: CoverSlot,
  bannerId: Type.Integer({ minimum: 0 }),
  measure: Measure,
  state: CoverTestState,
  variants: Type.Integer({ minimum: 0 }),
  startsAt: Seconds,
  endsAt: Seconds,
  winner: Type.Integer({ minimum: -1 }),
  version: Type.Integer(),
});
export type CoverTestSummary = Static<typeof CoverTestSummary>;

export const CoverTestList = Type.Object({ tests: Type.Array(CoverTestSummary) });
export const CoverTestQuery = Type.Object({ titleId: Type.Optional(Id) });
/** A title's cover or thumbnail (titleId), or a home banner's image (slot banner, bannerId). */
export const CoverTestCreate = Type.Object({ titleId: Type.Optional(Id), bannerId: Type.Optional(Id), slot: CoverSlot });
export type CoverTestCreate = Static<typeof CoverTestCreate>;
export const CoverTestStart = Type.Object({ version: Version, days: Type.Integer({ minimum: 1, maximum: 28 }) });
export const CoverTestEnd = Type.Object({ version: Version, winner: Type.Integer({ minimum: 0, maximum: MAX_VARIANTS - 1 }) });
export const CoverTestImageQuery = Type.Object({ version: Version });

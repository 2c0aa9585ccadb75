import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assignVariant } from '../../core/console/coverTests.js';
import type { Snapshot, TitleRow } from '../repos/catalog.js';
import type { RunningTest } from '../repos/coverTests.js';
import type { StatsRecorder } from '../stats/rollup.js';

/**
 * Cover tests in the reader's answers (issue 48). A visitor's variant of
 * each running test is computed from their id (core/console/coverTests.ts),
 * the same on every node; the answers are cached per combination of
 * variants (the pick's key), never per visitor: a visitor with no test
 * running, or none of the answer's titles tested, shares the plain answer.
 */
export interface Pick {
  /** '' when no test applies: the plain answer. */
  key: string;
  /** Test → the variant this visitor sees. */
  variants: ReadonlyMap<number, number>;
  tests: readonly RunningTest[];
}

export const NO_PICK: Pick = { key: '', variants: new Map(), tests: [] };

/** The visitor's variants of these tests. */
function pickFor(visitor: string, tests: readonly RunningTest[]): Pick {
  if (!tests.length) return NO_PICK;
  const variants = new Map<number, number>();
  for (const t of tests) variants.set(t.id, assignVariant(visitor, t.id, t.images.length));
  return { key: tests.map((t) => `${t.id}.${variants.get(t.id)}`).join('-'), variants, tests };
}

/** The pick narrowed to one title's tests (a title's page depends on its own only). */
export function pickOfTitle(p: Pick, titleId: number): Pick {
  const tests = p.tests.filter((t) => t.titleId === titleId);
  if (tests.length === p.tests.length) return p;
  if (!tests.length) return NO_PICK;
  const variants = new Map(tests.map((t) => [t.id, p.variants.get(t.id) ?? 0]));
  return { key: tests.map((t) => `${t.id}.${variants.get(t.id)}`).join('-'), variants, tests };
}

const COLUMN = { portrait: 'portrait_image_url', landscape: 'landscape_image_url' } as const;

/** The title row as this pick shows it. */
function variedTitle(t: TitleRow, p: Pick): TitleRow {
  let out = t;
  for (const test of p.tests) {
    if (test.titleId !== t.id) continue;
    const url = test.images[p.variants.get(test.id) ?? 0];
    if (url) out = { ...out, [COLUMN[test.slot]]: url };
  }
  return out;
}

const varieties = new WeakMap<Snapshot, Map<string, Snapshot>>();

/** The snapshot with the pick's images in its titles (made once per snapshot and key). */
export function varied(s: Snapshot, p: Pick): Snapshot {
  if (!p.key) return s;
  let byKey = varieties.get(s);
  if (!byKey) varieties.set(s, (byKey = new Map<string, Snapshot>()));
  const known = byKey.get(p.key);
  if (known) return known;
  const tested = new Set(p.tests.map((t) => t.titleId));
  const titles = s.titles.map((t) => (tested.has(t.id) ? variedTitle(t, p) : t));
  const titlesById = new Map(titles.map((t) => [t.id, t]));
  const titlesBySeries = new Map([...s.titlesBySeries].map(([k, ts]) => [k, ts.map((t) => titlesById.get(t.id) ?? t)]));
  const out: Snapshot = { ...s, titles, titlesById, titlesBySeries };
  byKey.set(p.key, out);
  return out;
}

/**
 * Counts, in the rollups (buffered like every other event's), that these
 * tests' variants were shown to the visitor, or their title's page opened:
 * metric ct.imp or ct.tap, keyed by the test, the variant as the dim, the
 * visitor into the sketch.
 */
export function countShown(
  stats: StatsRecorder,
  p: Pick,
  metric: 'ct.imp' | 'ct.tap',
  visitor: string,
  shown: (t: RunningTest) => boolean = () => true,
): void {
  for (const t of p.tests) if (shown(t)) stats.add(metric, t.id, String(p.variants.get(t.id) ?? 0), 1, visitor);
}

/**
 * Counts the impressions of a list answer (the home, featured, rankings,
 * all titles) in these languages: the tests whose title is in one of them.
 */
export async function countListed(app: FastifyInstance, req: FastifyRequest, p: Pick, lang: number, langs: number[] | null): Promise<void> {
  if (!p.key) return;
  const s = await app.services.snapshot();
  const inAnswer = (t: RunningTest) => {
    const l = s.titlesById.get(t.titleId)?.language;
    return l !== undefined && (l === lang || (langs?.includes(l) ?? false));
  };
  countShown(app.repos.stats, p, 'ct.imp', req.visitor, inAnswer);
}

/**
 * A request's pick: its visitor's variants of the running tests (of one
 * title's, for its page). The visitor id is read only when a test applies,
 * so an answer no test touches stays one every visitor may share.
 */
export async function visitorPick(app: FastifyInstance, req: FastifyRequest, titleId?: number): Promise<Pick> {
  const tests = await app.services.coverTests();
  const mine = titleId === undefined ? tests : tests.filter((t) => t.titleId === titleId);
  return mine.length ? pickFor(req.visitor, mine) : NO_PICK;
}

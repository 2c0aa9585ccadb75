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

/** A test of a title's own image (not a banner's). */
const ofTitleImage = (t: RunningTest): t is RunningTest & { slot: 'portrait' | 'landscape' } => t.slot !== 'banner';

/** The pick narrowed to one title's tests of its images (a title's page depends on its own only). */
export function pickOfTitle(p: Pick, titleId: number): Pick {
  const tests = p.tests.filter((t) => t.titleId === titleId && ofTitleImage(t));
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
    if (test.titleId !== t.id || !ofTitleImage(test)) continue;
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
  const tested = new Set(p.tests.filter(ofTitleImage).map((t) => t.titleId));
  const titles = s.titles.map((t) => (tested.has(t.id) ? variedTitle(t, p) : t));
  const titlesById = new Map(titles.map((t) => [t.id, t]));
  const titlesBySeries = new Map([...s.titlesBySeries].map(([k, ts]) => [k, ts.map((t) => titlesById.get(t.id) ?? t)]));
  const out: Snapshot = { ...s, titles, titlesById, titlesBySeries };
  byKey.set(p.key, out);
  return out;
}

/**
 * Counts, in the rollups (buffered like every other event's), that these
 * tests' variants were shown to the visitor, or their title's page opened
 * (their banner tapped), or read in for n seconds: metric ct.imp, ct.tap or ct.time, keyed by the test, the variant as the dim, the
 * visitor into the sketch.
 */
export function countShown(
  stats: StatsRecorder,
  p: Pick,
  metric: 'ct.imp' | 'ct.tap' | 'ct.time',
  visitor: string,
  shown: (t: RunningTest) => boolean = () => true,
  n = 1,
): void {
  for (const t of p.tests) if (shown(t)) stats.add(metric, t.id, String(p.variants.get(t.id) ?? 0), n, visitor);
}

/** The image this pick shows for a banner under test: its variant's, or undefined for the banner as it is (variant 0, none). */
export function bannerImageOf(p: Pick, bannerId: number): string | undefined {
  for (const t of p.tests) {
    if (t.slot !== 'banner' || t.bannerId !== bannerId) continue;
    const v = p.variants.get(t.id) ?? 0;
    return v > 0 ? t.images[v] : undefined;
  }
  return undefined;
}

/**
 * Counts the home answer's banner impressions of the tests (ct.imp): the
 * tests whose banner the home shows in this language (a cached read).
 */
export async function countHomeBanners(app: FastifyInstance, req: FastifyRequest, p: Pick, lang: number): Promise<void> {
  if (!p.tests.some((t) => t.slot === 'banner')) return;
  const shown = await app.services.homeBannerIds(lang);
  countShown(app.repos.stats, p, 'ct.imp', req.visitor, (t) => t.slot === 'banner' && shown.has(t.bannerId));
}

/**
 * Counts a banner tap (ct.tap) under the visitor's variant of the banner's
 * running test, if it has one (the tap log is written anyway: no write of
 * its own, the rollups are buffered).
 */
export async function countBannerTap(app: FastifyInstance, req: FastifyRequest, bannerId: number): Promise<void> {
  const tests = (await app.services.coverTests()).filter((t) => t.slot === 'banner' && t.bannerId === bannerId);
  if (tests.length) countShown(app.repos.stats, pickFor(req.visitor, tests), 'ct.tap', req.visitor);
}

/** The most seconds of reading one position report may carry (a chapter's open time is capped at two hours by the viewer). */
export const MAX_READ_S = 7200;

/**
 * Counts reading time a position report carries: per title (time.title) and
 * per variant of the title's running tests, cover or banner (ct.time, n =
 * seconds), under the visitor's variant. Buffered like every rollup.
 */
export async function countReadingTime(app: FastifyInstance, req: FastifyRequest, titleId: number, seconds: number): Promise<void> {
  app.repos.stats.add('time.title', titleId, '', seconds, req.visitor);
  const tests = (await app.services.coverTests()).filter((t) => t.titleId === titleId);
  if (tests.length) countShown(app.repos.stats, pickFor(req.visitor, tests), 'ct.time', req.visitor, () => true, seconds);
}

/**
 * Counts the impressions of a list answer (the home, featured, rankings,
 * all titles) in these languages: the tests of a title's image whose title
 * is in one of them.
 */
export async function countListed(app: FastifyInstance, req: FastifyRequest, p: Pick, lang: number, langs: number[] | null): Promise<void> {
  if (!p.key) return;
  const s = await app.services.snapshot();
  const inAnswer = (t: RunningTest) => {
    if (!ofTitleImage(t)) return false;
    const l = s.titlesById.get(t.titleId)?.language;
    return l !== undefined && (l === lang || (langs?.includes(l) ?? false));
  };
  countShown(app.repos.stats, p, 'ct.imp', req.visitor, inAnswer);
}

/**
 * A request's pick: its visitor's variants of the running tests of titles'
 * images (of one title's, for its page), and of banners' for the home
 * (`banners`: no other answer shows them, so no other cache is split by them). The visitor id is read only when a test applies,
 * so an answer no test touches stays one every visitor may share.
 */
export async function visitorPick(app: FastifyInstance, req: FastifyRequest, titleId?: number, banners = false): Promise<Pick> {
  const tests = (await app.services.coverTests()).filter((t) => banners || ofTitleImage(t));
  const mine = titleId === undefined ? tests : tests.filter((t) => t.titleId === titleId);
  return mine.length ? pickFor(req.visitor, mine) : NO_PICK;
}

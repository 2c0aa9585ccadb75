import type { CoverTest, CoverTestCreate, CoverTestSummary } from '../../../core/console/schemas/coverTests.js';
import { MAX_VARIANTS, MIN_VARIANTS } from '../../../core/console/coverTests.js';
import type { Blobs } from '../../images/blobs.js';
import { imagesOf } from '../../repos/coverTests.js';
import { PageProblem } from '../../catalog/pageProblem.js';
import { storeTitleImage } from '../catalog/titleImages.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited, type WriteTx } from '../write.js';
import { ConsoleProblem, problems } from '../problems.js';
import { auditShape, found, SLOT_COLUMN, summaryOf, testView } from './view.js';
import { applyWinner } from './winner.js';
import { bannerToTest, storeBannerVariant } from './banner.js';
import type { ArtStore } from '../home/images.js';
import type { ConsoleRepos } from '../../repos/console/index.js';

const DAY = 86400;
const target = (id: number) => `cover-test:${id}`;

/** Where variants' images are stored: a title's as its images are, a banner's as banners' art is. */
export interface Stores {
  blobs: Blobs;
  art: ArtStore;
}

/** What happens to the period timers after a start or an end (./timers.ts), given by the route's caller. */
export interface Timers {
  refresh(): Promise<void>;
}

function inState(state: string, allowed: readonly string[], detail: string): void {
  if (!allowed.includes(state)) throw problems.wrongState(detail);
}

/** A versioned step of a test: found, at the version read (else a conflict with it as it is now). */
async function atVersion(tx: WriteTx, id: number, version: number) {
  const row = await found(tx.repos, id);
  if (row.version !== version) throw problems.conflictWith(summaryOf(row, ''));
  return row;
}

/** What a new test is of: a title's image, or a home banner's (./banner.ts); refused when it is in an open test already. */
async function subjectOf(repos: ConsoleRepos, b: CoverTestCreate): Promise<{ titleId: number; bannerId: number; image: string }> {
  const missing = (field: string) =>
    problems.validation([{ path: `/body/${field}`, message: 'is required' }], `The test needs its ${field}.`);
  if (b.slot === 'banner') {
    if (!b.bannerId) throw missing('bannerId');
    return { ...(await bannerToTest(repos, b.bannerId)), bannerId: b.bannerId };
  }
  if (!b.titleId) throw missing('titleId');
  const title = await repos.titles.row(b.titleId);
  if (!title) throw problems.notFound(`No title ${b.titleId}.`);
  if (await repos.coverTests.openOf(b.titleId, b.slot)) throw problems.wrongState('This image of the title is in a test already.');
  return { titleId: b.titleId, bannerId: 0, image: title[SLOT_COLUMN[b.slot]] };
}

/**
 * Cover tests (issue 48): an editor makes a draft of a title's cover or
 * thumbnail, or of a home banner's image (its current image the first variant), adds up to two images,
 * starts it for some days (visitors are split from then on, on every
 * node), and ends it by picking the winner, which becomes the title's
 * image; or the period's end picks it by reading share (./run.ts). Every
 * step one audited write at the version read.
 */
export const coverTests = {
  async list(ctx: ConsoleCtx, q: { titleId?: number | undefined }): Promise<{ tests: CoverTestSummary[] }> {
    const rows = await ctx.repos.coverTests.list(q.titleId);
    const names = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.title_id))) names.set(id, (await ctx.repos.titles.row(id))?.name ?? '');
    return { tests: rows.map((r) => summaryOf(r, names.get(r.title_id) ?? '')) };
  },

  get: async (ctx: ConsoleCtx, id: number): Promise<CoverTest> =>
    testView(ctx.db, ctx.repos, await found(ctx.repos, id), ctx.clock.nowSec()),

  async create(ctx: ConsoleCtx, actor: Actor, b: CoverTestCreate): Promise<CoverTest> {
    const id = await audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        const { titleId, bannerId, image } = await subjectOf(repos, b);
        const id = await repos.coverTests.add({
          title_id: titleId,
          banner_id: bannerId,
          slot: b.slot,
          state: 'draft',
          images: JSON.stringify(image ? [image] : []),
          starts_at: 0,
          ends_at: 0,
          winner: -1,
          ended_by: '',
          version: 0,
          created_at: now,
        });
        await audit({ action: 'cover-test.create', target: target(id), after: auditShape((await repos.coverTests.row(id))!) });
        return id;
      },
      { readersSee: false },
    );
    return coverTests.get(ctx, id);
  },

  async addImage(ctx: ConsoleCtx, actor: Actor, stores: Stores, id: number, version: number, data: Buffer): Promise<CoverTest> {
    const before = await found(ctx.repos, id);
    if (before.version !== version) throw problems.conflictWith(summaryOf(before, ''));
    inState(before.state, ['draft'], 'Variants are added before the test starts.');
    if (imagesOf(before.images).length >= MAX_VARIANTS) throw problems.wrongState(`A test has ${MAX_VARIANTS} variants at most.`);
    let url: string;
    try {
      url =
        before.slot === 'banner'
          ? await storeBannerVariant(ctx.repos, stores.art, before, data)
          : await storeTitleImage(stores.blobs, before.title_id, before.slot === 'landscape' ? 'landscape' : 'portrait', data);
    } catch (e) {
      if (e instanceof PageProblem)
        throw new ConsoleProblem(e.code === 'image-too-large' ? 413 : 400, e.code, 'Cannot use this image', e.message);
      throw e;
    }
    await audited(
      ctx,
      actor,
      async (tx) => {
        const row = await atVersion(tx, id, version);
        const images = imagesOf(row.images);
        if (images.includes(url)) throw problems.wrongState('This image is a variant already.');
        if ((await tx.repos.coverTests.bump(id, version, { images: JSON.stringify([...images, url]) })) !== 1) throw problems.conflict();
        await tx.audit({
          action: 'cover-test.image',
          target: target(id),
          before: auditShape(row),
          after: auditShape((await tx.repos.coverTests.row(id))!),
        });
      },
      { readersSee: false },
    );
    return coverTests.get(ctx, id);
  },

  async start(ctx: ConsoleCtx, actor: Actor, timers: Timers, id: number, b: { version: number; days: number }): Promise<CoverTest> {
    await audited(ctx, actor, async (tx) => {
      const row = await atVersion(tx, id, b.version);
      inState(row.state, ['draft'], 'This test has started already.');
      if (imagesOf(row.images).length < MIN_VARIANTS) throw problems.wrongState(`A test needs ${MIN_VARIANTS} variants at least.`);
      if ((await tx.repos.coverTests.bump(id, b.version, { state: 'running', starts_at: tx.now, ends_at: tx.now + b.days * DAY })) !== 1)
        throw problems.conflict();
      await tx.audit({
        action: 'cover-test.start',
        target: target(id),
        before: auditShape(row),
        after: auditShape((await tx.repos.coverTests.row(id))!),
      });
    });
    await timers.refresh();
    return coverTests.get(ctx, id);
  },

  async end(ctx: ConsoleCtx, actor: Actor, timers: Timers, id: number, b: { version: number; winner: number }): Promise<CoverTest> {
    await audited(ctx, actor, async (tx) => {
      const row = await atVersion(tx, id, b.version);
      inState(row.state, ['running'], 'Only a running test ends with a winner.');
      if (b.winner >= imagesOf(row.images).length)
        throw problems.validation([{ path: '/body/winner', message: 'no such variant' }], 'No such variant.');
      if ((await tx.repos.coverTests.bump(id, b.version, { state: 'ended', winner: b.winner, ended_by: 'editor' })) !== 1)
        throw problems.conflict();
      await applyWinner(tx, row, b.winner);
      await tx.audit({
        action: 'cover-test.end',
        target: target(id),
        before: auditShape(row),
        after: auditShape((await tx.repos.coverTests.row(id))!),
      });
    });
    await timers.refresh();
    return coverTests.get(ctx, id);
  },

  async discard(ctx: ConsoleCtx, actor: Actor, timers: Timers, id: number, version: number): Promise<CoverTest> {
    await audited(ctx, actor, async (tx) => {
      const row = await atVersion(tx, id, version);
      inState(row.state, ['draft', 'running'], 'This test is over already.');
      if ((await tx.repos.coverTests.bump(id, version, { state: 'ended', winner: -1, ended_by: 'editor' })) !== 1)
        throw problems.conflict();
      await tx.audit({
        action: 'cover-test.discard',
        target: target(id),
        before: auditShape(row),
        after: auditShape((await tx.repos.coverTests.row(id))!),
      });
    });
    await timers.refresh();
    return coverTests.get(ctx, id);
  },
};

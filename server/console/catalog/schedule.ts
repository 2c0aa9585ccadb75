import type { Chapter, Schedule } from '../../../core/console/schemas/catalog.js';
import type { ConsoleRepos } from '../../repos/console/index.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { problems } from '../problems.js';
import { bump, chapterById, chapterForWrite, stateOf, type ChapterRow } from './chapters.js';
import { moveRelease, release, restore, takeBack, takeDown } from './releases.js';
import type { CatalogParts } from './parts.js';
import type { PurgedChapter } from '../../images/purge.js';
import { notInGroup } from './releaseGroupsView.js';

/**
 * Releases: schedule or move, release now, take back a scheduled
 * one, take a live one down and restore it. Each is one transaction with its
 * audit row; readers' caches are dropped on every node, and at the release
 * time every node is told (./releaseTimers.ts). A take-down purges the
 * chapter's images from every cache once it is written (parts.purge).
 */
type Write = (repos: ConsoleRepos, c: ChapterRow, now: number) => Promise<void>;

/** One release change: checked, written with its audit row, then every node told. */
async function change(ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, version: number, action: string, write: Write) {
  const t = ctx.clock.nowSec();
  const c = await chapterForWrite(ctx.repos, id, version, t);
  const before = stateOf(c, t);
  try {
    await audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        await bump(repos, c.id, c.version);
        await write(repos, c, t);
        const after = await chapterById(repos, c.id, t);
        await audit({
          action,
          target: `chapter:${c.id}`,
          before: { state: before, startAt: c.start_ts, endAt: c.end_ts },
          after: { state: after?.state, startAt: after?.startAt, endAt: after?.endAt },
        });
      },
      // Told below: a chapter coming out is a `published` notice, not a plain catalog one.
      { readersSee: false },
    );
  } catch (e) {
    // A release (or restore) that did not happen leaves no image copies behind.
    if (before === 'draft' || before === 'down') await parts.blobs.removeFolder(`page/${c.id}`).catch(() => {});
    throw e;
  }
  const after = (await chapterById(ctx.repos, c.id, t))!;
  if (before === 'scheduled' && after.state === 'draft') await parts.blobs.removeFolder(`page/${c.id}`).catch(() => {});
  parts.notices.publish(
    after.state === 'live' && before !== 'live' && action !== 'release.restore'
      ? { kind: 'published', chapterId: c.id, titleId: c.title_id }
      : { kind: 'catalog' },
  );
  await parts.releases.refresh();
  return after;
}

function releasable(c: ChapterRow, t: number): void {
  const s = stateOf(c, t);
  if (s !== 'draft' && s !== 'scheduled') throw problems.wrongState('This chapter is out already: take it down instead.');
  if (c.job_state === 'queued' || c.job_state === 'running')
    throw problems.wrongState('Pages are being processed: wait for the job to finish.');
}

export const releases = {
  /** Schedules a draft (never in the past) or moves a scheduled one. */
  async schedule(ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, s: Schedule): Promise<Chapter> {
    const { startAt, endAt, version } = s;
    if (endAt !== 0 && endAt <= startAt)
      throw problems.validation(
        [{ path: '/body/endAt', message: 'must be after the release time' }],
        'The end of free reading must come after the release.',
      );
    return change(ctx, actor, parts, id, version, 'release.schedule', async (repos, c, t) => {
      releasable(c, t);
      await notInGroup(repos, c.id);
      const start = Math.max(startAt, t);
      if (c.state === 'draft') await release(repos, parts.blobs, c, start, endAt);
      else await moveRelease(repos, c, { start_ts: start, end_ts: endAt });
    });
  },

  now: (ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, version: number): Promise<Chapter> =>
    change(ctx, actor, parts, id, version, 'release.now', async (repos, c, t) => {
      releasable(c, t);
      await notInGroup(repos, c.id);
      if (c.state === 'draft') await release(repos, parts.blobs, c, t, 0);
      else await moveRelease(repos, c, { start_ts: t });
    }),

  cancel: (ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, version: number): Promise<Chapter> =>
    change(ctx, actor, parts, id, version, 'release.cancel', async (repos, c, t) => {
      if (stateOf(c, t) !== 'scheduled') throw problems.wrongState('Only a scheduled chapter can be taken back; a live one is taken down.');
      await takeBack(repos, c);
    }),

  /** The route asks for the password again first. Once written, the chapter's images are purged from every cache. */
  async takeDown(ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, version: number): Promise<Chapter> {
    const gone: PurgedChapter[] = [];
    const after = await change(ctx, actor, parts, id, version, 'release.take-down', async (repos, c, t) => {
      if (stateOf(c, t) !== 'live') throw problems.wrongState('Only a live chapter can be taken down.');
      gone.push(await takeDown(repos, c));
    });
    // The origin answers 404 already; what a purge could not drop is logged by it (a CDN's copy runs out with its s-maxage).
    for (const g of gone) await parts.purge.chapter(g);
    return after;
  },

  restore: (ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, version: number): Promise<Chapter> =>
    change(ctx, actor, parts, id, version, 'release.restore', async (repos, c) => {
      if (c.state !== 'down') throw problems.wrongState('Only a chapter taken down can be restored.');
      await restore(repos, parts.blobs, c);
    }),
};

import type { BoardPatch, Chapter, ProcessRequest } from '../../../core/console/schemas/catalog.js';
import type { BoardPage } from '../../repos/console/pages.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { ConsoleProblem, problems } from '../problems.js';
import { bump, chapterById, chapterForWrite, draftOnly, draftPrefix, notProcessing, type ChapterRow } from './chapters.js';
import type { CatalogParts } from './parts.js';

/**
 * A draft's page board: set at once (order, types, pages left
 * out removed), and filled by the processing job that turns finished uploads
 * into pages off the request (./jobs.ts).
 */

/** The chapter as it is now (after a write that kept it). */
const answer = async (ctx: ConsoleCtx, id: number): Promise<Chapter> => (await chapterById(ctx.repos, id, ctx.clock.nowSec()))!;

/** A draft whose board may change now: the version the editor read, no job queued or running. */
async function draftForBoard(ctx: ConsoleCtx, id: number, version: number): Promise<ChapterRow> {
  const c = await chapterForWrite(ctx.repos, id, version, ctx.clock.nowSec());
  draftOnly(c);
  notProcessing(c);
  return c;
}

/** The new board's page types by page id; every id of the order and the types must be on the board. */
function checkBoard(board: BoardPage[], p: BoardPatch): (readonly [number, number])[] {
  const known = new Set(board.map((b) => b.id));
  const bad = p.order.filter((id) => !known.has(id));
  const types = Object.entries(p.types ?? {}).map(([k, v]) => [Number(k), v] as const);
  const badType = types.filter(([id]) => !p.order.includes(id));
  if (bad.length || badType.length)
    throw problems.validation(
      [...bad, ...badType.map(([id]) => id)].map((id) => ({
        path: '/body/order',
        message: `page ${id} is not on this chapter's board`,
      })),
    );
  return types;
}

/** Every upload named is finished and the chapter's. */
async function checkUploads(ctx: ConsoleCtx, chapterId: number, uploads: string[]): Promise<void> {
  const found = await ctx.repos.uploads.ofChapter(chapterId, uploads);
  const ready = new Set(found.filter((u) => u.finished === 1).map((u) => u.id));
  const missing = uploads.filter((u) => !ready.has(u));
  if (missing.length)
    throw new ConsoleProblem(
      400,
      'upload-unknown',
      'Upload not ready',
      `These uploads are not finished or not this chapter's: ${missing.join(', ')}.`,
    );
}

export const board = {
  /** The board at once: the pages in `order` (others removed, their images after), retyped as `types` says. */
  async set(ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, p: BoardPatch): Promise<Chapter> {
    const c = await draftForBoard(ctx, id, p.version);
    const pages = await ctx.repos.pages.ofChapter(c.id);
    const types = checkBoard(pages, p);
    const removed = pages.filter((pg) => !p.order.includes(pg.id));
    await audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        await bump(repos, c.id, c.version);
        await repos.pages.remove(removed.map((pg) => pg.id));
        await repos.pages.renumber(c.id, p.order);
        for (const [pageId, type] of types) await repos.pages.setType(c.id, pageId, type);
        await audit({
          action: 'chapter.pages',
          target: `chapter:${c.id}`,
          before: { order: pages.map((pg) => pg.id) },
          after: { order: p.order, types: p.types ?? {} },
        });
      },
      // A draft's board is the console's alone.
      { readersSee: false },
    );
    for (const pg of removed) await parts.blobs.removeFolder(draftPrefix(c.id, pg.blob));
    return answer(ctx, c.id);
  },

  /** Queues the job that turns finished uploads into pages (its row and its queue entry in one transaction). */
  async process(ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, r: ProcessRequest): Promise<Chapter> {
    const c = await draftForBoard(ctx, id, r.version);
    await checkUploads(ctx, c.id, r.uploads);
    await audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        await bump(repos, c.id, c.version, {
          job_state: 'queued',
          job_request: JSON.stringify(r),
          job_done: 0,
          job_total: 0,
          job_error: '',
        });
        await audit({ action: 'chapter.process', target: `chapter:${c.id}`, after: { uploads: r.uploads.length } });
        await parts.jobs.enqueue(repos, c.id);
      },
      { readersSee: false },
    );
    parts.jobs.kick();
    return answer(ctx, c.id);
  },
};

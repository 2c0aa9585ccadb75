import type { Chapter, ChapterCreate, ChapterPatch } from '../../../core/console/schemas/catalog.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { audited } from '../write.js';
import { problems } from '../problems.js';
import { bump, chapterById, chapterForWrite, draftOnly, draftPrefix, nameTaken, stateOf } from './chapters.js';
import { removeUploads } from './jobs.js';
import type { CatalogParts } from './parts.js';

/**
 * Chapters made in the console: drafts made, renamed and deleted;
 * their page board and its processing job are ./board.ts, releases
 * ./schedule.ts.
 */

/** The chapter as it is now (after a write that made or kept it). */
const answer = async (ctx: ConsoleCtx, id: number): Promise<Chapter> => (await chapterById(ctx.repos, id, ctx.clock.nowSec()))!;

const duplicate = (name: string) => problems.duplicateName(`This title already has a chapter named "${name}".`);

export const drafts = {
  /** A title's console chapters by id, each with its page count. */
  async list(ctx: ConsoleCtx, titleId: number) {
    const rows = await ctx.repos.chapters.ofTitle(titleId);
    const n = await ctx.repos.pages.counts(rows.map((r) => r.id));
    const t = ctx.clock.nowSec();
    return {
      chapters: rows.map((r) => ({
        id: r.id,
        name: r.name,
        state: stateOf(r, t),
        startAt: r.state === 'draft' ? 0 : r.start_ts,
        pageCount: n.get(r.id) ?? 0,
        version: r.version,
      })),
    };
  },

  async get(ctx: ConsoleCtx, id: number): Promise<Chapter> {
    const c = await chapterById(ctx.repos, id, ctx.clock.nowSec());
    if (!c) throw problems.notFound('No such chapter.');
    return c;
  },

  async create(ctx: ConsoleCtx, actor: Actor, { titleId, name, subTitle }: ChapterCreate): Promise<Chapter> {
    if (!(await ctx.repos.titles.exists(titleId))) throw problems.notFound('No such title.');
    if (await nameTaken(ctx.repos, titleId, name)) throw duplicate(name);
    const id = await audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        const id = await repos.chapters.nextId();
        await repos.chapters.add({
          id,
          title_id: titleId,
          name,
          sub_title: subTitle,
          state: 'draft',
          created_at: now,
          thumbnail_page: 0,
          seq: 0,
          start_ts: 0,
          end_ts: 0,
          version: 0,
          job_state: 'idle',
          job_request: '',
          job_done: 0,
          job_total: 0,
          job_error: '',
          job_lease: 0,
          kept_row: '',
        });
        await audit({ action: 'chapter.create', target: `chapter:${id}`, after: { titleId, name, subTitle } });
        return id;
      },
      // A draft is the console's alone.
      { readersSee: false },
    );
    return answer(ctx, id);
  },

  async patch(ctx: ConsoleCtx, actor: Actor, id: number, p: ChapterPatch): Promise<Chapter> {
    const c = await chapterForWrite(ctx.repos, id, p.version, ctx.clock.nowSec());
    const { name, subTitle, thumbnailPage } = p;
    if (name !== undefined && (await nameTaken(ctx.repos, c.title_id, name, c.id))) throw duplicate(name);
    await audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        await bump(repos, c.id, c.version, {
          ...(name !== undefined ? { name } : {}),
          ...(subTitle !== undefined ? { sub_title: subTitle } : {}),
          ...(thumbnailPage !== undefined ? { thumbnail_page: thumbnailPage } : {}),
        });
        // A released chapter's name and subtitle reach readers at once.
        if (c.state === 'released' && (name !== undefined || subTitle !== undefined))
          await repos.releases.set(c.id, {
            ...(name !== undefined ? { name } : {}),
            ...(subTitle !== undefined ? { sub_title: subTitle } : {}),
          });
        await audit({
          action: 'chapter.update',
          target: `chapter:${c.id}`,
          before: { name: c.name, subTitle: c.sub_title, thumbnailPage: c.thumbnail_page },
          after: { name, subTitle, thumbnailPage },
        });
      },
      { readersSee: c.state === 'released' },
    );
    return answer(ctx, c.id);
  },

  /** Deletes a draft with its board, uploads and preview links; its images and leftover uploads' bytes go after. */
  async remove(ctx: ConsoleCtx, actor: Actor, parts: CatalogParts, id: number, version: number): Promise<void> {
    const c = await chapterForWrite(ctx.repos, id, version, ctx.clock.nowSec());
    draftOnly(c);
    const uploads = await audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        await bump(repos, c.id, c.version);
        await repos.pages.removeOfChapter(c.id);
        const uploads = await repos.uploads.idsOfChapter(c.id);
        await repos.uploads.removeOfChapter(c.id);
        await repos.chapterPreviews.removeOfChapter(c.id);
        await repos.chapters.remove(c.id);
        await audit({ action: 'chapter.delete', target: `chapter:${c.id}`, before: { name: c.name, titleId: c.title_id } });
        return uploads;
      },
      { readersSee: false },
    );
    // A job still running notices and stops.
    await parts.blobs.removeFolder(`page/d${c.id}`);
    removeUploads(parts.uploadDir, uploads);
  },

  /** A board page's thumbnail (undefined: no such page on that chapter's board, or no image). */
  async thumb(ctx: ConsoleCtx, parts: CatalogParts, chapterId: number, pageId: number): Promise<Buffer | undefined> {
    const blob = await ctx.repos.pages.blob(chapterId, pageId);
    return blob === undefined ? undefined : parts.blobs.get(`${draftPrefix(chapterId, blob)}/thumb.webp`);
  },
};

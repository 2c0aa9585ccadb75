import type { ConsoleCtx } from '../actor.js';
import { problems } from '../problems.js';
import { removeUploads } from './jobs.js';

/**
 * Chapter uploads (tus, server/routes/console/api/uploads/): the rows the
 * console keeps of them beside tus's files. An upload names its chapter; a
 * chapter that is gone or no longer a draft takes no more bytes.
 */
export const uploads = {
  /** tus made an upload: its row, unfinished. */
  async created(ctx: ConsoleCtx, u: { id: string; chapterId: number; filename: string; size: number }): Promise<void> {
    await ctx.repos.uploads.add({
      id: u.id,
      chapter_id: u.chapterId,
      filename: u.filename,
      size: u.size,
      finished: 0,
      created_at: ctx.clock.nowSec(),
    });
  },

  finished: (ctx: ConsoleCtx, id: string): Promise<void> => ctx.repos.uploads.finish(id),

  chapterIsDraft: (ctx: ConsoleCtx, chapterId: number): Promise<boolean> => ctx.repos.chapters.isDraft(chapterId),

  /** An upload whose chapter is gone (deleted, released) takes nothing more: its bytes and row go, and it is answered `gone`. */
  async checkKnown(ctx: ConsoleCtx, uploadDir: string, id: string): Promise<void> {
    const chapterId = await ctx.repos.uploads.chapterOf(id);
    if (chapterId === undefined || !(await ctx.repos.chapters.isDraft(chapterId))) {
      removeUploads(uploadDir, [id]);
      if (chapterId !== undefined) await ctx.repos.uploads.remove([id]);
      throw problems.gone("This upload's chapter was deleted or is no longer a draft.");
    }
  },

  /** The editor cancelled an upload: its row goes (tus removes its bytes). */
  cancelled: (ctx: ConsoleCtx, id: string): Promise<void> => ctx.repos.uploads.remove([id]),
};

import type { ConsoleCtx } from '../actor.js';
import { ConsoleProblem, problems } from '../problems.js';
import { removeUploads } from './jobs.js';

/** What one member and one chapter may hold in flight (config: UPLOAD_MEMBER_QUOTA_MIB, UPLOAD_CHAPTER_QUOTA_MIB). */
export interface UploadQuotas {
  uploadMemberQuotaBytes: number;
  uploadChapterQuotaBytes: number;
}

const mib = (b: number) => `${Math.round(b / 2 ** 20)} MiB`;

/**
 * Chapter uploads (tus, server/routes/console/api/uploads/): the rows the
 * console keeps of them beside tus's files. An upload names its chapter; a
 * chapter that is gone or no longer a draft takes no more bytes. An upload
 * is in flight from its creation until its job consumes it, it is cancelled,
 * or the sweep takes it (uploadSweep.ts); what a member and a chapter hold in
 * flight is bounded.
 */
export const uploads = {
  /** tus made an upload: its row, unfinished. */
  async created(ctx: ConsoleCtx, u: { id: string; chapterId: number; memberId: number | null; filename: string; size: number }) {
    await ctx.repos.uploads.add({
      id: u.id,
      chapter_id: u.chapterId,
      member_id: u.memberId,
      filename: u.filename,
      size: u.size,
      finished: 0,
      created_at: ctx.clock.nowSec(),
    });
  },

  finished: (ctx: ConsoleCtx, id: string): Promise<void> => ctx.repos.uploads.finish(id, ctx.clock.nowSec()),

  chapterIsDraft: (ctx: ConsoleCtx, chapterId: number): Promise<boolean> => ctx.repos.chapters.isDraft(chapterId),

  /**
   * A new upload of `length` bytes fits what its chapter and its member hold
   * in flight: over the chapter's quota is 413 `chapter-quota`, over the
   * member's 429 `member-quota` (wait for your uploads to be processed).
   */
  async checkQuota(ctx: ConsoleCtx, q: UploadQuotas, u: { chapterId: number; memberId: number | null; length: number }): Promise<void> {
    const chapter = await ctx.repos.uploads.bytesHeld({ chapterId: u.chapterId });
    if (chapter + u.length > q.uploadChapterQuotaBytes)
      throw new ConsoleProblem(
        413,
        'chapter-quota',
        'Chapter upload quota reached',
        `This chapter holds ${mib(chapter)} of uploads not yet made into pages; it may hold ${mib(q.uploadChapterQuotaBytes)}. Make pages of them, or cancel some, first.`,
      );
    if (u.memberId === null) return;
    const member = await ctx.repos.uploads.bytesHeld({ memberId: u.memberId });
    if (member + u.length > q.uploadMemberQuotaBytes)
      throw new ConsoleProblem(
        429,
        'member-quota',
        'Your upload quota reached',
        `You hold ${mib(member)} of uploads not yet made into pages; you may hold ${mib(q.uploadMemberQuotaBytes)}. Make pages of them, or cancel some, first.`,
      );
  },

  /** An upload whose chapter is gone (deleted, released) takes nothing more: its bytes and row go, and it is answered `gone`. */
  async checkKnown(ctx: ConsoleCtx, uploadDir: string, id: string): Promise<void> {
    const chapterId = await ctx.repos.uploads.chapterOf(id);
    if (chapterId === undefined || !(await ctx.repos.chapters.isDraft(chapterId))) {
      removeUploads(uploadDir, [id]);
      if (chapterId !== undefined) await ctx.repos.uploads.remove([id]);
      throw problems.gone("This upload's chapter was deleted or is no longer a draft.");
    }
  },

  /**
   * A PATCH whose bytes would pass the upload's declared length (offset +
   * Content-Length > Upload-Length) comes from a broken client: refused 413
   * before any byte is written, and the upload goes whole (bytes, tus's
   * note, row): nothing of it is left.
   */
  async checkFits(ctx: ConsoleCtx, uploadDir: string, id: string, offset: number, length: number): Promise<void> {
    const row = await ctx.repos.uploads.row(id);
    if (!row || !Number.isFinite(offset) || !Number.isFinite(length) || offset + length <= Number(row.size)) return;
    removeUploads(uploadDir, [id]);
    await ctx.repos.uploads.remove([id]);
    throw new ConsoleProblem(
      413,
      'upload-too-large',
      'More bytes than declared',
      `This upload declared ${Number(row.size)} bytes and was sent more; it was removed: upload the file again.`,
    );
  },

  /** The editor cancelled an upload: its row goes (tus removes its bytes). */
  cancelled: (ctx: ConsoleCtx, id: string): Promise<void> => ctx.repos.uploads.remove([id]),
};

import { Type, type Static } from '@sinclair/typebox';
import { Id, Seconds } from './common.js';

/**
 * The readers' voice: comments under moderation and the feedback
 * inbox (survey answers are in home.ts beside their surveys). Times are
 * integer seconds UTC.
 */
// ---- Comments --------------------------------------------------------------------------------

export const CommentState = Type.Union([Type.Literal('visible'), Type.Literal('hidden'), Type.Literal('deleted')]);
export type CommentState = Static<typeof CommentState>;
export const ModeratedComment = Type.Object({
  id: Id,
  chapterId: Id,
  titleName: Type.String(),
  chapterName: Type.String(),
  userName: Type.String(),
  body: Type.String(),
  createdAt: Seconds,
  likes: Type.Integer(),
  state: CommentState,
  reason: Type.String(),
  moderatedAt: Type.Union([Seconds, Type.Null()]),
  moderatedBy: Type.String(),
});
export type ModeratedComment = Static<typeof ModeratedComment>;
export const CommentQuery = Type.Object({
  chapter: Type.Optional(Id),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  state: Type.Optional(Type.Union([CommentState, Type.Literal('all')])),
  sort: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('oldest'), Type.Literal('likes')])),
  /** The `next` of the previous page. */
  cursor: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type CommentQuery = Static<typeof CommentQuery>;
export const CommentPage = Type.Object({ comments: Type.Array(ModeratedComment), next: Type.Union([Type.String(), Type.Null()]) });
/** Chapters by their comment count, most first (to moderate by chapter). */
export const CommentChapters = Type.Object({
  chapters: Type.Array(
    Type.Object({ chapterId: Id, titleName: Type.String(), chapterName: Type.String(), visible: Type.Integer(), hidden: Type.Integer() }),
  ),
});
export const CommentChapterQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) });
/** hide (visible→hidden), delete (visible|hidden→deleted, final for readers; the text is kept), restore (hidden→visible). */
export const Moderation = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) });
export type Moderation = Static<typeof Moderation>;

// ---- Feedback inbox --------------------------------------------------------------------------

export const InboxQuery = Type.Object({ before: Type.Optional(Id), unread: Type.Optional(Type.Boolean()) });
export const InboxItem = Type.Object({
  id: Id,
  at: Seconds,
  type: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  read: Type.Boolean(),
});
export type InboxItem = Static<typeof InboxItem>;
export const Inbox = Type.Object({ items: Type.Array(InboxItem), unread: Type.Integer(), next: Type.Union([Id, Type.Null()]) });
export const ReadMark = Type.Object({ read: Type.Boolean() });
export type ReadMark = Static<typeof ReadMark>;
/** The format of a download of answers or feedback (CSV by default). */
export const ExportQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('jsonl')])) });

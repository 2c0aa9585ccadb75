import { IdParams } from '../schemas/common.js';
import { CommentChapterQuery, CommentChapters, CommentPage, CommentQuery, ModeratedComment, Moderation } from '../schemas/voice.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

const MODERATOR: readonly Role[] = ['moderator'];

/** Comments under moderation: the moderators'. Every move takes a reason. */
export const COMMENT_ROUTES = {
  'GET /comments': {
    access: MODERATOR,
    summary: "Readers' comments, searched, filtered by state or chapter and sorted, a page at a time",
    query: CommentQuery,
    response: CommentPage,
  },
  'GET /comments/chapters': {
    access: MODERATOR,
    summary: 'Chapters by their comment count, most first',
    query: CommentChapterQuery,
    response: CommentChapters,
  },
  'POST /comments/:id/hide': {
    access: MODERATOR,
    summary: 'Hides a visible comment, with a reason',
    params: IdParams,
    body: Moderation,
    response: ModeratedComment,
  },
  'POST /comments/:id/delete': {
    access: MODERATOR,
    summary: 'Deletes a comment for readers (its text kept), with a reason',
    params: IdParams,
    body: Moderation,
    response: ModeratedComment,
  },
  'POST /comments/:id/restore': {
    access: MODERATOR,
    summary: 'Shows a hidden comment again, with a reason',
    params: IdParams,
    body: Moderation,
    response: ModeratedComment,
  },
} as const satisfies Record<string, RouteSpec>;

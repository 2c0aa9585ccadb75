import { IdParams } from '../schemas/common.js';
import { ExportQuery, Inbox, InboxItem, InboxQuery, ReadMark } from '../schemas/voice.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

const MODERATOR: readonly Role[] = ['moderator'];

/** The readers' feedback inbox: the moderators'. */
export const FEEDBACK_ROUTES = {
  'GET /feedback': {
    access: MODERATOR,
    summary: "Readers' feedback, newest first, a page at a time (unread only on request)",
    query: InboxQuery,
    response: Inbox,
  },
  'PATCH /feedback/:id': {
    access: MODERATOR,
    summary: 'Marks a feedback item read or unread',
    params: IdParams,
    body: ReadMark,
    response: InboxItem,
  },
  'GET /feedback/export': {
    access: MODERATOR,
    summary: 'All feedback as a CSV or JSON-lines file',
    query: ExportQuery,
  },
} as const satisfies Record<string, RouteSpec>;

/** The moderation's calls on one comment (core/console/routes/comments.ts): hide, delete or restore it, with the reason given. */
import { call } from '../../api/call';

/** Each move's route. */
const MOVES = { hide: 'POST /comments/:id/hide', delete: 'POST /comments/:id/delete', restore: 'POST /comments/:id/restore' } as const;

export type Move = keyof typeof MOVES;

/** The comment moved; the answer is the comment as it is now. */
export const moderate = (move: Move, id: number, reason: string) => call(MOVES[move], { params: { id }, body: { reason } });

import type { FastifyRequest } from 'fastify';
import { rendersAhead } from './route.js';

/**
 * Counts a view of a chapter for the call's visitor, as a reader: a call
 * without a session (the server made its token) or rendered ahead of the app
 * records nothing; a visitor's first view of the chapter in VIEW_WINDOW_S
 * counts, within VIEW_RATE_LIMIT counted views a minute per client address;
 * later views only mark it viewed. Over the limit the view is neither
 * counted nor recorded, and the call is answered all the same (readers
 * behind one address are never refused).
 */
export async function countView(req: FastifyRequest, chapterId: number): Promise<void> {
  if (req.newVisitor || rendersAhead(req)) return;
  const { repos, limits } = req.server;
  if (!repos.views.claim(req.visitor, chapterId)) {
    repos.views.record(req.visitor, chapterId, false);
    return repos.views.drained();
  }
  if (!(await limits.view(req))) {
    repos.views.release(req.visitor, chapterId);
    return;
  }
  repos.views.record(req.visitor, chapterId, true);
  // Acknowledged once the buffer is within its bound (what a kill -9 may lose).
  await repos.views.drained();
}

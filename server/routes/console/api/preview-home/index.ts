import type { FastifyRequest } from 'fastify';
import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { endPreview, PREVIEW_SECONDS, startPreview } from '../../../../console/home/preview.js';
import { PREVIEW_COOKIE } from '../../../../services/preview.js';

/**
 * The home preview (editor): a grant stored on the server (only its token's
 * hash) and tied to this staff session, carried by an HttpOnly cookie that
 * the reader's /api honours (server/services/preview.ts): the reader's own
 * home and featured answers for that language and moment, drafts and
 * scheduled items included. Signing out ends it; an API token cannot make one.
 */
const route = routeModule((app) => {
  const cookie = (secure: boolean, value: string, maxAge: number) =>
    `${PREVIEW_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
  /** The member's staff session (an API token has none). */
  const sessionOf = (req: FastifyRequest) => (req.staff?.kind === 'member' ? req.staff.session.id : null);

  handle(app, 'POST /preview-home', async (req, reply) => {
    const { grant, token } = await startPreview(consoleCtx(app), actorOf(req), sessionOf(req), req.body);
    reply.header('set-cookie', cookie(req.protocol === 'https', token, PREVIEW_SECONDS));
    return grant;
  });
  handle(app, 'DELETE /preview-home', async (req, reply) => {
    await endPreview(consoleCtx(app), sessionOf(req));
    return reply
      .code(204)
      .header('set-cookie', cookie(req.protocol === 'https', '', 0))
      .send();
  });
});
export default route;

import { routeModule } from '../../../../lib/route.js';
import { PreviewGrant, PreviewRequest } from '../../../../../core/console/schemas/home.js';
import { access } from '../../../../console/context.js';
import { audit } from '../../../../console/audit.js';
import { problems } from '../../../../console/problems.js';
import { randomToken, sha256 } from '../../../../console/secrets.js';
import { PREVIEW_COOKIE } from '../../../../services/preview.js';

/** How long a preview grant lasts (s): long enough to look around, short enough not to linger in a browser. */
const PREVIEW_SECONDS = 600;

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

  app.post<{ Body: PreviewRequest }>(
    '/',
    { config: access('POST /preview-home'), schema: { body: PreviewRequest, response: { 200: PreviewGrant } } },
    async (req, reply) => {
      if (req.staff?.kind !== 'member') throw problems.forbidden('A preview is for a signed-in member’s browser.');
      const sessionId = req.staff.session.id;
      const now = app.clock.nowSec();
      const at = req.body.at || now;
      const token = randomToken();
      const expiresAt = now + PREVIEW_SECONDS;
      await app.db.transaction().execute(async (trx) => {
        // One preview per session at a time; spent ones go with it.
        await trx
          .deleteFrom('home_previews')
          .where((eb) => eb.or([eb('session_id', '=', sessionId), eb('expires_at', '<=', now)]))
          .execute();
        await trx
          .insertInto('home_previews')
          .values({ token_hash: sha256(token), session_id: sessionId, language: req.body.language, at, expires_at: expiresAt })
          .execute();
        await audit(trx, req, now, { action: 'preview.start', target: `home:${req.body.language}`, after: { at, expiresAt } });
      });
      reply.header('set-cookie', cookie(req.protocol === 'https', token, PREVIEW_SECONDS));
      return { language: req.body.language, at, expiresAt, paths: { home: '/updates', featured: '/featured' } };
    },
  );

  app.delete('/', { config: access('DELETE /preview-home') }, async (req, reply) => {
    if (req.staff?.kind === 'member') await app.db.deleteFrom('home_previews').where('session_id', '=', req.staff.session.id).execute();
    return reply
      .code(204)
      .header('set-cookie', cookie(req.protocol === 'https', '', 0))
      .send();
  });
});
export default route;

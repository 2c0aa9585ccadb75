import type { PreviewGrant, PreviewRequest } from '../../../core/console/schemas/home.js';
import type { Actor, ConsoleCtx } from '../actor.js';
import { previewPath } from '../../../core/previewLanguage.js';
import { audited } from '../write.js';
import { problems } from '../problems.js';
import { randomToken, sha256 } from '../secrets.js';

/** How long a preview grant lasts (s): long enough to look around, short enough not to linger in a browser. */
export const PREVIEW_SECONDS = 600;

/**
 * The home preview (editor): a grant stored on the server (only its token's
 * hash) and tied to the member's staff session, one at a time; the reader's
 * /api honours its token (server/services/preview.ts). An API token has no
 * session, so it cannot make one. Readers see nothing of it: no node is told.
 */
export async function startPreview(
  ctx: ConsoleCtx,
  actor: Actor,
  sessionId: number | null,
  r: PreviewRequest,
): Promise<{ grant: PreviewGrant; token: string }> {
  if (actor.kind !== 'member' || sessionId === null) throw problems.forbidden('A preview is for a signed-in member’s browser.');
  const token = randomToken();
  const grant = await audited(
    ctx,
    actor,
    async ({ repos, now, audit }) => {
      const at = r.at || now;
      const expiresAt = now + PREVIEW_SECONDS;
      await repos.homePreviews.grant(
        { token_hash: sha256(token), session_id: sessionId, language: r.language, at, expires_at: expiresAt },
        now,
      );
      await audit({ action: 'preview.start', target: `home:${r.language}`, after: { at, expiresAt } });
      // The reader opened in the previewed language, its interface included (src/lib/storage/firstViewPrefs.ts).
      const paths = { home: previewPath('/updates', r.language), featured: previewPath('/featured', r.language) };
      return { language: r.language, at, expiresAt, paths };
    },
    { readersSee: false },
  );
  return { grant, token };
}

/** The session's preview ends (signing out ends it too). */
export async function endPreview(ctx: ConsoleCtx, sessionId: number | null): Promise<void> {
  if (sessionId !== null) await ctx.repos.homePreviews.end(sessionId);
}

import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import { byShort } from '../../core/languages.js';
import type { Preview } from './index.js';

/** The cookie a staff member's home preview travels in (issue 32; set by POST /console/api/preview-home). */
export const PREVIEW_COOKIE = 'reader_preview';

function cookie(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === PREVIEW_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * The home preview this request carries, when its grant is valid: stored
 * (only the token's hash), not expired, made in a staff session that still
 * exists. A visitor's made-up cookie, an old one, or one whose staff member
 * signed out gives nothing: the answer is the readers' own. A preview answer
 * is private and never stored by a cache.
 */
export async function previewOf(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<Preview | undefined> {
  const token = cookie(req);
  if (!token || token.length > 100) return undefined;
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  const grant = await app.repos.promo.previewGrant(hash, app.clock.nowSec());
  const lang = grant && byShort(grant.language);
  if (!grant || !lang) return undefined;
  reply.header('cache-control', 'private, no-store');
  return { language: lang.language, view: { at: Number(grant.at), drafts: true } };
}

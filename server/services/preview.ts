import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import { byShort } from '../../core/languages.js';
import type { Preview } from './index.js';

/** The cookie a staff member's home preview travels in (set by POST /console/api/preview-home). */
export const PREVIEW_COOKIE = 'reader_preview';

function cookie(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  // Most calls (every app's) bring no cookie at all, and most cookies no preview.
  if (!header?.includes(PREVIEW_COOKIE)) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === PREVIEW_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

const NO_PREVIEW: Promise<Preview | undefined> = Promise.resolve(undefined);

/**
 * The home preview this request carries, when its grant is valid: stored
 * (only the token's hash), not expired, made in a staff session that still
 * exists. A visitor's made-up cookie, an old one, or one whose staff member
 * signed out gives nothing: the answer is the readers' own. A preview answer
 * is private and never stored by a cache.
 */
export function previewOf(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<Preview | undefined> {
  const token = cookie(req);
  // Without a preview cookie (nearly every call of the home): one settled promise, no async call.
  return token && token.length <= 100 ? grantedPreview(app, token, reply) : NO_PREVIEW;
}

async function grantedPreview(app: FastifyInstance, token: string, reply: FastifyReply): Promise<Preview | undefined> {
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  const grant = await app.repos.promo.previewGrant(hash, app.clock.nowSec());
  const lang = grant && byShort(grant.language);
  if (!grant || !lang) return undefined;
  reply.header('cache-control', 'private, no-store');
  return { language: lang.language, view: { at: Number(grant.at), drafts: true } };
}

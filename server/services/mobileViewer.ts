import { create } from '@bufbuild/protobuf';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendSuccess } from '../lib/proto.js';
import { MangaViewerSchema, PageSchema, type MangaViewer } from '../../core/gen/manga/v1/viewer_pb.js';
import type { VisitorFlags } from '../repos/visitors.js';
import { basicSubscription } from './mobile.js';
import { viewerMessage, type ViewerShared } from './viewer.js';
import { plainPageUrl } from '../../core/viewer/plainPages.js';

/**
 * The viewer of the phone app's API (/api/manga_viewer_v3, and
 * /api/manga_viewer when called with the app parameters): the web viewer's
 * answer with plain page images, which the app's clients fetch as they are
 * (they never XOR-decode).
 *
 * Page images and the view token: each page's image_url is
 * <base>/api/manga_viewer_v3/page/<chapter>/<idx>/<quality>.webp?token=T and
 * its encryption_key is "00" (XOR with a zero byte changes nothing, for the
 * clients that decode whenever a key is given). T is answered three ways:
 * in that URL (self-authorising: the clients that send nothing more), in
 * MangaViewer 19 viewer_token, and as the first Set-Cookie of the answer,
 * `plus_vw_token=T` (a client sends it back as the Plus-Vw-Token header).
 * T = <chapter>-<expiry>-<mac>, signed with the deployment's secret key
 * (server/services/viewTokens.ts: HMAC-SHA-256, rotatable with an overlap);
 * the expiry is VIEW_TOKEN_TTL_S ahead, rounded up to ten minutes so a
 * chapter's URLs stay the same a while. No `=` or `;` is in it. The cookie
 * carries Path (the page route), Max-Age, HttpOnly (no script reads it),
 * SameSite=Lax and, over HTTPS, Secure.
 * The page route (server/routes/api/manga_viewer_v3/) serves a page only with
 * a valid T for its chapter, from the query or the header.
 */

/** Expiries are rounded up to this (s). */
const EXPIRY_STEP = 600;

/** When a token made now (s) expires. */
const tokenExpiry = (now: number, ttlS: number) => (Math.floor(now / EXPIRY_STEP) + 1) * EXPIRY_STEP + ttlS;

/** The app's viewer answer for a visitor: plain page URLs carrying the token, the basic plan, viewer_token. */
function mobileViewer(v: ViewerShared, f: VisitorFlags, token: string): MangaViewer {
  const web = viewerMessage(v, f);
  const pages = web.pages.map((p) => {
    if (p.data.case !== 'mangaPage') return p;
    const url = plainPageUrl(p.data.value.imageUrl, token);
    if (!url) return p;
    return create(PageSchema, {
      data: { case: 'mangaPage', value: { ...p.data.value, imageUrl: url, encryptionKey: '00' } },
    });
  });
  return create(MangaViewerSchema, { ...web, pages, userSubscription: basicSubscription(), viewerToken: token });
}

/** A view token of chapter `chapterId` made now (its expiry rounded up: the same for ten minutes). */
export function viewToken(app: FastifyInstance, chapterId: number): Promise<string> {
  return app.viewTokens.sign(chapterId, tokenExpiry(app.clock.nowSec(), app.config.viewTokenTtlS));
}

/**
 * Sends the app's viewer answer: a fresh view token as the answer's only
 * Set-Cookie (one client reads the first and takes what follows its first
 * "=" up to the first ";"), in viewer_token and in the page URLs.
 */
export async function sendMobileViewer(req: FastifyRequest, reply: FastifyReply, v: ViewerShared, f: VisitorFlags): Promise<FastifyReply> {
  const app = req.server;
  const now = app.clock.nowSec();
  const exp = tokenExpiry(now, app.config.viewTokenTtlS);
  const token = await app.viewTokens.sign(v.chapterId, exp);
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `plus_vw_token=${token}; Path=/api/manga_viewer_v3; Max-Age=${exp - now}; HttpOnly; SameSite=Lax${secure}`);
  return sendSuccess(req, reply, { data: { case: 'mangaViewer', value: mobileViewer(v, f, token) } });
}

/** The image XOR-ed with a hex key, repeating (the same operation encrypts and decrypts). */
export function xorKey(data: Uint8Array, keyHex: string): Buffer {
  const key = Buffer.from(keyHex, 'hex');
  const out = Buffer.from(data);
  if (key.length === 0) return out;
  for (let i = 0; i < out.length; i++) out[i] ^= key[i % key.length];
  return out;
}

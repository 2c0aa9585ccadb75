import crypto from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendSuccess } from '../lib/proto.js';
import { MangaViewerSchema, PageSchema, type MangaViewer } from '../../core/gen/manga/v1/viewer_pb.js';
import type { VisitorFlags } from '../repos/visitors.js';
import { basicSubscription } from './mobile.js';
import { viewerMessage, type ViewerShared } from './viewer.js';

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
 * T = <chapter>-<expiry>-<mac>: the expiry in epoch seconds (TOKEN_TTL ahead,
 * at the hour, so a chapter's URLs stay the same within an hour) and mac =
 * the first 128 bits of SHA-256 over the chapter, the expiry and the
 * chapter's page keys, which stay on the server for these clients: any
 * server node checks it from the database alone, and no `=` or `;` is in it.
 * The page route (server/routes/api/manga_viewer_v3/) serves a page only with
 * a valid T for its chapter, from the query or the header.
 */

/** How long a view token opens its chapter's pages (s). */
const TOKEN_TTL = 24 * 3600;
const TOKEN = /^(\d{1,10})-(\d{1,10})-([0-9a-f]{32})$/;

const mac = (chapterId: number, exp: number, keys: readonly string[]) =>
  crypto
    .createHash('sha256')
    .update(`plus_vw_token|${chapterId}|${exp}|${keys.join(',')}`)
    .digest('hex')
    .slice(0, 32);

/** A view token for a chapter whose pages have these keys, valid from now (s). */
function viewToken(chapterId: number, keys: readonly string[], now: number): string {
  const exp = (Math.floor(now / 3600) + 1) * 3600 + TOKEN_TTL;
  return `${chapterId}-${exp}-${mac(chapterId, exp, keys)}`;
}

/** Whether t is a current view token of this chapter (page keys as viewToken got them). */
export function tokenOpens(t: string, chapterId: number, keys: readonly string[], now: number): boolean {
  const m = TOKEN.exec(t);
  if (!m || Number(m[1]) !== chapterId || Number(m[2]) < now) return false;
  const want = Buffer.from(mac(chapterId, Number(m[2]), keys));
  return crypto.timingSafeEqual(want, Buffer.from(m[3]));
}

/** The page keys of a viewer answer, in page order (the token is made from them). */
const pageKeys = (v: ViewerShared): string[] =>
  v.msg.pages.flatMap((p) => (p.data.case === 'mangaPage' ? [p.data.value.encryptionKey] : []));

/** /img/page/<chapter>/<idx>/<quality>.webp, the encrypted page of the web viewer. */
const WEB_PAGE = /\/img\/page\/(\d+)\/(\d+)\/([a-z_]+)\.webp$/;

/** The page route of the app's clients (plain bytes). */
const mobilePagePath = (chapterId: number, idx: string, q: string) => `/api/manga_viewer_v3/page/${chapterId}/${idx}/${q}.webp`;

/** The app's viewer answer for a visitor: plain page URLs carrying the token, the basic plan, viewer_token. */
function mobileViewer(v: ViewerShared, f: VisitorFlags, token: string): MangaViewer {
  const web = viewerMessage(v, f);
  const pages = web.pages.map((p) => {
    if (p.data.case !== 'mangaPage') return p;
    const m = WEB_PAGE.exec(p.data.value.imageUrl);
    if (!m) return p;
    const url = p.data.value.imageUrl.slice(0, m.index) + mobilePagePath(v.chapterId, m[2], m[3]);
    return create(PageSchema, {
      data: { case: 'mangaPage', value: { ...p.data.value, imageUrl: `${url}?token=${token}`, encryptionKey: '00' } },
    });
  });
  return create(MangaViewerSchema, { ...web, pages, userSubscription: basicSubscription(), viewerToken: token });
}

/**
 * Sends the app's viewer answer: a fresh view token as the answer's only
 * Set-Cookie (one client reads the first and takes what follows its first
 * "="), in viewer_token and in the page URLs.
 */
export function sendMobileViewer(req: FastifyRequest, reply: FastifyReply, v: ViewerShared, f: VisitorFlags): FastifyReply {
  const token = viewToken(v.chapterId, pageKeys(v), req.server.clock.nowSec());
  reply.header('set-cookie', `plus_vw_token=${token}`);
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

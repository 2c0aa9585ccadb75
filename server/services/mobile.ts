import { create, type MessageInitShape } from '@bufbuild/protobuf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SuccessResultSchema, type Response } from '../../core/gen/manga/v1/response_pb.js';
import { SubscriptionSchema, type Subscription } from '../../core/gen/manga/v1/common_pb.js';
import { DEFAULT_LANGUAGE, byCode, type LanguageInfo } from '../../core/languages.js';
import { absoluteUrls } from '../images/urls.js';
import { encodeSuccess, type Encoded } from '../lib/proto.js';
import type { Params } from '../lib/params.js';

/**
 * What every call of the phone app's API (/api/home_v4, /api/featured,
 * /api/init_v2, /api/profile, /api/settings_v2, /api/subscription,
 * /api/title_list/free_titles, /api/title_list/search, /api/comments,
 * /api/manga_viewer_v3) shares: the app parameters, its error rule and the
 * answers' cache. The views are in mobileViews.ts, the viewer and its page
 * token in mobileViewer.ts; field numbers are the public clients'
 * (proto/manga/v1, ../shared/wire-format.md "Mobile API").
 */

/** An onSend hook's callback (callback hooks, not async ones: no promise per answer on the viewer's path). */
type SendDone = (err: Error | null, payload: unknown) => void;

/**
 * Route options of a mobile call. Its failures are the error envelope with
 * HTTP 200 (the clients discard the body of any other status, so they would
 * never see the popup); the web calls keep their statuses.
 */
export const MOBILE = {
  onSend: (_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: SendDone) => {
    if (reply.statusCode >= 400) reply.code(200);
    done(null, payload);
  },
};

/** Image URLs: /img/… and the app's plain pages. */
const IMAGE_PATH = /^\/(img\/|api\/manga_viewer_v3\/page\/)/;

/** The app parameters: a call carrying one comes from a client of the phone app's API. */
const APP_PARAMS = ['os', 'os_ver', 'app_ver', 'secret'];

/**
 * Whether a call carries the app parameters (a web-shaped call made by a
 * client of the phone app's API). `os=web` is the web itself (the survey
 * host forwards the web's own parameters): not an app call.
 */
export function isAppCall(req: FastifyRequest): boolean {
  // Images keep their HTTP statuses whatever the query: a client reads an image's status, not an envelope.
  if (IMAGE_PATH.test(req.url)) return false;
  const q = (req.query ?? {}) as Record<string, unknown>;
  if (typeof q.os === 'string' && q.os.toLowerCase() === 'web') return false;
  return APP_PARAMS.some((k) => q[k] !== undefined);
}

/**
 * Route options of a call both the web app and the phone app's clients make
 * (/api/manga_viewer, /api/comment): failures of a call carrying the app
 * parameters are answered with HTTP 200, as MOBILE; the web's keep their statuses.
 */
export const APP_AWARE = {
  onSend: (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: SendDone) => {
    if (reply.statusCode >= 400 && isAppCall(req)) reply.code(200);
    done(null, payload);
  },
};

/**
 * A language code of the app: the web's service and short codes, and `spa`
 * (one client's Spanish). The app parameters os, os_ver, app_ver and secret
 * are accepted and ignored.
 */
function appLanguage(code: string): LanguageInfo | undefined {
  const c = code.trim().toLowerCase();
  return byCode(c === 'spa' ? 'esp' : c);
}

/** lang of a mobile call: English when absent or unknown (the app sends codes we do not have, e.g. ita). */
export function mobileLang(p: Params): LanguageInfo {
  const v = p.lang;
  return (typeof v === 'string' && appLanguage(v)) || DEFAULT_LANGUAGE;
}

/** clang of a mobile call: the known codes in the reader's order; none known or absent: every language (null). */
export function mobileClang(p: Params): number[] | null {
  const v = p.clang;
  if (typeof v !== 'string') return null;
  const out: number[] = [];
  for (const code of v.split(',').slice(0, 20)) {
    const l = appLanguage(code);
    if (l && !out.includes(l.language)) out.push(l.language);
  }
  return out.length ? out : null;
}

/**
 * Every visitor's plan: nobody subscribes here, so every Subscription answers
 * "basic" (the Kotlin client needs plan_type present) and the chapters
 * readable now are free (server/services/convert.ts chapterAccess).
 */
export const BASIC_PLAN = 'basic';
export const basicSubscription = (): Subscription => create(SubscriptionSchema, { planType: BASIC_PLAN });

/** Answers remembered per owner (a cached answer of the services, or the catalog snapshot): they go with it. */
const memo = new WeakMap<object, Map<string, Encoded>>();
/** Keys remembered per owner (base, languages...): beyond these, answers are made per request. */
const KEPT = 32;

/**
 * A mobile answer derived from something the services cache (app.services,
 * server/services/index.ts): made once per owner and key, with every URL
 * absolute from base, and dropped with its owner (so it is as current as the
 * web answer it comes from).
 */
export async function derived(
  owner: object,
  key: string,
  base: string,
  make: () => Promise<MessageInitShape<typeof SuccessResultSchema>> | MessageInitShape<typeof SuccessResultSchema>,
): Promise<Encoded> {
  let m = memo.get(owner);
  const k = `${key}|${base}`;
  const hit = m?.get(k);
  if (hit) return hit;
  const e = encodeSuccess(absoluteUrls(SuccessResultSchema, create(SuccessResultSchema, await make()), base));
  if (!m) memo.set(owner, (m = new Map<string, Encoded>()));
  if (m.size < KEPT) m.set(k, e);
  return e;
}

/** The success view of a cached services answer (a Response the services built: always a success). */
export function successOf(res: Response) {
  if (res.result.case !== 'success') throw new Error('a cached answer is a success');
  return res.result.value;
}

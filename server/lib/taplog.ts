import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors.js';
import { enumParam, params, strParam, uintParam, type Params } from './params.js';
import { sendSuccess } from './proto.js';
import { write } from './route.js';

/** A tap on a banner, a title's banner or a popup, as stored (server/repos/feedback.ts). */
export interface TapLog {
  kind: 'banner' | 'title_banner' | 'popup';
  banner_id?: number;
  title_id?: number;
  popup_id?: number;
  banner_type?: string;
  location?: string;
  type?: string;
}

const WORD = /^[a-z][a-z0-9_]{0,31}$/;

function word(p: Params, name: string): string {
  const v = strParam(p, name, 32, { required: true });
  if (!WORD.test(v)) throw errors.badParam(name, 'must be a lower-case word');
  return v;
}

export const tapParsers = {
  banner: (p: Params): TapLog => ({ kind: 'banner', banner_id: uintParam(p, 'banner_id') }),
  title_banner: (p: Params): TapLog => ({
    kind: 'title_banner',
    banner_id: uintParam(p, 'banner_id'),
    title_id: uintParam(p, 'title_id'),
    banner_type: word(p, 'banner_type'),
    location: word(p, 'location'),
    type: enumParam(p, 'type', ['click', 'impression'], 'click'),
  }),
  popup: (p: Params): TapLog => ({ kind: 'popup', popup_id: uintParam(p, 'popup_id') }),
};

/**
 * A tap log call at its folder's URL: POST only (a write; the documents do
 * not name the method, our client POSTs and no known client of the original
 * uses GET), its ids checked against the catalog (an unknown banner, title
 * or popup is a 404), counted in the visitor's write bucket, then stored;
 * `counted` adds what the route's caller counts of it (a banner test's tap).
 */
export function tapRoute(
  app: FastifyInstance,
  parse: (p: Params) => TapLog,
  counted?: (req: FastifyRequest, log: TapLog) => Promise<void>,
): void {
  app.post('/', { config: write(app) }, async (req: FastifyRequest, reply: FastifyReply) => {
    const log = parse(params(req));
    if (!(await app.repos.visitors.knownTapTarget(log))) throw errors.notFound(`the ${log.kind} tap log's banner, title or popup`);
    await app.repos.feedback.tap(req.visitor, log);
    if (counted) await counted(req, log);
    return sendSuccess(req, reply, {});
  });
}

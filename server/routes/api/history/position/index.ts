import { errors } from '../../../../lib/errors.js';
import { params, uintParam, type Params } from '../../../../lib/params.js';
import type { PositionWrite } from '../../../../repos/history.js';
import { sendSuccess } from '../../../../lib/proto.js';
import { write, routeModule } from '../../../../lib/route.js';
import { countReadingTime, MAX_READ_S } from '../../../../services/coverVariants.js';

/** A reported position: chapter_id, item, page, page_count, at (the reader's clock, ms since the epoch). */
function positionParams(p: Params): PositionWrite {
  const w = {
    chapterId: uintParam(p, 'chapter_id'),
    item: uintParam(p, 'item'),
    page: uintParam(p, 'page'),
    pageCount: uintParam(p, 'page_count'),
    clientMs: clientMs(p),
  };
  if (w.page < 1 || w.page > w.pageCount) throw errors.badParam('page', 'must be between 1 and page_count');
  return w;
}

/** at: milliseconds since the epoch on the reader's clock (a whole number below 2^53). */
function clientMs(p: Params): number {
  const v = p.at;
  const s = typeof v === 'number' ? String(v) : v;
  if (typeof s !== 'string' || !/^[0-9]{1,15}$/.test(s)) throw errors.badParam('at', 'must be milliseconds since the epoch');
  return Number(s);
}

/** read_s: seconds read since the last report (optional; at most MAX_READ_S). */
function readSeconds(p: Params): number {
  if (p.read_s === undefined || p.read_s === '') return 0;
  const s = uintParam(p, 'read_s');
  if (s > MAX_READ_S) throw errors.badParam('read_s', `must be at most ${MAX_READ_S}`);
  return s;
}

/**
 * POST /api/history/position?chapter_id=&item=&page=&page_count=&at=&read_s=: where the
 * reader is (the viewer reports page changes, debounced, and on leave with a
 * keepalive request). A report older on the reader's clock than the one kept
 * is ignored (server/repos/history.ts). read_s, the seconds the reader spent
 * reading since the last report (idle and hidden time left out), is counted
 * into the rollups (reading time per title, and per variant of the title's
 * running cover or banner tests): no write of its own.
 */
const route = routeModule((app) => {
  app.post('/', { config: write(app) }, async (req, reply) => {
    const p = params(req);
    const w = positionParams(p);
    const seconds = readSeconds(p);
    const titleId = await app.repos.history.save(req.visitor, w);
    if (titleId === null) throw errors.notFound(`chapter ${w.chapterId}`, 10404);
    if (seconds > 0) await countReadingTime(app, req, titleId, seconds);
    return sendSuccess(req, reply, {});
  });
});
export default route;

import { errors } from '../../../../lib/errors.js';
import { params, uintParam, type Params } from '../../../../lib/params.js';
import type { PositionWrite } from '../../../../repos/history.js';
import { sendSuccess } from '../../../../lib/proto.js';
import { write, routeModule } from '../../../../lib/route.js';

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

/**
 * POST /api/history/position?chapter_id=&item=&page=&page_count=&at=: where the
 * reader is (the viewer reports page changes, debounced, and on leave with a
 * keepalive request). A report older on the reader's clock than the one kept
 * is ignored (server/repos/history.ts).
 */
const route = routeModule((app) => {
  app.post('/', { config: write(app) }, async (req, reply) => {
    const w = positionParams(params(req));
    if (!(await app.repos.history.save(req.visitor, w))) throw errors.notFound(`chapter ${w.chapterId}`, 10404);
    return sendSuccess(req, reply, {});
  });
});
export default route;

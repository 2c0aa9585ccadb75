import { params, uintParam, type Params } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { write, routeModule } from '../../../lib/route.js';
import { titleMsg, chapterMsg } from '../../../services/convert.js';

/** An optional unsigned id: null when absent. */
function optionalId(p: Params, name: string): number | null {
  const v = p[name];
  return v === undefined || v === null || v === '' ? null : uintParam(p, name);
}

/**
 * The visitor's reading history (this service's call: the original app has
 * none on the web). GET /api/history → history_view: view_history (titles,
 * most recently read first) and entries (the chapter and page last read in
 * each, same order). DELETE /api/history?title_id= removes one title;
 * without title_id, all of it. Positions come from POST /api/history/position.
 */
const route = routeModule((app) => {
  app.get('/', async (req, reply) => {
    const rows = await app.repos.history.list(req.visitor);
    return sendSuccess(req, reply, {
      data: {
        case: 'historyView',
        value: {
          viewHistory: rows.map((r) => titleMsg(r.title)),
          entries: rows.map((r) => ({
            title: titleMsg(r.title),
            chapter: chapterMsg(r.chapter, { viewed: true }),
            page: r.position.page,
            pageCount: r.position.page_count,
            item: r.position.item,
            readAt: r.position.updated_at,
          })),
        },
      },
    });
  });

  app.delete('/', { config: write(app) }, async (req, reply) => {
    await app.repos.history.remove(req.visitor, optionalId(params(req), 'title_id'));
    return sendSuccess(req, reply, {});
  });
});
export default route;

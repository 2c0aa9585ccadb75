import { errors } from '../../../lib/errors.js';
import { params, strParam, uintParam, type Params } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { write, routeModule } from '../../../lib/route.js';
import type { PageBookmarkRow } from '../../../repos/pageBookmarks.js';

/** The longest note a bookmark keeps (characters). */
const NOTE_MAX = 500;

function optionalId(p: Params, name: string): number | null {
  const v = p[name];
  return v === undefined || v === null || v === '' ? null : uintParam(p, name);
}

const bookmarkMsg = (r: PageBookmarkRow) => ({
  id: r.id,
  titleId: r.title_id,
  titleName: r.title_name,
  chapterId: r.chapter_id,
  chapterName: r.chapter_name,
  item: r.item,
  page: r.page,
  pageCount: r.page_count,
  note: r.note,
  updatedAt: r.updated_at,
});

/**
 * Page bookmarks with a note (this service's call). GET
 * /api/page_bookmarks[?title_id=|chapter_id=] → page_bookmarks_view, newest
 * first. POST ?chapter_id=&item=&page=&page_count=&note= bookmarks the page
 * or spread on screen (the same item again: the note is replaced) and answers
 * the chapter's bookmarks. DELETE ?id= removes one. Kept per visitor (a
 * linked device's group: server/plugins/visitor.ts).
 */
const route = routeModule((app) => {
  app.get('/', async (req, reply) => {
    const p = params(req);
    const rows = await app.repos.pageBookmarks.list(req.visitor, {
      titleId: optionalId(p, 'title_id'),
      chapterId: optionalId(p, 'chapter_id'),
    });
    return sendSuccess(req, reply, { data: { case: 'pageBookmarksView', value: { bookmarks: rows.map(bookmarkMsg) } } });
  });

  app.post('/', { config: write(app) }, async (req, reply) => {
    const p = params(req);
    const w = {
      chapterId: uintParam(p, 'chapter_id'),
      item: uintParam(p, 'item'),
      page: uintParam(p, 'page'),
      pageCount: uintParam(p, 'page_count'),
      note: strParam(p, 'note', NOTE_MAX).trim(),
    };
    if (w.page < 1 || w.page > w.pageCount) throw errors.badParam('page', 'must be between 1 and page_count');
    const saved = await app.repos.pageBookmarks.save(req.visitor, w);
    if (saved === 'unknown') throw errors.notFound(`chapter ${w.chapterId}`, 10404);
    if (saved === 'full') throw errors.badParam('chapter_id', 'cannot be bookmarked: the most bookmarks are kept already');
    const rows = await app.repos.pageBookmarks.list(req.visitor, { chapterId: w.chapterId });
    return sendSuccess(req, reply, { data: { case: 'pageBookmarksView', value: { bookmarks: rows.map(bookmarkMsg) } } });
  });

  app.delete('/', { config: write(app) }, async (req, reply) => {
    const id = uintParam(params(req), 'id');
    if (!(await app.repos.pageBookmarks.remove(req.visitor, id))) throw errors.notFound(`page bookmark ${id}`);
    return sendSuccess(req, reply, {});
  });
});
export default route;

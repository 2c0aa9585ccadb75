import { QUALITIES, isQuality } from '../../../images/urls.js';
import { ApiError, errors } from '../../../lib/errors.js';
import { baseUrl, enumParam, params, uintParam } from '../../../lib/params.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { strictId } from '../../../images/ids.js';
import { countView } from '../../../lib/viewCount.js';
import { noFlags } from '../../../repos/visitors.js';
import { ErrorResult_Action } from '../../../../core/gen/manga/v1/response_pb.js';
import { topCommentIds } from '../../../services/viewer.js';
import { MOBILE, mobileClang } from '../../../services/mobile.js';
import { sendMobileViewer, xorKey } from '../../../services/mobileViewer.js';
import { isReadable } from '../../../services/readable.js';

const YES_NO = ['yes', 'no'] as const;
/** An id of the page URL (one spelling: server/images/ids.ts); any other names no page. */
const idParam = (v: string): number => {
  const id = strictId(v);
  if (id === undefined) throw errors.notFound(`page ${v.slice(0, 32)}`);
  return id;
};

/**
 * GET /api/manga_viewer_v3?chapter_id=&split=&img_quality=&viewer_mode=&free_reading=&ticket_reading=&subscription_reading=
 * (the phone app's viewer): SuccessResult 10 MangaViewer with plain page
 * images and a view token (server/services/mobileViewer.ts: how the token
 * is made, sent and checked). The reading flags say how the client means to
 * read; every chapter readable now is free to all, so any flag reads it; a
 * chapter no longer readable is behind a plan nobody has here: UNAUTHORIZED.
 *
 * GET /api/manga_viewer_v3/page/:chapterId/:idx/:quality.webp?token=T (or
 * the Plus-Vw-Token: T header): the page image, decrypted, for a valid token
 * of its chapter while the chapter is readable; 403 otherwise. Images keep
 * their HTTP statuses, with or without the app parameters.
 */
const route = routeModule((app) => {
  const store = app.imageStore;
  app.get('/', { config: CONTENT, ...MOBILE }, async (req, reply) => {
    const p = params(req);
    const chapterId = uintParam(p, 'chapter_id');
    enumParam(p, 'split', YES_NO, 'yes');
    const q = enumParam(p, 'img_quality', QUALITIES, 'high');
    enumParam(p, 'viewer_mode', ['vertical', 'horizontal'], 'vertical');
    for (const flag of ['free_reading', 'ticket_reading', 'subscription_reading']) enumParam(p, flag, YES_NO, 'no');
    mobileClang(p);
    const v = await app.services.viewer(chapterId, q, baseUrl(req, app.config.publicUrl)).catch((e: unknown) => {
      if (e instanceof ApiError && e.spec.debug.endsWith('no longer readable')) {
        throw new ApiError({ ...e.spec, action: ErrorResult_Action.UNAUTHORIZED });
      }
      throw e;
    });
    await countView(req, chapterId);
    const f = req.newVisitor
      ? noFlags()
      : await app.repos.visitors.flags(req.visitor, { titleIds: [v.titleId], chapterIds: v.chapterIds, commentIds: topCommentIds(v) });
    app.repos.views.addPending(req.visitor, v.chapterIds, f.viewed);
    return sendMobileViewer(req, reply, v, f);
  });

  app.get<{ Params: { chapterId: string; idx: string; file: string } }>('/page/:chapterId/:idx/:file', async (req, reply) => {
    const chapterId = idParam(req.params.chapterId);
    const idx = idParam(req.params.idx);
    const q = /^(.+)\.webp$/.exec(req.params.file)?.[1];
    if (!isQuality(q)) throw errors.badParam('quality', 'must be low, high or super_high');
    const query = req.query as Record<string, unknown>;
    const given = [query.token, req.headers['plus-vw-token']].filter((x): x is string => typeof x === 'string');
    const now = app.clock.nowSec();
    let opened = false;
    for (const t of given) opened ||= await app.viewTokens.opens(t, chapterId, now);
    if (!opened) throw errors.chapterNotReadable(chapterId, 'not opened by a current view token');
    // A token outlives a chapter's end: readability is checked at every request.
    const c = await app.repos.chapters.byId(chapterId);
    if (!c || !isReadable(c, now)) throw errors.chapterNotReadable(chapterId, 'not readable now');
    // (The web viewer's stored page, read here: readable was checked above.)
    const [key, img] = await Promise.all([app.repos.chapters.pageKey(chapterId, idx), store.page(chapterId, idx, q)]);
    if (key === undefined || !img) throw errors.notFound(`page ${chapterId}/${idx}`);
    return reply.type('image/webp').header('cache-control', 'private, max-age=300').send(xorKey(img.data, key));
  });
});
export default route;

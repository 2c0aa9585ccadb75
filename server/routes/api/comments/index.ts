import { CONTENT, routeModule } from '../../../lib/route.js';
import { commentList } from '../comment/index.js';
import { MOBILE } from '../../../services/mobile.js';

/**
 * GET /api/comments?chapter_id= (one client's path; the others use /api/comment):
 * SuccessResult 9 CommentListView, most liked then newest, with the errors of a mobile call.
 */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...MOBILE }, commentList(app));
});
export default route;

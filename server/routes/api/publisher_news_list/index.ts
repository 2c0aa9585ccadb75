import { PresentationMethod } from '../../../../core/gen/manga/v1/common_pb.js';
import { errors } from '../../../lib/errors.js';
import { sanitizeHtml } from '../../../lib/html.js';
import { langParam, params, uintParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { publisherBanner } from '../../../services/titleDetail.js';

/** GET /api/publisher_news_list?publisher_id=&lang=: the publisher's banner and news in lang, newest first. */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const p = params(req);
    const id = uintParam(p, 'publisher_id');
    const lang = langParam(p);
    const pub = await app.repos.promo.publisher(id);
    if (!pub) throw errors.notFound(`publisher ${id}`, 10406);
    const news = await app.repos.promo.news(id, lang.language);
    return sendSuccess(req, reply, {
      data: {
        case: 'publisherNewsListView',
        value: {
          publisherId: pub.id,
          publisherName: pub.name,
          banner: publisherBanner(pub),
          newsList: news.map((n) => ({
            id: n.id,
            publisherId: pub.id,
            publisherName: pub.name,
            subject: n.subject,
            body: sanitizeHtml(n.body),
            publishedTimeStamp: n.published_ts,
            action: { method: PresentationMethod.PUSH, url: n.action_url },
          })),
        },
      },
    });
  });
});
export default route;

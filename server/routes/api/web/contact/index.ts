import { FeedbackResponseType } from '../../../../../core/gen/manga/v1/common_pb.js';
import { errors } from '../../../../lib/errors.js';
import { enumParam, params, strParam } from '../../../../lib/params.js';
import { sendSuccess } from '../../../../lib/proto.js';
import { write, routeModule } from '../../../../lib/route.js';

export const MAX_MESSAGE = 5000;

/**
 * POST /api/web/contact: feedback. Parameters in the query or a form/JSON
 * body: type (suggestion | report, default report), subject (optional,
 * ≤ 200), and the message as body or message (1 to 5000 characters).
 */
const route = routeModule((app) => {
  app.post('/', { config: write(app) }, async (req, reply) => {
    const p = params(req);
    const type = enumParam(p, 'type', ['suggestion', 'report'], 'report');
    const subject = strParam(p, 'subject', 200);
    const name = p.body !== undefined && p.body !== '' ? 'body' : 'message';
    const body = strParam(p, name, MAX_MESSAGE, { required: true });
    if (!body.trim()) throw errors.badParam(name, 'is empty');
    const at = await app.repos.feedback.contact(req.visitor, { type, subject, body });
    return sendSuccess(req, reply, {
      data: { case: 'feedbackView', value: { feedbackList: [{ timeStamp: at, body, responseType: FeedbackResponseType.QUESTION }] } },
    });
  });
});
export default route;

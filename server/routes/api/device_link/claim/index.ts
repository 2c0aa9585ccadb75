import { errors } from '../../../../lib/errors.js';
import { LINK_FAILURES_PER_WINDOW, LINK_WINDOW_S, linkCodeHash, normalizeLinkCode } from '../../../../lib/linkCodes.js';
import { params, strParam } from '../../../../lib/params.js';
import { sendSuccess } from '../../../../lib/proto.js';
import { write, routeModule } from '../../../../lib/route.js';
import { clientAddress } from '../../../../plugins/limits.js';
import { linkView } from '../../../../services/deviceLinkView.js';

/**
 * POST /api/device_link/claim?code=&name=: this device typed another's code;
 * it then waits for that device to confirm. A wrong, expired or already
 * claimed code is 404 and counted against the client address and the
 * device: past LINK_FAILURES_PER_WINDOW of either in a window, every claim is
 * 429 until the window moves on (the right code too, so guessing cannot go
 * on by spreading tries).
 */
const route = routeModule((app) => {
  app.post('/', { config: write(app) }, async (req, reply) => {
    const p = params(req);
    const typed = strParam(p, 'code', 32, { required: true });
    const name = strParam(p, 'name', 60).trim();
    const now = app.clock.nowSec();
    const keys = [`a:${clientAddress(req)}`, `d:${req.deviceToken}`];
    const links = app.repos.deviceLinks;
    if ((await links.failuresSince(keys, now - LINK_WINDOW_S)) >= LINK_FAILURES_PER_WINDOW) throw errors.rateLimited(LINK_WINDOW_S);
    const code = normalizeLinkCode(typed);
    if (!code || !(await links.claim(linkCodeHash(code), req.deviceToken, name))) {
      await links.noteFailure(keys, now - LINK_WINDOW_S);
      throw errors.notFound('link code', 10430);
    }
    return sendSuccess(req, reply, await linkView(app.repos.deviceLinks, req.deviceToken));
  });
});
export default route;

import { errors } from '../../../../lib/errors.js';
import { LINK_CODE_TTL_S, LINK_CODES_PER_WINDOW, LINK_WINDOW_S, linkCodeHash, newLinkCode } from '../../../../lib/linkCodes.js';
import { sendSuccess } from '../../../../lib/proto.js';
import { write, routeModule } from '../../../../lib/route.js';
import { linkView } from '../../../../services/deviceLinkView.js';

/**
 * POST /api/device_link/code: a new single-use code for another device to
 * type (or scan), alive LINK_CODE_TTL_S; this device's earlier unused code
 * stops working. At most LINK_CODES_PER_WINDOW a device per window (429).
 */
const route = routeModule((app) => {
  app.post('/', { config: write(app) }, async (req, reply) => {
    const now = app.clock.nowSec();
    const links = app.repos.deviceLinks;
    if ((await links.codesMadeSince(req.deviceToken, now - LINK_WINDOW_S)) >= LINK_CODES_PER_WINDOW)
      throw errors.rateLimited(LINK_WINDOW_S);
    const code = newLinkCode();
    const expiresAt = now + LINK_CODE_TTL_S;
    await links.makeCode(req.deviceToken, linkCodeHash(code), expiresAt);
    return sendSuccess(req, reply, await linkView(app.repos.deviceLinks, req.deviceToken, { code, expiresAt }));
  });
});
export default route;

import { errors } from '../../../../lib/errors.js';
import { newDeviceId, newGroupKey } from '../../../../lib/linkCodes.js';
import { params, strParam } from '../../../../lib/params.js';
import { sendSuccess } from '../../../../lib/proto.js';
import { write, routeModule } from '../../../../lib/route.js';
import { linkView } from '../../../../services/deviceLinkView.js';

/**
 * POST /api/device_link/confirm?name=: this device accepts the device that
 * claimed its code; from now on both read and write one reading (favorites,
 * history, page bookmarks, reader settings). The code is spent: confirming
 * again, or claiming it again, finds nothing (404).
 */
const route = routeModule((app) => {
  app.post('/', { config: write(app) }, async (req, reply) => {
    const ownerName = strParam(params(req), 'name', 60).trim();
    const ok = await app.repos.deviceLinks.confirm(req.deviceToken, {
      groupKey: newGroupKey(),
      ownerId: newDeviceId(),
      claimantId: newDeviceId(),
      ownerName,
    });
    if (!ok) throw errors.notFound('link claim', 10430);
    return sendSuccess(req, reply, await linkView(app.repos.deviceLinks, req.deviceToken));
  });
});
export default route;

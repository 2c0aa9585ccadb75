import { sendSuccess } from '../../../../lib/proto.js';
import { write, routeModule } from '../../../../lib/route.js';
import { linkView } from '../../../../services/deviceLinkView.js';

/** POST /api/device_link/decline: this device refuses the device that claimed its code; the code is spent. */
const route = routeModule((app) => {
  app.post('/', { config: write(app) }, async (req, reply) => {
    await app.repos.deviceLinks.decline(req.deviceToken);
    return sendSuccess(req, reply, await linkView(app.repos.deviceLinks, req.deviceToken));
  });
});
export default route;

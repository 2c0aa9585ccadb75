import { errors } from '../../../lib/errors.js';
import { params, strParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { write, routeModule } from '../../../lib/route.js';
import { linkView } from '../../../services/deviceLinkView.js';

/**
 * Linked devices: GET /api/device_link → device_link_view (the
 * devices sharing this one's reading, a claim waiting for this device's
 * confirmation, whether this device waits for another's). DELETE ?device=
 * unlinks one of the group's devices (this one too): it then reads only its
 * own data, which holds nothing of the group's. The steps of linking:
 * code/ (the first device), claim/ (the second), confirm/ or decline/ (the first).
 */
const route = routeModule((app) => {
  app.get('/', async (req, reply) => sendSuccess(req, reply, await linkView(app.repos.deviceLinks, req.deviceToken)));

  app.delete('/', { config: write(app) }, async (req, reply) => {
    const device = strParam(params(req), 'device', 32, { required: true });
    const group = await app.repos.deviceLinks.groupOf(req.deviceToken);
    if (!group || !(await app.repos.deviceLinks.unlink(group, device))) throw errors.notFound(`linked device ${device}`);
    return sendSuccess(req, reply, await linkView(app.repos.deviceLinks, req.deviceToken));
  });
});
export default route;

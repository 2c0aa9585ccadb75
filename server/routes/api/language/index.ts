import { sendEncoded } from '../../../lib/proto.js';
import { routeModule } from '../../../lib/route.js';

/** GET /api/language: default interface and content languages, and title counts. */
const route = routeModule((app) => {
  app.get('/', async (req, reply) => sendEncoded(req, reply, await app.services.languages()));
});
export default route;

import { tapParsers, tapRoute } from '../../../lib/taplog.js';
import { routeModule } from '../../../lib/route.js';

/** POST /api/title_banner_tap_log: a tap (click or impression) log of a banner, title or popup of the catalog, stored in tap_logs (server/lib/taplog.ts). */
const route = routeModule((app) => tapRoute(app, tapParsers.title_banner));
export default route;

import { tapParsers, tapRoute } from '../../../lib/taplog.js';
import { routeModule } from '../../../lib/route.js';

/** GET or POST /api/title_banner_tap_log: a tap (click or impression) log, stored in tap_logs. */
const route = routeModule((app) => tapRoute(app, tapParsers.title_banner));
export default route;

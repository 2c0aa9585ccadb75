import { tapParsers, tapRoute } from '../../../lib/taplog.js';
import { routeModule } from '../../../lib/route.js';
import { countBannerTap } from '../../../services/coverVariants.js';

/**
 * POST /api/banner_tap_log: a tap (click or impression) log of a banner, title or popup of the catalog, stored in tap_logs
 * (server/lib/taplog.ts); a tap of a banner under test is also counted under the visitor's variant (ct.tap).
 */
const route = routeModule((app) => tapRoute(app, tapParsers.banner, (req, log) => countBannerTap(app, req, log.banner_id ?? 0)));
export default route;

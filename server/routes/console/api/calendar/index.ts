import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { consoleCtx } from '../../../../console/actor.js';
import { releaseCalendar } from '../../../../console/catalog/releaseGroupsCalendar.js';

/** The release calendar: what goes out and what ends in a window (server/console/catalog/releaseGroupsCalendar.ts). */
const route = routeModule((app) => {
  handle(app, 'GET /calendar', async (req) => releaseCalendar(consoleCtx(app), req.query));
});
export default route;

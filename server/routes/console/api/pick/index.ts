import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { consoleCtx } from '../../../../console/actor.js';
import { picks } from '../../../../console/picks.js';

/** The console's pickers: titles and chapters searched by name (server/console/picks.ts). */
const route = routeModule((app) => {
  handle(app, 'GET /pick/titles', async (req) => picks.titles(consoleCtx(app), req.query));
  handle(app, 'GET /pick/chapters', async (req) => picks.chapters(consoleCtx(app), req.query));
});
export default route;

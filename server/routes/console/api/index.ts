import { routeModule } from '../../../lib/route.js';
import { handle } from '../../../lib/consoleRoute.js';
import { problems } from '../../../console/problems.js';

/**
 * GET /console/api/openapi.json: the console API's OpenAPI document (staff
 * only: it lists every route); any other address under /console/api is a
 * problem+json 404, never the console's page (those catch-alls are no API
 * routes: public, and left out of the document).
 */
const route = routeModule((app) => {
  handle(app, 'GET /openapi.json', () => app.swagger());
  app.all('/*', { config: { access: 'public' }, schema: { hide: true } }, () => {
    throw problems.notFound();
  });
  app.all('/', { config: { access: 'public' }, schema: { hide: true } }, () => {
    throw problems.notFound();
  });
});
export default route;

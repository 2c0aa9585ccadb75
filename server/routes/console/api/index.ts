import { routeModule } from '../../../lib/route.js';
import { access } from '../../../console/context.js';
import { problems } from '../../../console/problems.js';

/**
 * GET /console/api/openapi.json: the console API's OpenAPI document (staff
 * only: it lists every route); any other address under /console/api is a
 * problem+json 404, never the console's page.
 */
const route = routeModule((app) => {
  app.get('/openapi.json', { config: access('GET /openapi.json'), schema: { hide: true } }, () => app.swagger());
  app.all('/*', { config: { access: 'public' }, schema: { hide: true } }, () => {
    throw problems.notFound();
  });
  app.all('/', { config: { access: 'public' }, schema: { hide: true } }, () => {
    throw problems.notFound();
  });
});
export default route;

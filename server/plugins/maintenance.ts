import fp from 'fastify-plugin';
import { errors } from '../lib/errors.js';
import { isApi } from '../lib/route.js';

/** The maintenance switch (MAINTENANCE=1): every /api call is answered with the maintenance error. */
export default fp(async (app) => {
  app.addHook('onRequest', async (req) => {
    if (app.config.maintenance && isApi(req.url)) throw errors.maintenance();
  });
});

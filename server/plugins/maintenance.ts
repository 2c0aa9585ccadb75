import fp from 'fastify-plugin';
import { errors } from '../lib/errors.js';
import { isApi } from '../lib/route.js';

/** The maintenance switch (MAINTENANCE=1): every /api call is answered with the maintenance error. */
export default fp((app, _opts, done) => {
  app.addHook('onRequest', (req, _reply, next) => {
    next(app.config.maintenance && isApi(req.url) ? errors.maintenance() : undefined);
  });
  done();
});

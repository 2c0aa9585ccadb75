import fp from 'fastify-plugin';
import { errors } from '../lib/errors.js';

/** The maintenance switch (MAINTENANCE=1): every call of the scope it is registered in (/api: server/plugins/api.ts) is answered with the maintenance error. */
export default fp((app, _opts, done) => {
  app.addHook('onRequest', (req, _reply, next) => {
    next(app.config.maintenance ? errors.maintenance() : undefined);
  });
  done();
});

import fp from 'fastify-plugin';
import { errors } from '../lib/errors.js';

/** The maintenance switch (MAINTENANCE=1): every call of the scope it is registered in (/api: server/plugins/api.ts) is answered with the maintenance error. */
export default fp((app, _opts, done) => {
  // The switch is read at start: while it is off, no hook runs for the calls (bench/api's busiest routes feel each one).
  if (app.config.maintenance) app.addHook('onRequest', (_req, _reply, next) => next(errors.maintenance()));
  done();
});

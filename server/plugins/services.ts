import fp from 'fastify-plugin';
import { makeRepos, type Repos } from '../repos/index.js';
import { makeServices, type Services } from '../services/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Data access (server/repos/): the only place SQL is built. */
    repos: Repos;
    /** The computed answers shared by every visitor, cached (server/services/). */
    services: Services;
  }
}

/** The repositories and the services the routes call; both closed with the server. */
export default fp((app, _opts, done) => {
  const { viewFlushMs, viewFlushViews, viewWindowS } = app.config;
  const repos = makeRepos(app.db, app.clock, {
    flushMs: viewFlushMs,
    flushViews: viewFlushViews,
    windowS: viewWindowS,
    postgres: app.dialect === 'postgres',
  });
  app.decorate('repos', repos);
  app.decorate('services', makeServices(repos, app.config, app.clock, app.notices));
  app.addHook('onClose', async () => {
    app.services.close();
    await repos.views.close();
    await repos.stats.close();
  });
  done();
});

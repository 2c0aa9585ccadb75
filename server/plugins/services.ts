import fp from 'fastify-plugin';
import { makeRepos, type Repos } from '../repos/index.js';
import { makeServices, type Services } from '../services/index.js';
import { ImageStore } from '../images/store.js';
import { imageBlobs } from '../images/blobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Data access (server/repos/): the only place SQL is built. */
    repos: Repos;
    /** The computed answers shared by every visitor, cached (server/services/). */
    services: Services;
    /** The stored and drawn images (server/images/store.ts): one per server, so concurrent asks of an image share its work. */
    imageStore: ImageStore;
  }
}

/** The repositories, the services and the image store the routes call; the first two closed with the server. */
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
  app.decorate('imageStore', new ImageStore(repos.images, imageBlobs(app.config), app.config.catalogSeed));
  app.addHook('onClose', async () => {
    app.services.close();
    await repos.views.close();
    await repos.stats.close();
  });
  done();
});
